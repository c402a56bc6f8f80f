import { type StaffRecord, staffMessages } from "@keyholder/contracts/staff";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { staff } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { settleAwaitingApproval } from "./awaiting-approval.ts";
import { lockStaff, staffWhere } from "./find-staff.ts";
import { staffAuditFields, staffRecordColumns, toStaffRecord } from "./staff-record.ts";

/**
 * Grants an accepted staff member access (spec records 2.7): from their next request on they use
 * the workspace. Who approved is recorded, and the notice that they wait leaves every
 * administrator's list.
 */
export async function approveStaff(tx: Tx, actor: Actor, id: string): Promise<StaffRecord> {
  const before = await lockStaff(tx, actor.orgId, id);
  if (!before.accepted_invite) throw new HttpError(409, "INVITE_NOT_ACCEPTED", staffMessages.notAccepted);
  if (before.approved_invite) return before;
  const [row] = await tx
    .update(staff)
    .set({ approvedInvite: true, approvedBy: actor.userId, lastModifiedBy: actor.userId, lastModifiedDate: sql`now()` })
    .where(staffWhere(actor.orgId, id))
    .returning(staffRecordColumns);
  if (!row) throw new Error("locked staff row vanished");
  await settleAwaitingApproval(tx, actor.orgId, id);
  const after = toStaffRecord(row);
  await writeAudit(tx, actor, "staff", [
    { action: "update", entityId: id, before: staffAuditFields(before), after: staffAuditFields(after) },
  ]);
  return after;
}
