import { parseArgs } from "node:util";
import { loadDatabaseUrl } from "../load/load-database.ts";
import { formatReport, loadProblems } from "../load/report.ts";
import { runLoad } from "../load/run-load.ts";

const usage = `Usage: npm run test:load [-- --scale N] [--seconds S] [--connections C]
Starts the app as production runs it and drives it with autocannon: C signed-in sessions (default
100) for S seconds (60) mixing grid pages, header search, property overviews and building writes on
an organization of about N units (1,000,000; seeded at first use, a few minutes, then reused).
Also LOAD_SCALE, LOAD_SECONDS, LOAD_CONNECTIONS. Needs PostgreSQL: DATABASE_URL, or
TEST_DATABASE_URL to create and use the database keyholder_load on that server.
Exits 1 when any request errs, times out or answers other than 2xx.`;

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: process.env.LOAD_SCALE ?? "1000000" },
    seconds: { type: "string", default: process.env.LOAD_SECONDS ?? "60" },
    connections: { type: "string", default: process.env.LOAD_CONNECTIONS ?? "100" },
    help: { type: "boolean", default: false },
  },
});
const [scale, seconds, connections] = [values.scale, values.seconds, values.connections].map(Number);
const positive = (n: number | undefined): n is number => Number.isInteger(n) && (n ?? 0) > 0;
if (values.help || !positive(scale) || !positive(seconds) || !positive(connections)) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

const databaseUrl = await loadDatabaseUrl();
if (!databaseUrl) {
  console.log(`No PostgreSQL server: set DATABASE_URL or TEST_DATABASE_URL.\n\n${usage}`);
  process.exit(2);
}
const log = (message: string) => console.log(message);
const { organization, sample, report } = await runLoad({ databaseUrl, scale, seconds, connections, log });
const n = (value: number) => value.toLocaleString("en-US");
console.log(
  `\n${n(connections)} session${connections === 1 ? "" : "s"} for ${seconds} s on "${organization.name}": ${n(sample.units)} units, ` +
    `${n(sample.buildings)} buildings, ${n(sample.floorPlans)} floor plans (PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}).\n`,
);
console.log(formatReport(report));
const problems = loadProblems(report);
console.log(problems.length ? `\nFAIL: ${problems.join("; ")}` : "\nok: no errors, every answer 2xx");
process.exit(problems.length ? 1 : 0);
