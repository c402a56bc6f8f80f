import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { roles, sessions, staff, users } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { settleAwaitingApproval } from "./awaiting-approval.ts";
import { lockStaff, staffWhere } from "./find-staff.ts";
import { staffAuditFields } from "./staff-record.ts";

/**
 * Removes a staff member: their invitation links stop working and, when they joined through it,
 * their account is disabled and its sessions end, so the removal holds from their next request.
 * An administrator's account is left alone: it is managed under Users > Administrators. Nobody
 * is asked to approve them any more.
 */
export async function deleteStaff(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await lockStaff(tx, actor.orgId, id);
  await tx.delete(staff).where(staffWhere(actor.orgId, id));
  await settleAwaitingApproval(tx, actor.orgId, id);
  if (before.user_id !== null) {
    const account = and(eq(users.organizationId, actor.orgId), eq(users.id, before.user_id));
    const [user] = await tx
      .select({ role: roles.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(account);
    if (user && user.role !== "ADMIN") {
      await tx
        .update(users)
        .set({ enabled: false, lastModifiedBy: actor.userId, lastModifiedDate: sql`now()` })
        .where(account);
      await tx
        .delete(sessions)
        .where(and(eq(sessions.organizationId, actor.orgId), eq(sessions.userId, before.user_id)));
    }
  }
  await writeAudit(tx, actor, "staff", [{ action: "delete", entityId: id, before: staffAuditFields(before) }]);
}
