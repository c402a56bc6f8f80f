import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { organizations, users } from "../../db/schema/index.ts";

/** Usernames are emails, compared without case or surrounding space. */
export async function usernameExists(tx: Tx, username: string) {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`)
    .limit(1);
  return row !== undefined;
}

export async function organizationNameExists(tx: Tx, name: string) {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(organizations)
    .where(sql`lower(${organizations.name}) = lower(${name.trim()})`)
    .limit(1);
  return row !== undefined;
}
