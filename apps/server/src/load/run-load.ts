import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, runMigrations } from "../db/client.ts";
import { freePort, startApp } from "../faults/app-process.ts";
import { drive, type LoadReport } from "./drive.ts";
import { ensureLoadOrganization, type LoadOrganization } from "./load-organization.ts";
import { type LoadSample, loadSample } from "./load-sample.ts";
import { loadSessions } from "./load-sessions.ts";
import { preflight } from "./preflight.ts";
import { connectionRequests } from "./request-mix.ts";

export interface LoadOptions {
  databaseUrl: string;
  /** Units of the organization to load (seeded when missing). */
  scale: number;
  /** Concurrent connections, one signed-in user each. */
  connections: number;
  seconds: number;
  log: (message: string) => void;
}

/**
 * The whole load run: the organization (seeded once), a user and session per connection, then the
 * app started as production runs it, in its own process on the same database, driven with autocannon.
 */
export async function runLoad(
  o: LoadOptions,
): Promise<{ organization: LoadOrganization; sample: LoadSample; report: LoadReport }> {
  const database = await openDatabase({ url: o.databaseUrl, dataDir: "" });
  let organization: LoadOrganization;
  let tokens: string[];
  let sample: LoadSample;
  try {
    await runMigrations(database);
    organization = await ensureLoadOrganization(database.db, o.scale, o.log);
    tokens = await loadSessions(database.db, organization, o.connections);
    sample = await loadSample(database.db, organization.orgId);
  } finally {
    await database.close();
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "keyholder-load-"));
  try {
    const app = await startApp({ dataDir, port: await freePort(), databaseUrl: o.databaseUrl });
    try {
      await preflight(app.base, connectionRequests(sample, tokens[0] ?? "", 0));
      o.log(`Driving ${o.connections} sessions for ${o.seconds} s...`);
      const report = await drive({ base: app.base, sample, tokens, seconds: o.seconds });
      return { organization, sample, report };
    } finally {
      app.child.kill("SIGTERM");
      await app.exited;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
