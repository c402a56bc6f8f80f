import { errorMessages } from "@keyholder/contracts/errors";
import {
  RESIDENT_TOKEN_PATTERN,
  type ResidentAccept,
  residentAcceptProblems,
  residentMessages,
} from "@keyholder/contracts/resident";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { residentAccounts, residentInvitations, residentSessions } from "../../db/schema/index.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { hashToken } from "../../lib/tokens.ts";
import { removeResidentTwoFactor } from "./two-factor.ts";

export interface FoundResidentInvitation {
  tokenHash: string;
  organizationId: string;
  accountId: string;
  email: string;
  name: string;
  organizationName: string;
  expiresAt: string;
}

const refuse = (status: number, code: string, message: string) => new HttpError(status, code, message);

/** The invitation of a link's token (system context), or why it does not open: unknown, used, replaced, expired. */
export async function findResidentInvitation(
  tx: Tx,
  token: string,
  o: { lock?: boolean } = {},
): Promise<FoundResidentInvitation> {
  if (!RESIDENT_TOKEN_PATTERN.test(token)) {
    throw refuse(404, "INVITATION_NOT_FOUND", residentMessages.invitationNotFound);
  }
  const { rows } = (await tx.execute(sql`
    select i.token_hash, i.organization_id, i.account_id, i.used_at, i.replaced_at, i.expires_at,
      i.expires_at < now() as expired, a.email, t.name, o.name as organization_name
    from resident_invitations i
    join resident_accounts a on a.organization_id = i.organization_id and a.id = i.account_id
    join tenants t on t.organization_id = a.organization_id and t.id = a.tenant_id
    join organizations o on o.id = i.organization_id
    where i.token_hash = ${hashToken(token)}
    ${o.lock ? sql`for update of i, a` : sql``}`)) as unknown as { rows: Record<string, unknown>[] };
  const row = rows[0];
  if (!row) throw refuse(404, "INVITATION_NOT_FOUND", residentMessages.invitationNotFound);
  if (row.used_at) throw refuse(400, "INVITATION_USED", residentMessages.invitationUsed);
  if (row.replaced_at) throw refuse(400, "INVITATION_REPLACED", residentMessages.invitationReplaced);
  if (row.expired) throw refuse(400, "INVITATION_EXPIRED", residentMessages.invitationExpired);
  return {
    tokenHash: String(row.token_hash),
    organizationId: String(row.organization_id),
    accountId: String(row.account_id),
    email: String(row.email),
    name: String(row.name),
    organizationName: String(row.organization_name),
    expiresAt: new Date(String(row.expires_at)).toISOString(),
  };
}

/** Sets the account's password (the staff rules) and spends the link; the caller then opens a session. */
export async function acceptResidentInvitation(tx: Tx, input: ResidentAccept) {
  const found = await findResidentInvitation(tx, input.token, { lock: true });
  const fields = residentAcceptProblems(input);
  if (Object.keys(fields).length) throw badRequest(errorMessages.validation, fields);
  await tx
    .update(residentInvitations)
    .set({ usedAt: sql`now()` })
    .where(eq(residentInvitations.tokenHash, found.tokenHash));
  await tx
    .update(residentAccounts)
    .set({ passwordHash: await hashPassword(input.password), activatedAt: sql`coalesce(activated_at, now())` })
    .where(and(eq(residentAccounts.organizationId, found.organizationId), eq(residentAccounts.id, found.accountId)));
  const account = { organizationId: found.organizationId, id: found.accountId };
  // The manager's new invitation is the way back in for a resident who lost their authenticator
  // or password: the new password ends every session the old one opened.
  await removeResidentTwoFactor(tx, account);
  await tx
    .delete(residentSessions)
    .where(
      and(eq(residentSessions.organizationId, account.organizationId), eq(residentSessions.accountId, account.id)),
    );
  return account;
}
