import { eq, sql } from "drizzle-orm";
import { asSystem, type Database } from "../db/client.ts";
import { organizations } from "../db/schema/index.ts";
import { generatePassword } from "../lib/tokens.ts";
import { createApprovedOrganization } from "../modules/demo/create-organization.ts";
import { generateDemoData } from "../modules/demo/generate.ts";

export interface LoadOrganization {
  orgId: string;
  orgNumber: number;
  name: string;
}

const SEED = 1;
/** The generator reports every 250 properties (55 lines for 1,000,000 units); a line per interval is enough. */
const PROGRESS_EVERY_MS = 20_000;

/**
 * The organization of about `scale` units the load runs on, seeded the way `npm run seed` does
 * when it is not there yet. Its staff are written last, so an organization without them is what
 * an interrupted seed left: it is removed and seeded again rather than measured half-built.
 */
export async function ensureLoadOrganization(
  db: Database,
  scale: number,
  log: (message: string) => void,
): Promise<LoadOrganization> {
  const name = `Load Realty ${scale.toLocaleString("en-US")} (seed ${SEED})`;
  const found = await asSystem(db, async (tx) => {
    const { rows } = (await tx.execute(sql`
      select o.id, o.number, exists (select 1 from staff s where s.organization_id = o.id) as finished
      from organizations o where lower(o.name) = lower(${name})`)) as unknown as {
      rows: { id: string; number: number; finished: boolean }[];
    };
    return rows[0];
  });
  if (found?.finished) return { orgId: found.id, orgNumber: Number(found.number), name };
  if (found) {
    log(`Removing "${name}", left unfinished by an interrupted seed`);
    await asSystem(db, (tx) => tx.delete(organizations).where(eq(organizations.id, found.id)));
  }

  log(`Seeding "${name}" (1,000,000 units take a few minutes; later runs reuse it)`);
  const started = Date.now();
  const org = await createApprovedOrganization(db, {
    name,
    email: `load-admin-${scale}-${SEED}@example.com`,
    password: generatePassword(),
    firstName: "Load",
    lastName: "Admin",
  });
  let lastLog = started;
  await generateDemoData(db, {
    ...org,
    scale,
    seed: SEED,
    log: (message) => {
      if (Date.now() - lastLog < PROGRESS_EVERY_MS) return;
      lastLog = Date.now();
      log(message);
    },
  });
  log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { orgId: org.orgId, orgNumber: org.orgNumber, name };
}
