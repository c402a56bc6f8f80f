import { sql } from "drizzle-orm";
import { asSystem, type Database } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import { generatePassword } from "../../lib/tokens.ts";
import { createApprovedOrganization } from "./create-organization.ts";
import { addDemoPhotos } from "./demo-photos.ts";
import { generateDemoData } from "./generate.ts";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_ORGANIZATION = "Sunrise Property Group";
const DEMO_SCALE = 1000;

/** The demo organization at first start; later starts leave it (and its password) alone. */
export async function ensureDemo(
  db: Database,
  storage: Storage,
  env: Pick<Env, "DEMO_SEED" | "DEMO_PASSWORD">,
): Promise<string[]> {
  if (!env.DEMO_SEED) return [];
  const [existing] = await asSystem(db, (tx) =>
    tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${DEMO_EMAIL}`).limit(1),
  );
  if (existing) return [`Demo sign-in: ${DEMO_EMAIL} (password unchanged)`];
  const password = env.DEMO_PASSWORD ?? generatePassword();
  const org = await createApprovedOrganization(db, {
    name: DEMO_ORGANIZATION,
    email: DEMO_EMAIL,
    password,
    firstName: "Demo",
    lastName: "Admin",
  });
  // The demo's staff sign in with its password too, to try the workspace as each role.
  await generateDemoData(db, { ...org, scale: DEMO_SCALE, seed: 42, staffPassword: password, leases: true });
  await addDemoPhotos(db, storage, org);
  return env.DEMO_PASSWORD
    ? [`Demo sign-in: ${DEMO_EMAIL} (password from DEMO_PASSWORD)`]
    : [`Demo sign-in: ${DEMO_EMAIL} / ${password}`, "  (generated; shown only this once)"];
}
