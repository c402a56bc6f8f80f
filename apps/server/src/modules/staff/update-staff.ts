import type { StaffForm, StaffRecord } from "@keyholder/contracts/staff";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { staff } from "../../db/schema/index.ts";
import { type Actor, auditChanges, writeAudit } from "../../lib/audit.ts";
import { lockStaff, staffWhere } from "./find-staff.ts";
import {
  refusingDuplicateEmail,
  staffAuditFields,
  staffRecordColumns,
  staffValues,
  toStaffRecord,
} from "./staff-record.ts";

/**
 * Saves a staff member's form and records what changed; a save that changes nothing leaves the row
 * and its history as they were. The email of someone who has accepted is their sign-in name and
 * stays with their account; changing it on an open invitation is how a typo is fixed (then resend).
 */
export async function updateStaff(tx: Tx, actor: Actor, id: string, form: StaffForm): Promise<StaffRecord> {
  const before = await lockStaff(tx, actor.orgId, id);
  const after = { ...before, ...form };
  const event = {
    action: "update" as const,
    entityId: id,
    before: staffAuditFields(before),
    after: staffAuditFields(after),
  };
  if (Object.keys(auditChanges(event)).length === 0) return before;
  const [row] = await refusingDuplicateEmail(() =>
    tx
      .update(staff)
      .set({ ...staffValues(form), lastModifiedBy: actor.userId, lastModifiedDate: sql`now()` })
      .where(staffWhere(actor.orgId, id))
      .returning(staffRecordColumns),
  );
  if (!row) throw new Error("locked staff row vanished");
  await writeAudit(tx, actor, "staff", [event]);
  return toStaffRecord(row);
}
