import { z } from "zod";

/**
 * Durable jobs (decision 026): long work an organization's users start or the schedule starts, run by
 * one app server at a time, resumable after a crash, its progress readable while it runs.
 */
export const JOB_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobStatusLabels: Record<JobStatus, string> = {
  queued: "Waiting to start",
  running: "Running",
  succeeded: "Finished",
  failed: "Failed",
};

/** What every job shows, whatever its kind; each kind adds its own progress and result. */
export const jobFields = {
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Who asked for it; null when the schedule started it. */
  requested_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Tries so far: a job is tried again after a failure, up to its limit, resuming where it was. */
  attempts: z.number().int(),
  /** Why the last try failed (the job may still be tried again while it is queued). */
  error: z.string().nullable(),
};

export const jobIdParamsSchema = z.object({ id: z.uuid({ error: "Not a job id" }) });
