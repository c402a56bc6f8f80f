import { sql } from "drizzle-orm";
import { buildApp } from "../app.ts";
import { asSystem, type DatabaseHandle } from "../db/client.ts";
import type { Env } from "../env.ts";
import { createApprovedOrganization } from "../modules/demo/create-organization.ts";

type Rows<T> = { rows: T[] };

/** The day the ledger benches run on: their charges start in April 2026. */
export const BENCH_NOW = new Date("2026-04-20T12:00:00Z");

/**
 * A fresh approved organization for a ledger bench (`label`: "Charge", "Ledger"), with one property
 * per hundred of `items` (charges or leases, a hundred to a property), and a query helper that runs
 * as the system (the benches write what the request role cannot). Left in place afterwards: bench
 * on a database of its own.
 */
export async function benchOrganization(database: DatabaseHandle, label: string, items: number) {
  const stamp = Date.now();
  const slug = label.toLowerCase();
  const { orgId } = await createApprovedOrganization(database.db, {
    name: `${label} bench ${stamp}`,
    email: `${slug}-bench-${stamp}@keyholder.invalid`,
    password: `Bench-${stamp}-Pass!`,
    firstName: label,
    lastName: "Bench",
  });
  const q = <T>(query: ReturnType<typeof sql>) =>
    asSystem(database.db, async (tx) => ((await tx.execute(query)) as unknown as Rows<T>).rows);
  await q(sql`insert into properties (organization_id, name, property_type_id)
    select ${orgId}, 'Bench property ' || i, (select min(id) from property_types)
    from generate_series(1, ${Math.ceil(items / 100)}) i`);
  return { orgId, q };
}

/** The app with its job machinery but no worker (the bench drains the queue), on the bench's day. */
export async function benchApp(database: DatabaseHandle, env: Env) {
  const app = await buildApp({
    env: { ...env, JOB_WORKER: false, LOG_LEVEL: "error" },
    database,
    webDist: "/nonexistent",
    now: () => BENCH_NOW,
  });
  await app.ready();
  return app;
}
