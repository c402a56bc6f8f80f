import { z } from "zod";

/**
 * Civil dates (YYYY-MM-DD) for everything with accounting meaning: posting, due, period and lease
 * dates (issue 27, item 1). They are days of the organization's calendar, never instants: arithmetic
 * on them is calendar arithmetic, done in UTC so no clock change moves a day.
 */
export const CIVIL_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const FIRST_YEAR = 1900;
const LAST_YEAR = 2200;

export const civilDateMessages = {
  format: `Enter a date as YYYY-MM-DD between ${FIRST_YEAR} and ${LAST_YEAR}`,
} as const;

/** A real day (no 31 April) between 1900 and 2200. */
export function isCivilDate(value: string): boolean {
  if (!CIVIL_DATE_PATTERN.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

export const civilDateSchema = (message: string = civilDateMessages.format) =>
  z.string({ error: message }).trim().refine(isCivilDate, message);

const toDate = (value: string) => new Date(`${value}T00:00:00Z`);
const fromDate = (day: Date) => day.toISOString().slice(0, 10);

export function addDays(value: string, days: number): string {
  const day = toDate(value);
  day.setUTCDate(day.getUTCDate() + days);
  return fromDate(day);
}

export function addMonths(value: string, months: number): string {
  const day = toDate(value);
  const target = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day.getUTCDate(), last));
  return fromDate(target);
}

export const monthStart = (value: string) => `${value.slice(0, 7)}-01`;

export const monthEnd = (value: string) => addDays(addMonths(monthStart(value), 1), -1);

/** From a month's first day to a month's last day, in order: the periods of fee runs and statements. */
export const isWholeMonths = (start: string, end: string) =>
  start === monthStart(start) && end === monthEnd(end) && start <= end;

/** Days from a to b (negative when b is earlier). */
export const daysBetween = (a: string, b: string) =>
  Math.round((toDate(b).getTime() - toDate(a).getTime()) / 86_400_000);

/** The day it is at `now` in a time zone (an IANA name such as America/Chicago). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** "Mar 26": a month on a chart's axis. */
export const shortMonthName = (value: string) =>
  toDate(value).toLocaleDateString("en-US", { month: "short", year: "2-digit", timeZone: "UTC" });

/** "March 2026" */
export const monthName = (value: string) =>
  toDate(value).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
