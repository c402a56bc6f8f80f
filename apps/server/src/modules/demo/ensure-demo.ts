import { sql } from "drizzle-orm";
import { asSystem, type Database } from "../../db/client.ts";
import { residentAccounts, users } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { hashPassword } from "../../lib/passwords.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import { generatePassword } from "../../lib/tokens.ts";
import { createApprovedOrganization } from "./create-organization.ts";
import { addDemoPhotos } from "./demo-photos.ts";
import { generateDemoData } from "./generate.ts";
import { generateBanking } from "./generate-banking.ts";
import { generateOwners } from "./generate-owners.ts";
import { generatePayables } from "./generate-payables.ts";
import { generateReconciliation } from "./generate-reconciliation.ts";
import { generateStatement } from "./generate-statement.ts";
import { generateVendors } from "./generate-vendors.ts";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_ORGANIZATION = "Sunrise Property Group";
export const DEMO_RESIDENT_EMAIL = "resident@example.com";
const RESIDENT_LINE = `Resident portal: /resident/sign-in as ${DEMO_RESIDENT_EMAIL} (same password)`;
const DEMO_SCALE = 1000;

/** The demo organization at first start; later starts leave it (and its password) alone. */
export async function ensureDemo(
  db: Database,
  storage: Storage,
  env: Pick<Env, "DEMO_SEED" | "DEMO_PASSWORD">,
  box: SecretBox,
): Promise<string[]> {
  if (!env.DEMO_SEED) return [];
  const [existing] = await asSystem(db, (tx) =>
    tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${DEMO_EMAIL}`).limit(1),
  );
  if (existing) {
    const [resident] = await asSystem(db, (tx) =>
      tx
        .select({ id: residentAccounts.id })
        .from(residentAccounts)
        .where(sql`lower(${residentAccounts.email}) = ${DEMO_RESIDENT_EMAIL}`)
        .limit(1),
    );
    return [`Demo sign-in: ${DEMO_EMAIL} (password unchanged)`, ...(resident ? [RESIDENT_LINE] : [])];
  }
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
  await asSystem(db, (tx) => generateVendors(tx, org, box));
  await asSystem(db, (tx) => generateBanking(tx, org));
  await asSystem(db, (tx) => generatePayables(tx, org));
  await asSystem(db, (tx) => generateOwners(tx, org, box));
  await asSystem(db, (tx) => generateStatement(tx, org));
  await asSystem(db, (tx) => generateReconciliation(tx, org));
  // A work order for each request given to staff or a vendor, as the migration made them (decision 034).
  await asSystem(db, (tx) => tx.execute(sql`select maintenance_work_orders_backfill(${org.orgId})`));
  const resident = (await addDemoResident(db, org.orgId, password)) ? [RESIDENT_LINE] : [];
  return env.DEMO_PASSWORD
    ? [`Demo sign-in: ${DEMO_EMAIL} (password from DEMO_PASSWORD)`, ...resident]
    : [`Demo sign-in: ${DEMO_EMAIL} / ${password}`, "  (generated; shown only this once)", ...resident];
}

/**
 * The demo's resident (decision 036): the primary tenant of an active lease that owes a balance and
 * has requests, with an account already accepted (its password the demo's, no invitation pending),
 * under the demo's resident address, which the tenant's record takes too (status emails go to it).
 */
async function addDemoResident(db: Database, orgId: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return asSystem(db, async (tx) => {
    const { rows } = (await tx.execute(sql`
      select l.id as lease_id, p.tenant_id from leases l
      join lease_parties p on p.organization_id = l.organization_id and p.lease_id = l.id and p.role = 'primary'
      join lease_balances b on b.organization_id = l.organization_id and b.lease_id = l.id
      where l.organization_id = ${orgId} and l.status = 'active' and b.balance_cents > 0
        and exists (select 1 from maintenance_requests r where r.organization_id = l.organization_id
          and r.lease_id = l.id and r.tenant_id = p.tenant_id)
      order by (select count(*) from maintenance_requests r where r.organization_id = l.organization_id
          and r.lease_id = l.id and r.status not in ('completed', 'canceled')) desc, l.lease_no
      limit 1`)) as unknown as { rows: { lease_id: string; tenant_id: string }[] };
    const chosen = rows[0];
    if (!chosen) return false;
    // The address is the platform's once: an account elsewhere holding it leaves the demo without one.
    const made = await tx
      .insert(residentAccounts)
      .values({
        organizationId: orgId,
        tenantId: chosen.tenant_id,
        email: DEMO_RESIDENT_EMAIL,
        passwordHash,
        activatedAt: sql`now()`,
      })
      .onConflictDoNothing()
      .returning({ id: residentAccounts.id });
    if (!made.length) return false;
    await tx.execute(sql`update tenants set email = ${DEMO_RESIDENT_EMAIL}
      where organization_id = ${orgId} and id = ${chosen.tenant_id}`);
    return true;
  });
}
