import type { StaffForm, StaffRecord } from "@keyholder/contracts/staff";
import type { Tx } from "../../db/client.ts";
import { staff } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { type Invitation, issueInvitation } from "./invitations.ts";
import {
  refusingDuplicateEmail,
  staffAuditFields,
  staffRecordColumns,
  staffValues,
  toStaffRecord,
} from "./staff-record.ts";

/**
 * Adds a staff member and issues their invitation; the caller mails it once the transaction has
 * committed, so no link goes out for a staff member that was never saved.
 */
export async function createStaff(
  tx: Tx,
  actor: Actor,
  form: StaffForm,
): Promise<{ record: StaffRecord; invitation: Invitation }> {
  const [row] = await refusingDuplicateEmail(() =>
    tx
      .insert(staff)
      .values({
        organizationId: actor.orgId,
        ...staffValues(form),
        createdBy: actor.userId,
        lastModifiedBy: actor.userId,
      })
      .returning(staffRecordColumns),
  );
  if (!row) throw new Error("insert into staff returned no row");
  const invitation = await issueInvitation(tx, actor, String(row.id));
  const record = { ...toStaffRecord(row), invite_expires_at: invitation.expiresAt };
  await writeAudit(tx, actor, "staff", [{ action: "create", entityId: record.id, after: staffAuditFields(record) }]);
  return { record, invitation };
}
