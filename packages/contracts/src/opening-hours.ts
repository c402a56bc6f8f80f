import { z } from "zod";

/** Spec records 3.6: seven entries, Sun to Sat. */
export const DAYS_OF_THE_WEEK = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
export type DayOfTheWeek = (typeof DAYS_OF_THE_WEEK)[number];
export const DAY_NAMES: Record<DayOfTheWeek, string> = {
  Sun: "Sunday",
  Mon: "Monday",
  Tue: "Tuesday",
  Wed: "Wednesday",
  Thu: "Thursday",
  Fri: "Friday",
  Sat: "Saturday",
};

export const DEFAULT_OPEN_TIME = "08:00";
export const DEFAULT_CLOSE_TIME = "20:00";
/** '24/7' is every day open from 00:00 to 00:00. */
export const ALL_DAY = "00:00";

export const openingHoursMessages = {
  time: "Enter a time as HH:MM, from 00:00 to 23:59",
  bothTimes: "An open day needs an opening and a closing time",
  order: "Closing time must be after opening time",
  week: "Opening hours list the seven days, Sunday to Saturday, once each",
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().regex(TIME, openingHoursMessages.time);

/**
 * One day (spec records 3.6). A closed day has no times; an open one has both, and closes after it
 * opens, or at 00:00 (midnight, which 24/7 uses for the whole day).
 */
const openingDayShape = z.object({
  dayOfTheWeek: z.enum(DAYS_OF_THE_WEEK),
  startTime: time.nullable(),
  endTime: time.nullable(),
  isClosed: z.boolean(),
});

/** The week as stored and answered (no transforms, so an answer can be checked against it). */
export const storedOpeningHoursSchema = z.array(openingDayShape).length(7);

export const openingDaySchema = openingDayShape
  .extend({ isClosed: z.boolean().default(false) })
  .transform((day) => (day.isClosed ? { ...day, startTime: null, endTime: null } : day))
  .superRefine((day, ctx) => {
    if (day.isClosed) return;
    if (!day.startTime || !day.endTime) {
      ctx.addIssue({ code: "custom", message: openingHoursMessages.bothTimes, path: ["startTime"] });
      return;
    }
    if (day.endTime !== ALL_DAY && day.endTime <= day.startTime) {
      ctx.addIssue({ code: "custom", message: openingHoursMessages.order, path: ["endTime"] });
    }
  });
export type OpeningDay = z.output<typeof openingDaySchema>;

/** The week: exactly the seven days in order. */
export const openingHoursSchema = z
  .array(openingDaySchema)
  .length(7, openingHoursMessages.week)
  .refine((days) => days.every((d, i) => d.dayOfTheWeek === DAYS_OF_THE_WEEK[i]), openingHoursMessages.week);
export type OpeningHours = z.output<typeof openingHoursSchema>;

/** The spec's default: every day open 08:00 to 20:00. */
export const defaultOpeningHours = (): OpeningHours =>
  DAYS_OF_THE_WEEK.map((dayOfTheWeek) => ({
    dayOfTheWeek,
    startTime: DEFAULT_OPEN_TIME,
    endTime: DEFAULT_CLOSE_TIME,
    isClosed: false,
  }));

/** Every day open around the clock. */
export const allDayEveryDay = (): OpeningHours =>
  DAYS_OF_THE_WEEK.map((dayOfTheWeek) => ({ dayOfTheWeek, startTime: ALL_DAY, endTime: ALL_DAY, isClosed: false }));

export const isOpenAllWeek = (hours: OpeningHours) =>
  hours.every((d) => !d.isClosed && d.startTime === ALL_DAY && d.endTime === ALL_DAY);

/**
 * The week in a line, days with the same hours grouped: "Mon-Fri 08:00-20:00, Sat 10:00-16:00,
 * Sun closed", or "Open 24/7".
 */
export function summarizeOpeningHours(hours: OpeningHours): string {
  if (isOpenAllWeek(hours)) return "Open 24/7";
  const shown = (d: OpeningDay) =>
    d.isClosed
      ? "closed"
      : d.startTime === ALL_DAY && d.endTime === ALL_DAY
        ? "24 hours"
        : `${d.startTime}-${d.endTime}`;
  // Monday first, as people read a week.
  const week = [...hours.slice(1), ...hours.slice(0, 1)];
  const groups: { first: DayOfTheWeek; last: DayOfTheWeek; text: string }[] = [];
  for (const day of week) {
    const text = shown(day);
    const open = groups.at(-1);
    if (open && open.text === text) open.last = day.dayOfTheWeek;
    else groups.push({ first: day.dayOfTheWeek, last: day.dayOfTheWeek, text });
  }
  return groups.map((g) => `${g.first === g.last ? g.first : `${g.first}-${g.last}`} ${g.text}`).join(", ");
}
