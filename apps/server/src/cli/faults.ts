import { databaseRestart } from "../faults/database-restart.ts";
import { gracefulStop } from "../faults/graceful-stop.ts";
import { killRestart } from "../faults/kill-restart.ts";
import { throwawayClusterUnavailable } from "../faults/throwaway-cluster.ts";

/**
 * `npm run test:faults`: kill -9 during 1,000 concurrent writes on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL, SIGTERM under load, and a PostgreSQL restart under load on a
 * throwaway cluster. Prints each report; exits 1 when any property does not hold.
 */
const writes = Number(process.env.FAULT_WRITES ?? 1000);
const results: { name: string; ok: boolean; report: unknown }[] = [];
const record = (name: string, ok: boolean, report: unknown) => {
  results.push({ name, ok, report });
  console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${JSON.stringify(report)}`);
};

const pgAdmin = process.env.TEST_DATABASE_URL;
let pgUrl: string | undefined;
if (pgAdmin) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: pgAdmin });
  await client.connect();
  await client.query("drop database if exists keyholder_faults_cli with (force)");
  await client.query("create database keyholder_faults_cli");
  await client.end();
  const url = new URL(pgAdmin);
  url.pathname = "/keyholder_faults_cli";
  pgUrl = url.toString();
}

for (const databaseUrl of [undefined, ...(pgUrl ? [pgUrl] : [])]) {
  const kind = databaseUrl ? "PostgreSQL" : "PGlite";
  const kill = await killRestart({ writes, concurrency: 50, ...(databaseUrl ? { databaseUrl } : {}) });
  record(
    `kill -9 during ${writes} writes (${kind})`,
    kill.lostCreates.length + kill.lostUpdates.length + kill.withoutHistory.length === 0,
    kill,
  );
  const stop = await gracefulStop({ requests: 100, ...(databaseUrl ? { databaseUrl } : {}) });
  record(
    `SIGTERM under load (${kind})`,
    stop.cut === 0 && stop.exitCode === 0 && stop.refusedAfterStop && stop.secondsToExit < 30,
    stop,
  );
}
if (!pgUrl)
  console.log("skipped: PostgreSQL runs (set TEST_DATABASE_URL to a server the script may create a database on)");

const unavailable = throwawayClusterUnavailable();
if (unavailable) console.log(`skipped: PostgreSQL restart under load (${unavailable})`);
else {
  for (const mode of ["fast", "immediate"] as const) {
    const report = await databaseRestart({ mode, workers: 50 });
    record(
      `PostgreSQL restart -m ${mode} under load`,
      report.other.length === 0 && report.appAlive && report.servesAfter && report.unavailable > 0,
      { ...report, other: report.other.slice(0, 10) },
    );
  }
}
if (pgAdmin) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: pgAdmin });
  await client.connect();
  await client.query("drop database if exists keyholder_faults_cli with (force)");
  await client.end();
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
