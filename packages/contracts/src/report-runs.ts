import { z } from "zod";
import { jobFields } from "./jobs.ts";
import { REPORT_FORMATS } from "./reports.ts";

/**
 * A report run in the background (issue 30 item 7): the same report and parameters as on screen,
 * written to a file by a durable job the user can leave and come back to; the file waits in their
 * Downloads list (and is emailed when they ask: attached up to REPORT_ATTACHMENT_MAX_BYTES, and
 * as a link), for REPORT_FILE_DAYS days.
 */
export const REPORT_FILE_DAYS = 7;
/** The largest file a report's mail carries: mail servers refuse much more (base64 adds a third). */
export const REPORT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_FORMATS = REPORT_FORMATS.filter((f) => f !== "json") as ["csv", "xlsx", "pdf"];
export type FileFormat = (typeof FILE_FORMATS)[number];

/** A background run reads at most this many rows (the screen's limit is REPORT_MAX_ROWS). */
export const REPORT_RUN_MAX_ROWS = 250_000;

export const reportRunMessages = {
  report: "Choose a report of the catalogue",
  format: "Choose CSV, Excel or PDF",
  gone: "This file is no longer kept: run the report again",
  notReady: "The file is not ready yet",
  userGone: "The user who asked for this report can no longer read it",
  started: (title: string) => `${title} is being prepared: it will wait in Downloads.`,
};

export const reportRunRequestSchema = z.object({
  report: z.string({ error: reportRunMessages.report }).min(1, reportRunMessages.report),
  /** The report's parameters as its address takes them (as_of, property_id, ...). */
  params: z.record(z.string(), z.string()).default({}),
  format: z.enum(FILE_FORMATS, { error: reportRunMessages.format }),
  /** Email the requester a link once the file is ready. */
  email: z.boolean().default(false),
});
export type ReportRunRequest = z.input<typeof reportRunRequestSchema>;

export const REPORT_RUN_PHASES = ["waiting", "reading", "writing", "done"] as const;
export type ReportRunPhase = (typeof REPORT_RUN_PHASES)[number];
export const reportRunPhaseLabels: Record<ReportRunPhase, string> = {
  waiting: "Waiting to start",
  reading: "Reading the books",
  writing: "Writing the file",
  done: "Ready",
};

export const reportRunSchema = z.object({
  ...jobFields,
  report: z.string(),
  title: z.string(),
  format: z.enum(FILE_FORMATS),
  params: z.record(z.string(), z.string()),
  /** What it was run for, as its file says it ("As of 2026-03-31, Property: Elm Court"), once read. */
  summary: z.string().nullable(),
  email: z.boolean(),
  /** Where it is: its phase, the step of its steps (a bar), rows read so far. */
  progress: z.object({
    phase: z.enum(REPORT_RUN_PHASES),
    step: z.number().int(),
    steps: z.number().int(),
    rows: z.number().int().nullable(),
  }),
  /** Once written: its name, size and where it downloads from, until `expires_at`. */
  file: z.object({ name: z.string(), bytes: z.number().int(), url: z.string(), expires_at: z.string() }).nullable(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

export const reportRunsSchema = z.object({ runs: z.array(reportRunSchema) });

/**
 * A report sent each month (issue 30 item 7): on a day of the month (1–28) a background run of it
 * as its owner, emailed to them. Its parameters are the report's without days: the days follow the
 * day it runs (the owner statement is the month just closed, a rent roll that day's).
 */
export const DATE_PARAMS = ["as_of", "from", "to", "period_start", "period_end"] as const;

/** "1st", "2nd", "23rd": a day of the month as said. */
export const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};

export const reportScheduleMessages = {
  day: "Choose a day from 1 to 28",
  notFound: "No such schedule of yours",
  saved: (title: string, day: number) => `${title} will be emailed to you on the ${ordinal(day)} of each month.`,
};

export const reportScheduleRequestSchema = z.object({
  report: z.string({ error: reportRunMessages.report }).min(1, reportRunMessages.report),
  params: z.record(z.string(), z.string()).default({}),
  format: z.enum(FILE_FORMATS, { error: reportRunMessages.format }).default("pdf"),
  day_of_month: z
    .number({ error: reportScheduleMessages.day })
    .int(reportScheduleMessages.day)
    .min(1, reportScheduleMessages.day)
    .max(28, reportScheduleMessages.day),
});
export type ReportScheduleRequest = z.input<typeof reportScheduleRequestSchema>;

export const reportScheduleChangeSchema = z.object({
  format: z.enum(FILE_FORMATS, { error: reportRunMessages.format }).optional(),
  day_of_month: reportScheduleRequestSchema.shape.day_of_month.optional(),
  is_active: z.boolean().optional(),
});

export const reportScheduleSchema = z.object({
  id: z.string(),
  report: z.string(),
  title: z.string(),
  params: z.record(z.string(), z.string()),
  format: z.enum(FILE_FORMATS),
  day_of_month: z.number().int(),
  is_active: z.boolean(),
  /** The first day of the last month it was sent for (or skipped, made after its day); null before. */
  last_period: z.string().nullable(),
  /** The day it is next sent on, in the organization's time zone; null while paused. */
  next_on: z.string().nullable(),
  created_at: z.string(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;
export const reportSchedulesSchema = z.object({ schedules: z.array(reportScheduleSchema) });
export const reportScheduleIdParamsSchema = z.object({ id: z.uuid({ error: reportScheduleMessages.notFound }) });
