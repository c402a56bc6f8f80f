import { eq, sql } from "drizzle-orm";
import { asSystem, type Database, type Tx } from "../../db/client.ts";
import { organizations, persons, roles, users } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { generatePassword } from "../../lib/tokens.ts";

export const DEFAULT_OPERATOR_EMAIL = "operator@keyholder.local";
export const PLATFORM_ORGANIZATION_NAME = "Keyholder Platform";

/**
 * Makes sure the platform operator exists (first start), in the platform's own organization.
 * Returns lines to print: the sign-in details once, when the account is created with a generated
 * password. An existing account is never changed: OPERATOR_PASSWORD only sets the first password,
 * so a restart with a different value cannot silently take over or lock out the operator; a notice
 * says so instead (change it with the forgot-password link).
 */
export async function ensureOperator(db: Database, env: Pick<Env, "OPERATOR_EMAIL" | "OPERATOR_PASSWORD">) {
  const email = (env.OPERATOR_EMAIL ?? DEFAULT_OPERATOR_EMAIL).toLowerCase();
  return asSystem(db, async (tx) => {
    const [existing] = await tx
      .select({ passwordHash: users.passwordHash, isOperator: users.isOperator })
      .from(users)
      .where(sql`lower(${users.username}) = ${email}`)
      .limit(1);
    if (existing) {
      if (!existing.isOperator) {
        throw new Error(`OPERATOR_EMAIL ${email} belongs to an ordinary account; choose another address`);
      }
      if (env.OPERATOR_PASSWORD && !(await verifyPassword(existing.passwordHash, env.OPERATOR_PASSWORD))) {
        return [
          `Note: OPERATOR_PASSWORD differs from the password of the existing operator ${email}; the account was left unchanged.`,
        ];
      }
      return [];
    }

    const platform = await platformOrganization(tx);
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "OPERATOR")).limit(1);
    if (!role) throw new Error("the OPERATOR role is missing; have the migrations run?");
    const password = env.OPERATOR_PASSWORD ?? generatePassword();
    const [person] = await tx
      .insert(persons)
      .values({ organizationId: platform, firstName: "Platform", lastName: "Operator", email })
      .returning({ id: persons.id });
    await tx.insert(users).values({
      organizationId: platform,
      personId: person?.id,
      roleId: role.id,
      username: email,
      passwordHash: await hashPassword(password),
      emailVerified: true,
      isOperator: true,
    });
    if (env.OPERATOR_PASSWORD) return [`Platform operator: ${email} (password from OPERATOR_PASSWORD)`];
    return [
      `Platform operator created: ${email}`,
      `  password: ${password}`,
      "  (shown only this once; sign in and keep it somewhere safe)",
    ];
  });
}

async function platformOrganization(tx: Tx): Promise<string> {
  const [found] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.isPlatform, true))
    .limit(1);
  if (found) return found.id;
  const [created] = await tx
    .insert(organizations)
    .values({
      name: PLATFORM_ORGANIZATION_NAME,
      isPlatform: true,
      waitlistStatus: "approved",
      reviewedAt: sql`now()`,
    })
    .returning({ id: organizations.id });
  if (!created) throw new Error("could not create the platform organization");
  return created.id;
}
