import { inviteMessages } from "@keyholder/contracts/staff";
import { sql } from "drizzle-orm";
import { asSystem, type Database } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import type { Mailer } from "../../lib/mail/mailer.ts";
import { findInvitation } from "./find-invitation.ts";

/**
 * Someone whose link expired asks for a new one: the staff grid shows the request (New Link
 * Requested) and the administrator who sent the invitation gets an email, once per request.
 */
export async function requestNewLink(deps: { db: Database; mailer: Mailer; baseUrl: string }, token: string) {
  const notice = await asSystem(deps.db, async (tx) => {
    const found = await findInvitation(tx, token, { lock: true, allowExpired: true });
    if (new Date(found.expires_at).getTime() > Date.now()) {
      throw new HttpError(409, "INVITE_NOT_EXPIRED", "This invitation has not expired: open it to accept it");
    }
    if (found.newLinkRequestedAt) return null;
    await tx.execute(sql`update staff set new_link_requested_at = now()
      where organization_id = ${found.organizationId} and id = ${found.staffId}`);
    if (found.invitedBy === null) return null;
    const { rows } = (await tx.execute(sql`select username from users
      where organization_id = ${found.organizationId} and id = ${found.invitedBy} and enabled`)) as unknown as {
      rows: { username: string }[];
    };
    return rows[0] ? { to: rows[0].username, found } : null;
  });
  if (!notice) return;
  const who = notice.found.name ? `${notice.found.name} (${notice.found.email})` : notice.found.email;
  await deps.mailer.send({
    to: notice.to,
    subject: `${who} asks for a new Keyholder invitation`,
    text: [
      "Hello,",
      "",
      `The invitation you sent to ${who} to join ${notice.found.organization_name} has expired, and they asked for a new link.`,
      "To send one, open Users > Staff in Keyholder, select them and choose Resend Invitation:",
      "",
      `${deps.baseUrl}/workspace`,
      "",
      "The Keyholder team",
    ].join("\n"),
  });
}

export const newLinkRequested = { ok: true as const, message: inviteMessages.newLinkRequested };
