import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";

/**
 * Durable jobs (decision 026): long work of an organization (charge runs; later imports, exports,
 * reconciliation, scheduled reports). A worker on any app server claims a due job with FOR UPDATE
 * SKIP LOCKED and holds it by a lease it renews at every checkpoint; a job whose lease ran out (its
 * server died) is claimed again and resumes from its last checkpoint. The organization's users read
 * progress and result here, under the tenant policy like every other table.
 */
export const jobs = pgTable(
  "jobs",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    kind: text("kind").notNull(),
    /** queued | running | succeeded | failed */
    status: text("status").notNull().default("queued"),
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    /** One job per key and organization (a scheduled run per day): enqueueing it again does nothing. */
    dedupeKey: text("dedupe_key"),
    runAfter: timestamp("run_after", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    /** The worker holding it and until when; past that, another may take it over. */
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "string" }),
    /** Saved with every checkpoint, in the transaction of the work it describes. */
    progress: jsonb("progress").$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: text("error"),
    /** The user who asked for it; null when the schedule did. */
    requestedBy: integer("requested_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "string" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "string" }),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("jobs_org_dedupe_key").on(t.organizationId, t.dedupeKey).where(sql`dedupe_key is not null`),
    // The workers' claim, across organizations: only jobs not finished are in it.
    index("jobs_due_idx").on(t.runAfter).where(sql`status in ('queued', 'running')`),
    index("jobs_org_kind_created_idx").on(t.organizationId, t.kind, t.createdAt),
    check("jobs_status_check", sql`status in ('queued', 'running', 'succeeded', 'failed')`),
    tenantPolicy(),
  ],
);

/**
 * A report a user has sent to them each month (issue 30 item 7): on the day of the month chosen, in
 * the organization's time zone, the schedule queues a background run of it as that user (key
 * "report-schedule:<id>:<month>": once a month, whatever the servers), which emails them its file.
 * Its parameters are the report's without days: the days follow the day it runs (an owner statement
 * is the month just closed, a rent roll that day's).
 */
export const reportSchedules = pgTable(
  "report_schedules",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    userId: integer("user_id").notNull(),
    report: text("report").notNull(),
    params: jsonb("params").$type<Record<string, string>>().notNull().default({}),
    format: text("format").notNull().default("pdf"),
    dayOfMonth: smallint("day_of_month").notNull(),
    /** The first day of the last month it was queued for. */
    lastPeriod: date("last_period", { mode: "string" }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("report_schedules_org_user_idx").on(t.organizationId, t.userId),
    // The schedule's tick reads the active ones across organizations.
    index("report_schedules_active_idx").on(t.dayOfMonth).where(sql`is_active`),
    // A user removed takes their schedules along.
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }).onDelete(
      "cascade",
    ),
    check("report_schedules_day_check", sql`day_of_month between 1 and 28`),
    check("report_schedules_format_check", sql`format in ('csv', 'xlsx', 'pdf')`),
    tenantPolicy(),
  ],
);
