import { reportMessages } from "@keyholder/contracts/reports";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../http-error.ts";

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
