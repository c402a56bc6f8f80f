import { INVITE_ERROR_CODES, INVITE_TOKEN_PATTERN, type InviteCheck, inviteMessages } from "@keyholder/contracts/staff";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import { hashToken } from "../../lib/tokens.ts";

export interface FoundInvitation extends InviteCheck {
  tokenHash: string;
  organizationId: string;
  staffId: string;
  invitedBy: number | null;
  newLinkRequestedAt: string | null;
}

const refuse = (status: number, code: string, message: string, extra?: Record<string, unknown>) =>
  new HttpError(status, code, message, undefined, extra);

/**
 * The invitation a link's token opens (system context: the link names no organization), or the
 * reason it does not open one, as the onboarding screen tells them apart (spec accounts 8). With
 * `lock`, the invitation and its staff member stay locked for the acceptance that follows.
 */
export async function findInvitation(
  tx: Tx,
  token: string,
  o: { lock?: boolean; allowExpired?: boolean } = {},
): Promise<FoundInvitation> {
  if (!INVITE_TOKEN_PATTERN.test(token)) throw refuse(400, INVITE_ERROR_CODES.format, inviteMessages.invalidFormat);
  const { rows } = (await tx.execute(sql`
    select i.token_hash, i.organization_id, i.staff_id, i.created_by, i.used_at, i.replaced_at,
      i.expires_at, i.expires_at < now() as expired, s.name, s.email, s.phone, s.job_title,
      s.new_link_requested_at, o.name as organization_name
    from staff_invitations i
    join staff s on s.organization_id = i.organization_id and s.id = i.staff_id
    join organizations o on o.id = i.organization_id
    where i.token_hash = ${hashToken(token)}
    ${o.lock ? sql`for update of i, s` : sql``}`)) as unknown as { rows: Record<string, unknown>[] };
  const row = rows[0];
  if (!row) throw refuse(404, INVITE_ERROR_CODES.notFound, inviteMessages.notFound);
  if (row.used_at) throw refuse(400, INVITE_ERROR_CODES.used, inviteMessages.usedText);
  if (row.replaced_at) throw refuse(400, INVITE_ERROR_CODES.replaced, inviteMessages.replacedText);
  if (row.expired && !o.allowExpired) {
    throw refuse(400, INVITE_ERROR_CODES.expired, inviteMessages.invalidOrExpired, {
      new_link_requested: row.new_link_requested_at !== null,
    });
  }
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    tokenHash: String(row.token_hash),
    organizationId: String(row.organization_id),
    staffId: String(row.staff_id),
    invitedBy: row.created_by === null ? null : Number(row.created_by),
    newLinkRequestedAt: text(row.new_link_requested_at),
    name: text(row.name),
    email: String(row.email),
    phone: text(row.phone),
    job_title: text(row.job_title),
    organization_name: String(row.organization_name),
    expires_at: new Date(String(row.expires_at)).toISOString(),
  };
}

/** The invite check's answer (spec accounts 3): what the onboarding screen shows and prefills. */
export function inviteCheck(found: FoundInvitation): InviteCheck {
  const { name, email, phone, job_title, organization_name, expires_at } = found;
  return { name, email, phone, job_title, organization_name, expires_at };
}
