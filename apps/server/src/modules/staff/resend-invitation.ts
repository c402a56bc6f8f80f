import { type StaffRecord, staffMessages } from "@keyholder/contracts/staff";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { staff } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { lockStaff, staffWhere } from "./find-staff.ts";
import { type Invitation, issueInvitation } from "./invitations.ts";
import { staffRecordColumns, toStaffRecord } from "./staff-record.ts";

/** A new link for someone who has not accepted yet: the old link stops working, the new one runs 7 days. */
export async function resendInvitation(
  tx: Tx,
  actor: Actor,
  id: string,
): Promise<{ record: StaffRecord; invitation: Invitation }> {
  const before = await lockStaff(tx, actor.orgId, id);
  if (before.accepted_invite) throw new HttpError(409, "INVITE_ACCEPTED", staffMessages.alreadyAccepted);
  const invitation = await issueInvitation(tx, actor, id);
  const [row] = await tx
    .update(staff)
    .set({ lastModifiedBy: actor.userId, lastModifiedDate: sql`now()` })
    .where(staffWhere(actor.orgId, id))
    .returning(staffRecordColumns);
  if (!row) throw new Error("locked staff row vanished");
  await writeAudit(tx, actor, "staff", [
    {
      action: "update",
      entityId: id,
      before: { invite_expires_at: before.invite_expires_at },
      after: { invite_expires_at: invitation.expiresAt },
    },
  ]);
  return { record: toStaffRecord(row), invitation };
}
