import { parseArgs } from "node:util";
import { openDatabase, runMigrations } from "../db/client.ts";
import { loadEnv } from "../env.ts";
import { generatePassword } from "../lib/tokens.ts";
import { addLeaseHistory } from "../modules/demo/add-lease-history.ts";
import { createApprovedOrganization } from "../modules/demo/create-organization.ts";
import { generateDemoData } from "../modules/demo/generate.ts";

const usage = `Usage: npm run seed -- --scale N [--seed S] [--org "Name"] [--email admin@example.com] [--password P] [--without-leases] [--without-history]
       npm run seed -- --history-only ORG_NUMBER
Creates an approved organization with about N units (properties, buildings, floor plans, zones, staff),
and tenants and leases on its occupied units with a year of ledger history (unless --without-leases;
--without-history makes the leases with an empty ledger). --history-only adds the year of ledger history
to an organization seeded --without-history (by its number, printed when it was seeded).
Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the app first).`;

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
    org: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    "without-leases": { type: "boolean", default: false },
    "without-history": { type: "boolean", default: false },
    "history-only": { type: "string" },
    help: { type: "boolean", default: false },
  },
});
const scale = Number(values.scale);
const seed = Number(values.seed);
const historyOnly = values["history-only"] === undefined ? null : Number(values["history-only"]);
if (
  values.help ||
  !Number.isInteger(scale) ||
  scale < 1 ||
  !Number.isInteger(seed) ||
  (historyOnly !== null && !Number.isInteger(historyOnly))
) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

const env = loadEnv();
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
await runMigrations(database);
if (historyOnly !== null) {
  try {
    const seconds = await addLeaseHistory(database.db, historyOnly, (m) => console.log(m));
    console.log(`A year of ledger history in ${seconds.toFixed(1)} s`);
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
  await database.close();
  process.exit();
}
const name = values.org ?? `Benchmark Realty ${scale.toLocaleString("en-US")} (seed ${seed})`;
const email = values.email ?? `admin+${scale}-${seed}-${Date.now().toString(36)}@example.com`;
const password = values.password ?? generatePassword();
const started = Date.now();
const org = await createApprovedOrganization(database.db, {
  name,
  email,
  password,
  firstName: "Seed",
  lastName: "Admin",
});
console.log(`Organization "${name}" (#${org.orgNumber}); administrator ${email} / ${password}`);
const counts = await generateDemoData(database.db, {
  ...org,
  scale,
  seed,
  leases: !values["without-leases"],
  leaseHistory: !values["without-history"],
  log: (m) => console.log(m),
});
console.log(counts);
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();
