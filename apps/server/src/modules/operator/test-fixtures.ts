import { eq } from "drizzle-orm";
import { asSystem, type Database } from "../../db/client.ts";
import { organizations, persons, roles, users } from "../../db/schema/index.ts";
import { createSession } from "../../lib/sessions.ts";

/** Test data written straight through the schema, so these tests do not depend on the sign-up route. */

let counter = 0;

export async function insertApplicant(db: Database, options: { isOperator?: boolean; name?: string } = {}) {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  const email = `owner-${suffix}@example.com`;
  return asSystem(db, async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({
        name: options.name ?? `Applicant ${suffix}`,
        numOfUnits: 12,
        propertyTypes: "Single-Family Home",
        currentSoftware: "Spreadsheets",
      })
      .returning();
    if (!org) throw new Error("no organization");
    const [role] = await tx.select().from(roles).where(eq(roles.name, "ADMIN"));
    const [person] = await tx
      .insert(persons)
      .values({ organizationId: org.id, firstName: "Ada", lastName: "Owner", email, phone: "5551234567" })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        organizationId: org.id,
        personId: person?.id,
        roleId: role?.id ?? 0,
        username: email,
        passwordHash: "not-used",
        waitlisted: true,
      })
      .returning();
    if (!user) throw new Error("no user");
    return { org, user, email };
  });
}

/** A signed-in session cookie value for a user (skips the login route). */
export function sessionFor(db: Database, user: { organizationId: string; id: number }) {
  return asSystem(db, async (tx) => (await createSession(tx, user, {})).token);
}

/** The platform operator's user (created by ensureOperator) */
export async function operatorUser(db: Database) {
  const [user] = await asSystem(db, (tx) => tx.select().from(users).where(eq(users.isOperator, true)).limit(1));
  if (!user) throw new Error("no operator");
  return user;
}
