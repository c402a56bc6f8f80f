// The whole test suite: `npm test`. Runs every vitest project this machine can run, says plainly why
// any is skipped, and ends with one line "N passed, N failed" taken from vitest's JSON report.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const root = new URL("..", import.meta.url).pathname;
const report = `${root}.vitest-report.json`;
const projects = ["contracts", "architecture", "server-pglite", "web"];
const skipped = [];
const required = (name) => process.env[name] === "1" || process.env[name] === "true";

const pgUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
try {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  await client.end();
  projects.push("server-postgres");
  process.env.TEST_DATABASE_URL = pgUrl;
} catch (err) {
  const reason = `PostgreSQL suite skipped: no server at ${pgUrl.replace(/:[^:@/]*@/, ":***@")} (${err.message}); set TEST_DATABASE_URL to run it`;
  if (required("REQUIRE_POSTGRES")) {
    console.error(reason.replace("skipped", "required but unavailable"));
    process.exit(1);
  }
  skipped.push(reason);
}

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (existsSync(chromium)) {
  process.env.CHROMIUM_PATH = chromium;
  projects.push("browser");
  const build = spawnSync("npm", ["run", "build", "-w", "@keyholder/web"], { stdio: "inherit", cwd: root });
  if (build.status !== 0) {
    console.error("web build failed; browser tests cannot run");
    console.log("0 passed, 1 failed");
    process.exit(1);
  }
} else {
  const reason = `Browser suite skipped: no Chromium at ${chromium} (install Debian's chromium or set CHROMIUM_PATH)`;
  if (required("REQUIRE_BROWSER")) {
    console.error(reason.replace("skipped", "required but unavailable"));
    process.exit(1);
  }
  skipped.push(reason);
}

console.log(`Node ${process.version}`);
for (const line of skipped) console.log(`\n*** ${line}\n`);

// Static checks count as tests: lint/format (Biome) and types (TypeScript) over every workspace.
const staticChecks = [
  ["lint", ["biome", "check", "."]],
  ["typecheck", ["npm", "run", "--silent", "typecheck"]],
].map(([name, [cmd, ...rest]]) => {
  const result = spawnSync(cmd === "npm" ? "npm" : "npx", cmd === "npm" ? rest : [cmd, ...rest], {
    stdio: "inherit",
    cwd: root,
  });
  if (result.status !== 0) console.error(`\n${name} failed`);
  return result.status === 0;
});

rmSync(report, { force: true });
const args = [
  "vitest",
  "run",
  ...projects.flatMap((p) => ["--project", p]),
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
// The browser tests' first start with each environment leaves its data folder here and later ones
// copy it (tests/e2e/harness.ts); the server tests' PostgreSQL databases are copies of one migrated
// template (apps/server/test/test-app.ts). Both are removed when the run ends.
const runDir = mkdtempSync(path.join(os.tmpdir(), "keyholder-test-run-"));
const run = spawnSync("npx", args, {
  stdio: "inherit",
  cwd: root,
  env: { ...process.env, KEYHOLDER_E2E_SNAPSHOTS: path.join(runDir, "e2e") },
});
rmSync(runDir, { recursive: true, force: true });
if (projects.includes("server-postgres")) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  const { rows } = await client.query(
    String.raw`select datname from pg_database where datname like 'keyholder\_template\_%'`,
  );
  for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  await client.end();
}

let passed = 0;
let failed = 0;
let pending = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed = r.numPassedTests ?? 0;
  failed = r.numFailedTests ?? 0;
  // A file that fails before its tests run (import error) has no failed test of its own.
  if (failed === 0) failed = r.numFailedTestSuites ?? 0;
  pending = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} else {
  failed = 1;
}
for (const line of skipped) console.log(line);
if (run.status !== 0 && failed === 0) failed = 1;
passed += staticChecks.filter(Boolean).length;
failed += staticChecks.filter((ok) => !ok).length;
console.log(`${passed} passed, ${failed} failed${pending ? `, ${pending} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
