import { staffMessages } from "@keyholder/contracts/staff";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { staff } from "../../db/schema/index.ts";
import { notFound } from "../../lib/http-error.ts";
import { staffRecordColumns, toStaffRecord } from "./staff-record.ts";

export const staffWhere = (orgId: string, id: string) => and(eq(staff.organizationId, orgId), eq(staff.id, id));

/** A staff member of the organization, locked for the change the caller is about to make; 404 otherwise. */
export async function lockStaff(tx: Tx, orgId: string, id: string) {
  const [row] = await tx.select(staffRecordColumns).from(staff).where(staffWhere(orgId, id)).for("update");
  if (!row) throw notFound(staffMessages.notFound);
  return toStaffRecord(row);
}
