import type { Session } from "@keyholder/contracts/auth";
import { permissionsOf } from "@keyholder/contracts/permissions";
import { and, eq, exists, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { organizationLogos, organizations, persons, profilePictures, roles, users } from "../../db/schema/index.ts";
import { awaitingApprovalSql, twoFactorSetupRequired } from "../../lib/sessions.ts";

/** The session object of spec section 3 for a user, as login, sign-up and GET /auth/session answer it. */
export async function sessionResponse(
  tx: Tx,
  user: { organizationId: string; id: number },
  expiresAt: string,
  /** The administrator viewing the workspace as `user`, if one is. */
  viewer: number | null = null,
): Promise<Session | null> {
  const [row] = await tx
    .select({
      user: users,
      role: roles,
      person: persons,
      organization: organizations,
      // The browser asks for a picture or logo only when one exists (no 404 on every workspace load).
      hasPicture: sql<boolean>`${exists(
        tx
          .select({ one: profilePictures.userId })
          .from(profilePictures)
          .where(
            and(
              eq(profilePictures.organizationId, users.organizationId),
              eq(profilePictures.userId, users.id),
              eq(profilePictures.isDefault, true),
            ),
          ),
      )}`,
      awaitingApproval: awaitingApprovalSql,
      hasLogo: sql<boolean>`${exists(
        tx
          .select({ one: organizationLogos.imageId })
          .from(organizationLogos)
          .where(
            and(eq(organizationLogos.organizationId, users.organizationId), eq(organizationLogos.isDefault, true)),
          ),
      )}`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(persons, and(eq(persons.organizationId, users.organizationId), eq(persons.id, users.personId)))
    .where(and(eq(users.organizationId, user.organizationId), eq(users.id, user.id)))
    .limit(1);
  if (!row) return null;
  const { person, organization: org, role } = row;
  const preview = viewer === null ? null : await viewerOf(tx, user.organizationId, viewer);
  return {
    // A session exists only once any second step is done.
    two_factor_required: false,
    expires_at: iso(expiresAt),
    user: {
      id: row.user.id,
      username: row.user.username,
      two_factor_enabled: row.user.twoFactorEnabled,
      email_verified: row.user.emailVerified,
      banned: row.user.banned,
      waitlisted: row.user.waitlisted,
      enabled: row.user.enabled,
      locked: row.user.locked,
      last_login: row.user.lastLogin ? iso(row.user.lastLogin) : null,
      is_operator: row.user.isOperator,
      has_profile_picture: row.hasPicture,
      awaiting_approval: row.awaitingApproval,
      two_factor_setup_required: twoFactorSetupRequired(
        org.requireTwoFactorForAdmins,
        role.name,
        row.user.twoFactorEnabled,
      ),
      role: { id: role.id, role_name: role.name, display_name: role.displayName },
      permissions: [...permissionsOf(role.name)],
      person: person
        ? {
            id: person.id,
            first_name: person.firstName,
            last_name: person.lastName,
            preferred_name: person.preferredName,
            email: person.email,
            phone: person.phone,
          }
        : null,
    },
    preview,
    organization: {
      name: org.name,
      number: org.number,
      subscription_status: org.subscriptionStatus,
      subscription_expires_at: org.subscriptionExpiresAt ? iso(org.subscriptionExpiresAt) : null,
      payment_needed: org.paymentNeeded,
      grace_period_start: org.gracePeriodStart ? iso(org.gracePeriodStart) : null,
      grace_period_end: org.gracePeriodEnd ? iso(org.gracePeriodEnd) : null,
      has_logo: row.hasLogo,
    },
  };
}

/** Timestamps leave the API as ISO 8601 in UTC whatever the driver returned. */
const iso = (value: string) => new Date(value).toISOString();

async function viewerOf(tx: Tx, organizationId: string, id: number) {
  const [row] = await tx
    .select({ username: users.username, first: persons.firstName, last: persons.lastName })
    .from(users)
    .leftJoin(persons, and(eq(persons.organizationId, users.organizationId), eq(persons.id, users.personId)))
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
  return row ? { viewer_id: id, viewer_name: [row.first, row.last].filter(Boolean).join(" ") || row.username } : null;
}
