import { INVITE_TTL_DAYS } from "@keyholder/contracts/staff";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { staff, staffInvitations } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import type { MailMessage } from "../../lib/mail/mailer.ts";
import { newToken } from "../../lib/tokens.ts";

/** An invitation to send: the link's token (never stored) and where it goes. */
export interface Invitation {
  token: string;
  to: string;
  name: string | null;
  organizationName: string;
  expiresAt: string;
}

/**
 * Issues a staff member's invitation link: any earlier link stops working (marked replaced), the
 * new one is valid INVITE_TTL_DAYS. Only the token's hash is stored.
 */
export async function issueInvitation(tx: Tx, actor: Actor, staffId: string): Promise<Invitation> {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000).toISOString();
  await tx
    .update(staffInvitations)
    .set({ replacedAt: sql`now()` })
    .where(
      and(
        eq(staffInvitations.organizationId, actor.orgId),
        eq(staffInvitations.staffId, staffId),
        isNull(staffInvitations.usedAt),
        isNull(staffInvitations.replacedAt),
      ),
    );
  await tx
    .insert(staffInvitations)
    .values({ tokenHash: hash, organizationId: actor.orgId, staffId, createdBy: actor.userId, expiresAt });
  const [row] = await tx
    .update(staff)
    .set({ inviteExpiresAt: expiresAt, newLinkRequestedAt: null })
    .where(and(eq(staff.organizationId, actor.orgId), eq(staff.id, staffId)))
    .returning({ email: staff.email, name: staff.name });
  if (!row) throw new Error("invited staff member vanished");
  const { rows } = (await tx.execute(sql`select name from organizations where id = ${actor.orgId}`)) as unknown as {
    rows: { name: string }[];
  };
  return { token, to: row.email, name: row.name, organizationName: rows[0]?.name ?? "your organization", expiresAt };
}

/** The invitation email, with the onboarding link. */
export function invitationMail(invitation: Invitation, baseUrl: string): MailMessage {
  const link = `${baseUrl}/staff-onboarding?invite=${encodeURIComponent(invitation.token)}`;
  const until = new Date(invitation.expiresAt).toUTCString();
  return {
    to: invitation.to,
    subject: `You're invited to join ${invitation.organizationName} on Keyholder`,
    text: [
      invitation.name ? `Hello ${invitation.name},` : "Hello,",
      "",
      `${invitation.organizationName} invites you to join their team on Keyholder, where they manage their properties.`,
      "To accept, open this link, then create your account or sign in:",
      "",
      link,
      "",
      `The link works once and until ${until} (${INVITE_TTL_DAYS} days). If it has expired, open it anyway to ask for a new one.`,
      "If you did not expect this invitation, ignore this message.",
      "",
      "The Keyholder team",
    ].join("\n"),
  };
}
