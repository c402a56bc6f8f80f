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
