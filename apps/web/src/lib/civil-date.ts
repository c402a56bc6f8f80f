import { type CalendarDate, DateFormatter, getLocalTimeZone, parseDate, today } from "@internationalized/date";
import { isCivilDate } from "@keyholder/contracts/dates";

/**
 * Days as the date fields hold them: YYYY-MM-DD strings at the API and in forms, react-aria's
 * CalendarDate inside the picker. An organization has no locale or time zone of its own yet, so
 * "today" and how a day is written are the browser's.
 */

/** Today in the browser's time zone, as YYYY-MM-DD. */
export const todayCivil = () => today(getLocalTimeZone()).toString();

/** The day `days` after `day` (before, when negative), as YYYY-MM-DD. */
export const addDays = (day: string, days: number) => parseDate(day).add({ days }).toString();

/** The picker's value for a form's day: none for "" or anything that is not a real day. */
export const toCalendarDate = (day: string | null | undefined): CalendarDate | null =>
  day && isCivilDate(day) ? parseDate(day) : null;

/** The browser's language (react-aria's default locale too), en-US where there is none (a server render). */
export const browserLocale = () => (typeof navigator !== "undefined" && navigator.language) || "en-US";

/** A day as the date field shows it in `locale` (7/1/2026 in en-US), for the messages that name one. */
export const formatCivilDate = (day: string, locale = browserLocale()) =>
  new DateFormatter(locale, { year: "numeric", month: "numeric", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
