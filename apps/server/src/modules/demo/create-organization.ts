import { eq } from "drizzle-orm";
import { asSystem, type Database } from "../../db/client.ts";
import { organizations, persons, roles, users } from "../../db/schema/index.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { subscriptionWindow } from "../../lib/subscription-window.ts";

export interface NewOrganization {
  name: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** An approved, active organization with its administrator (demo and benchmark organizations). */
export async function createApprovedOrganization(db: Database, o: NewOrganization) {
  const passwordHash = await hashPassword(o.password);
  return asSystem(db, async (tx) => {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "ADMIN")).limit(1);
    if (!role) throw new Error("the ADMIN role is missing; have the migrations run?");
    const [org] = await tx
      .insert(organizations)
      .values({
        name: o.name,
        subscriptionStatus: "ACTIVE",
        ...subscriptionWindow(),
        waitlistStatus: "approved",
        reviewedAt: new Date().toISOString(),
        currentSoftware: "Keyholder",
      })
      .returning({ id: organizations.id, number: organizations.number });
    if (!org) throw new Error("organization insert returned nothing");
    const [person] = await tx
      .insert(persons)
      .values({
        organizationId: org.id,
        firstName: o.firstName,
        lastName: o.lastName,
        email: o.email,
        acceptedTerms: true,
      })
      .returning({ id: persons.id });
    const [user] = await tx
      .insert(users)
      .values({
        organizationId: org.id,
        personId: person?.id,
        roleId: role.id,
        username: o.email.toLowerCase(),
        passwordHash,
        emailVerified: true,
      })
      .returning({ id: users.id });
    if (!user) throw new Error("user insert returned nothing");
    return { orgId: org.id, orgNumber: org.number, adminUserId: user.id };
  });
}
