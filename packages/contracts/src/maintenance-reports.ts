import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { MAINTENANCE_CATEGORIES, MAINTENANCE_PRIORITIES, MAINTENANCE_STATUSES } from "./maintenance.ts";
import { reportSpanQuery } from "./report-span.ts";
import { REPORT_FORMATS, reportMessages } from "./reports.ts";

/**
 * The maintenance reports (Reports > Maintenance; issue 30 item 4): the requests open on a day by
 * age, status and priority; those completed in a span of days, on time or late, and how many days
 * each took; and what the work cost by property, category and vendor.
 */

/** A request's age on a day: days since the day it was made. */
export const MAINTENANCE_AGE_BUCKETS = ["0-7", "8-30", "31-60", "60+"] as const;
export const maintenanceAgeLabels = ["0–7 days", "8–30 days", "31–60 days", "Over 60 days"] as const;
export const maintenanceAgeBucketOf = (days: number) => (days <= 7 ? 0 : days <= 30 ? 1 : days <= 60 ? 2 : 3);

const property = z.uuid({ error: reportMessages.property }).optional();
const format = z.enum(REPORT_FORMATS).default("json");
const named = z.object({ id: z.string(), name: z.string() });
const requestRef = z.object({ id: z.string(), request_no: z.number().int() });

export const maintenanceAgingQuerySchema = z.object({
  as_of: civilDateSchema().optional(),
  property_id: property,
  format,
});
export type MaintenanceAgingQuery = z.infer<typeof maintenanceAgingQuerySchema>;

const ageCounts = z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]);

/** What every report of requests shows of each: which, where, what, how urgent, made and due when. */
const requestFields = {
  request: requestRef,
  title: z.string(),
  property: named,
  location_name: z.string().nullable(),
  category: z.enum(MAINTENANCE_CATEGORIES),
  priority: z.enum(MAINTENANCE_PRIORITIES),
  created_on: z.string(),
  due_on: z.string(),
};

export const maintenanceAgingRowSchema = z.object({
  ...requestFields,
  /** Where it stood at the end of the day. */
  status: z.enum(MAINTENANCE_STATUSES),
  age_days: z.number().int(),
  /** Days past its due day on the report's day; 0 when not overdue. */
  days_overdue: z.number().int(),
  /** Who had the work that day (the staff member or vendor), by name at the time. */
  assigned_to: z.string().nullable(),
});
export type MaintenanceAgingRow = z.infer<typeof maintenanceAgingRowSchema>;

export const maintenanceAgingSchema = z.object({
  as_of: z.string(),
  property: named.nullable(),
  /** Oldest first. */
  rows: z.array(maintenanceAgingRowSchema),
  /** Open requests in each age bucket, and how many of those were overdue. */
  ages: ageCounts,
  overdue_by_age: ageCounts,
  by_priority: z.array(
    z.object({
      priority: z.enum(MAINTENANCE_PRIORITIES),
      open: z.number().int(),
      overdue: z.number().int(),
      ages: ageCounts,
    }),
  ),
  by_status: z.array(z.object({ status: z.enum(MAINTENANCE_STATUSES), open: z.number().int() })),
});
export type MaintenanceAging = z.infer<typeof maintenanceAgingSchema>;

/** A span of days (`from` to `to`, both counted): the year to date when left out. */
export const maintenanceRangeQuerySchema = reportSpanQuery({});
export type MaintenanceRangeQuery = z.infer<typeof maintenanceRangeQuerySchema>;

export const maintenanceCompletionRowSchema = z.object({
  ...requestFields,
  completed_on: z.string(),
  /** Days from the day it was made to the day it was completed (0: the same day). */
  days_to_complete: z.number().int(),
  /** Days completed after its due day; 0 when on time. */
  days_late: z.number().int(),
  assigned_to: z.string().nullable(),
});
export type MaintenanceCompletionRow = z.infer<typeof maintenanceCompletionRowSchema>;

const completionFigures = z.object({
  completed: z.number().int(),
  on_time: z.number().int(),
  late: z.number().int(),
  /** The days all of them took together: the average is this over `completed`. */
  total_days: z.number().int(),
});
export type CompletionFigures = z.infer<typeof completionFigures>;

export const maintenanceCompletionSchema = z.object({
  from: z.string(),
  to: z.string(),
  property: named.nullable(),
  /** Completed first to last. */
  rows: z.array(maintenanceCompletionRowSchema),
  by_priority: z.array(completionFigures.extend({ priority: z.enum(MAINTENANCE_PRIORITIES) })),
  total: completionFigures,
});
export type MaintenanceCompletion = z.infer<typeof maintenanceCompletionSchema>;

/** Days per request to one decimal ("2.5"), "–" of none. */
export const averageDays = (f: CompletionFigures) =>
  f.completed ? (Math.round((f.total_days / f.completed) * 10) / 10).toLocaleString("en-US") : "–";

const costFigures = z.object({
  requests: z.number().int(),
  labor_cents: z.number().int(),
  material_cents: z.number().int(),
  other_cents: z.number().int(),
  total_cents: z.number().int(),
  billable_cents: z.number().int(),
});
export type CostFigures = z.infer<typeof costFigures>;

/** Where the vendor of a cost is null: the work of our own staff, or of nobody assigned. */
export const VENDORLESS_LABEL = "Own staff or unassigned";

export const maintenanceCostSchema = z.object({
  from: z.string(),
  to: z.string(),
  property: named.nullable(),
  by_property: z.array(costFigures.extend({ property: named })),
  by_category: z.array(costFigures.extend({ category: z.enum(MAINTENANCE_CATEGORIES) })),
  /** The vendor whose work order (or, for a line of no order, whose request) the cost is; null: our own staff or nobody. */
  by_vendor: z.array(costFigures.extend({ vendor: named.nullable() })),
  total: costFigures,
});
export type MaintenanceCost = z.infer<typeof maintenanceCostSchema>;
