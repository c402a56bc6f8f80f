import { addMonths, monthEnd, monthStart } from "@keyholder/contracts/civil-date";
import { reportMessages } from "@keyholder/contracts/reports";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../http-error.ts";
import { reportHeading } from "./report-heading.ts";

/**
 * The property a report is run for, by id; refused (a field error) when it is not one of the
 * organization's that the caller may see: row-level security hides others' and those outside a
 * user's properties alike.
 */
export async function readReportProperty(tx: Tx, orgId: string, propertyId: string) {
  const { rows } = (await tx.execute(
    sql`select id, name from properties where organization_id = ${orgId} and id = ${propertyId}`,
  )) as unknown as { rows: { id: string; name: string }[] };
  const [p] = rows;
  if (!p) throw badRequest(reportMessages.property, { property_id: [reportMessages.property] });
  return p;
}

/** A report's day (the organization's today when left out) and property (checked), from its query. */
export async function reportDayAndProperty(
  tx: Tx,
  orgId: string,
  q: { as_of?: string | undefined; property_id?: string | undefined },
) {
  const asOf = q.as_of ?? (await reportHeading(tx, orgId)).preparedOn;
  const property = q.property_id ? await readReportProperty(tx, orgId, q.property_id) : null;
  return { asOf, property };
}

/**
 * A report's span of days (`to` the organization's today and `from` the first of its year, or of
 * its month, when left out) and property (checked); a span whose first day is after its last is
 * refused.
 */
export async function reportRangeAndProperty(
  tx: Tx,
  orgId: string,
  q: { from?: string | undefined; to?: string | undefined; property_id?: string | undefined },
  since: "year" | "month" = "year",
) {
  const to = q.to ?? (await reportHeading(tx, orgId)).preparedOn;
  const from = q.from ?? (since === "year" ? `${to.slice(0, 4)}-01-01` : monthStart(to));
  if (from > to) throw badRequest(reportMessages.range, { from: [reportMessages.range] });
  const property = q.property_id ? await readReportProperty(tx, orgId, q.property_id) : null;
  return { from, to, property };
}

/**
 * A report's whole months (`period_start` to `period_end`); when left out, the organization's
 * month `back` months before this one (0: this month, 1: the month just closed).
 */
export async function reportPeriod(
  tx: Tx,
  orgId: string,
  q: { period_start?: string | undefined; period_end?: string | undefined },
  back: number,
) {
  if (q.period_start && q.period_end) return { start: q.period_start, end: q.period_end };
  const month = addMonths(monthStart((await reportHeading(tx, orgId)).preparedOn), -back);
  return { start: q.period_start ?? month, end: q.period_end ?? monthEnd(q.period_start ?? month) };
}

/**
 * A report's condition on its property: `and <column> = <the property>` when it has one, nothing
 * otherwise. The column is the report's own (a fixed name, never input).
 */
export const propertyCondition = (property: { id: string } | null) => (column: string) =>
  property ? sql`and ${sql.raw(column)} = ${property.id}::uuid` : sql``;
