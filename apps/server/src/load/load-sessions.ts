import { and, eq, inArray } from "drizzle-orm";
import { asSystem, type Database } from "../db/client.ts";
import { persons, roles, users } from "../db/schema/index.ts";
import { hashPassword } from "../lib/passwords.ts";
import { createSession, deleteOtherSessions } from "../lib/sessions.ts";
import { generatePassword } from "../lib/tokens.ts";
import type { LoadOrganization } from "./load-organization.ts";

/**
 * One property manager per connection, each with a fresh session, made in the database by the
 * login route's own createSession. Signing 100 users in through POST /auth/login from one address
 * would meet its per-address limit (50 per 15 minutes), which exists to stop exactly that. The
 * users are kept for the next run; their earlier sessions end. Answers the session tokens.
 */
export async function loadSessions(db: Database, org: LoadOrganization, count: number): Promise<string[]> {
  const usernames = Array.from({ length: count }, (_, i) => `load-${i + 1}+org${org.orgNumber}@example.com`);
  const known = () =>
    asSystem(db, (tx) =>
      tx
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(and(eq(users.organizationId, org.orgId), inArray(users.username, usernames))),
    );
  const existing = new Set((await known()).map((u) => u.username));
  const missing = usernames.filter((u) => !existing.has(u));
  if (missing.length) {
    // Nobody signs in with these passwords; one hash serves them all (argon2 costs 19 MiB each).
    const passwordHash = await hashPassword(generatePassword());
    await asSystem(db, async (tx) => {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "PROPERTY_MANAGER"));
      if (!role) throw new Error("the PROPERTY_MANAGER role is missing; have the migrations run?");
      const people = await tx
        .insert(persons)
        .values(
          missing.map((email, i) => ({
            organizationId: org.orgId,
            firstName: "Load",
            lastName: `Manager ${i + 1}`,
            email,
            acceptedTerms: true,
          })),
        )
        .returning({ id: persons.id });
      await tx.insert(users).values(
        missing.map((username, i) => ({
          organizationId: org.orgId,
          personId: people[i]?.id,
          roleId: role.id,
          username,
          passwordHash,
          emailVerified: true,
        })),
      );
    });
  }
  const byName = new Map((await known()).map((u) => [u.username, u.id]));
  return asSystem(db, async (tx) => {
    const tokens: string[] = [];
    for (const username of usernames) {
      const user = { organizationId: org.orgId, id: byName.get(username) ?? -1 };
      await deleteOtherSessions(tx, user);
      tokens.push((await createSession(tx, user, { userAgent: "keyholder-load" })).token);
    }
    return tokens;
  });
}
