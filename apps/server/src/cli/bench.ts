import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { asSystem, openDatabase, runMigrations, withOrg } from "../db/client.ts";
import { organizations } from "../db/schema/index.ts";
import { loadEnv } from "../env.ts";

/**
 * Times representative list queries inside the request role's RLS context on the largest
 * organization (seed one first: npm run seed -- --scale 1000000). Prints p50/p95 per query.
 */
const { values } = parseArgs({ options: { runs: { type: "string", default: "30" } } });
const runs = Math.max(5, Number(values.runs) || 30);
const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await runMigrations(database);
const db = database.db;

const [largest] = (
  (await asSystem(db, (tx) =>
    tx.execute(sql`select organization_id as id, count(*)::int as units from units group by 1 order by 2 desc limit 1`),
  )) as unknown as { rows: { id: string; units: number }[] }
).rows;
if (!largest) {
  console.log("No units yet: run `npm run seed -- --scale 100000` first.");
  process.exit(1);
}
const [org] = await asSystem(db, (tx) =>
  tx.select({ name: organizations.name }).from(organizations).where(sql`${organizations.id} = ${largest.id}`),
);
console.log(`Organization "${org?.name}" with ${largest.units.toLocaleString("en-US")} units; ${runs} runs each\n`);

const queries: Record<string, ReturnType<typeof sql>> = {
  "units, first page by unit number": sql`select * from units order by unit_number, unit_id limit 2000`,
  "units, deep page by unit number (offset 90%)": sql`select * from units order by unit_number, unit_id limit 2000 offset ${Math.floor(largest.units * 0.9)}`,
  "buildings with unit totals, first page by name": sql`
    select b.id, b.name, count(u.unit_id)::int as total_units, count(u.unit_id) filter (where u.occupied)::int as occupied_units
    from (select * from buildings order by name, id limit 2000) b
    left join units u on u.organization_id = b.organization_id and u.building_id = b.id
    group by b.id, b.name order by b.name, b.id`,
  "properties by name": sql`select * from properties order by name, id limit 200`,
};

const ms = (ns: bigint) => Number(ns) / 1e6;
for (const [label, query] of Object.entries(queries)) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await withOrg(db, { orgId: largest.id }, (tx) => tx.execute(query));
    times.push(ms(process.hrtime.bigint() - start));
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(1);
  console.log(`${label.padEnd(52)} p50 ${at(0.5)} ms   p95 ${at(0.95)} ms`);
}
await database.close();
