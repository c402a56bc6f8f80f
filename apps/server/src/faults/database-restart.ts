import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoCookie, freePort, jsonHeaders, startApp } from "./app-process.ts";
import { startThrowawayCluster } from "./throwaway-cluster.ts";

export interface DatabaseRestartReport {
  mode: "fast" | "immediate";
  requests: number;
  ok: number;
  /** Answered 503 while the database was away. */
  unavailable: number;
  /** Anything else: a 500, or the app not answering at all. Must be none. */
  other: string[];
  appAlive: boolean;
  servesAfter: boolean;
}

/**
 * PostgreSQL restarted under load (a cluster of the test's own): the app stays up, answers 503
 * while the database is away and serves again once it is back.
 */
export async function databaseRestart(o: { mode: "fast" | "immediate"; workers: number }) {
  const cluster = startThrowawayCluster(await freePort());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "keyholder-dbrestart-"));
  try {
    const app = await startApp({ dataDir, port: await freePort(), databaseUrl: cluster.url });
    const cookie = await demoCookie(app.base);
    const list = await fetch(`${app.base}/api/v1/buildings/details?limit=1`, { headers: { cookie } });
    const propertyId = ((await list.json()) as { buildings: { property_id: string }[] }).buildings[0]?.property_id;
    const report: DatabaseRestartReport = {
      mode: o.mode,
      requests: 0,
      ok: 0,
      unavailable: 0,
      other: [],
      appAlive: false,
      servesAfter: false,
    };
    let running = true;
    const worker = async (w: number) => {
      for (let i = 0; running; i++) {
        report.requests++;
        try {
          const res =
            i % 3 === 0
              ? await fetch(`${app.base}/api/v1/buildings`, {
                  method: "POST",
                  headers: jsonHeaders(cookie),
                  body: JSON.stringify({ name: `restart-${w}-${i}`, property_id: propertyId }),
                })
              : await fetch(`${app.base}/api/v1/buildings/details?limit=50`, { headers: { cookie } });
          await res.arrayBuffer();
          if (res.ok) report.ok++;
          else if (res.status === 503 && res.headers.get("retry-after")) report.unavailable++;
          else report.other.push(`${res.status}`);
        } catch (err) {
          report.other.push(`no answer: ${(err as Error).message}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: o.workers }, (_, w) => worker(w)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await cluster.restart(o.mode);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await load;
    report.appAlive = app.child.exitCode === null && app.child.signalCode === null;
    report.servesAfter = (await fetch(`${app.base}/api/v1/buildings/details?limit=1`, { headers: { cookie } })).ok;
    app.child.kill("SIGTERM");
    await app.exited;
    return report;
  } finally {
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
