import { errorMessages } from "@keyholder/contracts/errors";
import { can } from "@keyholder/contracts/permissions";
import { INVITE_ERROR_CODES, inviteMessages, type StaffSignup, staffSignupProblems } from "@keyholder/contracts/staff";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { persons, roles, staff, staffInvitations, users } from "../../db/schema/index.ts";
import { writeAudit } from "../../lib/audit.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { usernameExists } from "../auth/availability.ts";
import { type ApprovalRequest, announceAwaitingApproval } from "./awaiting-approval.ts";
import { type FoundInvitation, findInvitation } from "./find-invitation.ts";
import { lockStaff, staffWhere } from "./find-staff.ts";
import { staffAuditFields } from "./staff-record.ts";

/**
 * Links the invitation's staff member to an account and spends the link. Someone who may approve
 * staff themselves (an administrator) is approved at once; anyone else then waits, and the
 * administrators are told (the notice now, the returned request to email once committed).
 * Recorded in their history as done by the person who accepted.
 */
async function accept(
  tx: Tx,
  found: FoundInvitation,
  user: { organizationId: string; id: number },
): Promise<ApprovalRequest | null> {
  const actor = { orgId: found.organizationId, userId: user.id };
  const before = await lockStaff(tx, found.organizationId, found.staffId);
  const [account] = await tx
    .select({ role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.organizationId, user.organizationId), eq(users.id, user.id)));
  const approver = can(account?.role ?? "", "staff.manage");
  await tx.update(staffInvitations).set({ usedAt: sql`now()` }).where(eq(staffInvitations.tokenHash, found.tokenHash));
  const approveNow = approver && !before.approved_invite;
  await tx
    .update(staff)
    .set({
      userId: user.id,
      acceptedInvite: true,
      newLinkRequestedAt: null,
      ...(approveNow ? { approvedInvite: true, approvedBy: user.id } : {}),
      lastModifiedBy: user.id,
      lastModifiedDate: sql`now()`,
    })
    .where(staffWhere(found.organizationId, found.staffId));
  const after = {
    ...before,
    user_id: user.id,
    accepted_invite: true,
    approved_invite: before.approved_invite || approver,
  };
  await writeAudit(tx, actor, "staff", [
    { action: "update", entityId: found.staffId, before: staffAuditFields(before), after: staffAuditFields(after) },
  ]);
  return after.approved_invite ? null : announceAwaitingApproval(tx, found.organizationId, found.staffId);
}

/**
 * Spec accounts 7: POST /auth/staff-signup. A new account for the invited email (fixed: the link
 * proved it, so the address counts as verified), with the Staff role, in the inviting organization.
 */
export async function staffSignup(tx: Tx, input: StaffSignup) {
  const found = await findInvitation(tx, input.invite_guid, { lock: true });
  const fields = staffSignupProblems(input);
  if (Object.keys(fields).length) throw badRequest(errorMessages.validation, fields);
  if (await usernameExists(tx, found.email)) {
    throw new HttpError(409, "ACCOUNT_EXISTS", inviteMessages.accountExists);
  }
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "STAFF")).limit(1);
  if (!role) throw new Error("the STAFF role is missing; have the migrations run?");
  const now = new Date().toISOString();
  const [person] = await tx
    .insert(persons)
    .values({
      organizationId: found.organizationId,
      firstName: input.first_name.trim(),
      lastName: input.last_name.trim(),
      email: found.email,
      phone: input.phone || found.phone,
      receiveMarketingEmails: input.receive_marketing,
      receiveMarketingTexts: input.receive_marketing,
      acceptedTerms: input.accepted_terms,
      acceptedTermsDate: now,
    })
    .returning({ id: persons.id });
  const [user] = await tx
    .insert(users)
    .values({
      organizationId: found.organizationId,
      personId: person?.id,
      roleId: role.id,
      username: found.email,
      passwordHash: await hashPassword(input.password),
      emailVerified: true,
    })
    .returning({ id: users.id, organizationId: users.organizationId });
  if (!user) throw new Error("user insert returned nothing");
  await tx
    .update(users)
    .set({ createdBy: user.id, lastModifiedBy: user.id })
    .where(and(eq(users.organizationId, user.organizationId), eq(users.id, user.id)));
  const approval = await accept(tx, found, user);
  return { user, approval };
}

/**
 * Accepting with an existing account (the login of spec accounts 2): only the account the
 * invitation was sent to, and only in the inviting organization, since an account belongs to one.
 * `run` goes into the login's transaction; `approval` then says whom to email, if anyone.
 */
export function acceptWithAccount(token: string) {
  let approval: ApprovalRequest | null = null;
  const run = async (tx: Tx, user: { organizationId: string; id: number; username: string }) => {
    const found = await findInvitation(tx, token, { lock: true });
    if (user.username.toLowerCase() !== found.email.toLowerCase()) {
      throw new HttpError(403, INVITE_ERROR_CODES.otherAccount, inviteMessages.otherAccount(found.email));
    }
    if (user.organizationId !== found.organizationId) {
      throw new HttpError(403, INVITE_ERROR_CODES.otherOrganization, inviteMessages.otherOrganization);
    }
    approval = await accept(tx, found, user);
  };
  return { run, approval: () => approval };
}
