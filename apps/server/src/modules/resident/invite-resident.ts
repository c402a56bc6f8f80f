import { RESIDENT_INVITE_TTL_DAYS, residentMessages } from "@keyholder/contracts/resident";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { residentAccounts, residentAccountTenants, residentInvitations } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, HttpError, notFound } from "../../lib/http-error.ts";
import type { MailMessage } from "../../lib/mail/mailer.ts";
import { newToken } from "../../lib/tokens.ts";
import { violatesUnique } from "../../lib/violates.ts";

export interface ResidentInvitation {
  kind: "invited";
  token: string;
  to: string;
  name: string;
  organizationName: string;
  expiresAt: string;
}

/** A person who already signs in to the portal was linked to this lease's tenant: told, not re-invited. */
export interface ResidentLeaseAdded {
  kind: "lease_added";
  to: string;
  name: string;
  organizationName: string;
  /** Where the lease is: "Harbor Lofts, 4B". */
  place: string;
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * POST /leases/{id}/resident-invitations: the tenant (a party of the lease, with an email) gets a
 * resident account, made now unless it exists, and a new link; any earlier unused link stops working.
 * Runs in the staff member's transaction (row-level security: their organization, their properties).
 */
export async function inviteResident(
  tx: Tx,
  actor: Actor,
  leaseId: string,
  tenantId: string,
): Promise<ResidentInvitation | ResidentLeaseAdded> {
  const [party] = rows<{ name: string; email: string | null; organization_name: string; place: string }>(
    await tx.execute(sql`select t.name, t.email, o.name as organization_name,
        concat_ws(', ', l.property_name, nullif(l.unit_names, '')) as place
      from leases l
      join lease_parties p on p.organization_id = l.organization_id and p.lease_id = l.id and p.tenant_id = ${tenantId}
      join tenants t on t.organization_id = p.organization_id and t.id = p.tenant_id
      join organizations o on o.id = l.organization_id
      where l.organization_id = ${actor.orgId} and l.id = ${leaseId}`),
  );
  if (!party) {
    const [lease] = rows<{ id: string }>(
      await tx.execute(sql`select id from leases where organization_id = ${actor.orgId} and id = ${leaseId}`),
    );
    if (!lease) throw notFound(residentMessages.leaseNotFound);
    throw badRequest(residentMessages.tenantNotOnLease, { tenant_id: [residentMessages.tenantNotOnLease] });
  }
  const email = party.email?.trim();
  if (!email) throw badRequest(residentMessages.noEmail, { tenant_id: [residentMessages.noEmail] });
  // Several leases (decision 036): a tenant already linked to an account, or another tenant record
  // of a person who has an account here (the same address), is invited to that account, which then
  // reaches this tenant's leases too.
  let [account] = rows<{ id: string; email: string; active?: boolean }>(
    await tx.execute(sql`with linked as (select x.account_id from resident_account_tenants x
        where x.organization_id = ${actor.orgId} and x.tenant_id = ${tenantId})
      select a.id, a.email, a.password_hash is not null as active from resident_accounts a where a.organization_id = ${actor.orgId}
        and not exists (select 1 from resident_accounts own where own.organization_id = ${actor.orgId}
          and own.tenant_id = ${tenantId})
        and (a.id in (select account_id from linked) or lower(a.email) = lower(${email}))
      order by a.id in (select account_id from linked) desc limit 1`),
  );
  if (account) {
    const linked = await tx
      .insert(residentAccountTenants)
      .values({ organizationId: actor.orgId, tenantId, accountId: account.id, linkedBy: actor.userId })
      .onConflictDoNothing()
      .returning({ accountId: residentAccountTenants.accountId });
    // Newly linked to an account in use: its password and two-factor stay, and the person is told
    // the lease is there. Inviting an already linked tenant again is the way back in (a new password).
    if (linked.length > 0 && account.active) {
      return {
        kind: "lease_added",
        to: account.email,
        name: party.name,
        organizationName: party.organization_name,
        place: party.place,
      };
    }
  } else {
    // One resident account per address on the platform: the unique index sees every organization's
    // (row-level security does not hide index entries), so a taken address fails the insert, under a
    // savepoint, and says only that it is taken.
    try {
      [account] = await tx.transaction((sp) =>
        sp
          .insert(residentAccounts)
          .values({ organizationId: actor.orgId, tenantId, email, createdBy: actor.userId })
          .onConflictDoUpdate({
            target: [residentAccounts.organizationId, residentAccounts.tenantId],
            set: { email },
          })
          .returning({ id: residentAccounts.id, email: residentAccounts.email }),
      );
    } catch (err) {
      if (violatesUnique(err, "resident_accounts_email_key")) {
        throw new HttpError(409, "RESIDENT_EMAIL_TAKEN", residentMessages.emailTaken);
      }
      throw err;
    }
  }
  if (!account) throw new Error("resident account upsert returned nothing");
  await tx
    .update(residentInvitations)
    .set({ replacedAt: sql`now()` })
    .where(
      and(
        eq(residentInvitations.organizationId, actor.orgId),
        eq(residentInvitations.accountId, account.id),
        isNull(residentInvitations.usedAt),
        isNull(residentInvitations.replacedAt),
      ),
    );
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + RESIDENT_INVITE_TTL_DAYS * 86_400_000).toISOString();
  await tx.insert(residentInvitations).values({
    tokenHash: hash,
    organizationId: actor.orgId,
    accountId: account.id,
    leaseId,
    createdBy: actor.userId,
    expiresAt,
  });
  // To the address the account signs in with (a linked tenant's record may say otherwise).
  return {
    kind: "invited",
    token,
    to: account.email,
    name: party.name,
    organizationName: party.organization_name,
    expiresAt,
  };
}

/** The invitation email, with the link to set a password. */
export function residentInvitationMail(invitation: ResidentInvitation, baseUrl: string): MailMessage {
  const link = `${baseUrl}/resident/accept?token=${encodeURIComponent(invitation.token)}`;
  const until = new Date(invitation.expiresAt).toUTCString();
  return {
    to: invitation.to,
    subject: `Your resident portal at ${invitation.organizationName}`,
    text: [
      `Hello ${invitation.name},`,
      "",
      `${invitation.organizationName} invites you to their resident portal, where you can see your lease and balance, download statements and report maintenance problems.`,
      "To start, open this link and choose a password:",
      "",
      link,
      "",
      `The link works once and until ${until} (${RESIDENT_INVITE_TTL_DAYS} days).`,
      "If you did not expect this invitation, ignore this message.",
      "",
      "The Keyholder team",
    ].join("\n"),
  };
}

/** To a resident already signed up: a lease of theirs now shows in the portal they use. */
export function residentLeaseAddedMail(added: ResidentLeaseAdded, baseUrl: string): MailMessage {
  return {
    to: added.to,
    subject: `A lease was added to your resident portal at ${added.organizationName}`,
    text: [
      `Hello ${added.name},`,
      "",
      `${added.organizationName} added your lease at ${added.place} to your resident portal. Sign in as usual and choose it at the top of the page to see its balance, ledger and maintenance requests:`,
      "",
      `${baseUrl}/resident/sign-in`,
      "",
      "If you did not expect this message, tell your property manager.",
      "",
      "The Keyholder team",
    ].join("\n"),
  };
}
