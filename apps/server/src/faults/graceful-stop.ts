import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { demoCookie, freePort, startApp } from "./app-process.ts";

export interface GracefulStopReport {
  sent: number;
  /** Answered in full. */
  finished: number;
  /** Not yet read when the stop began: answered 503 (closing), as a load balancer expects. */
  refused: number;
  /** Cut off, or answered anything else: must be none. */
  cut: number;
  exitCode: number | null;
  refusedAfterStop: boolean;
  /** From SIGTERM to exit: a process manager kills what takes longer than its grace period (30 s). */
  secondsToExit: number;
}

/**
 * SIGTERM under load: the requests already being answered finish, those not yet read are refused
 * with 503, the process then closes its database pool and exits 0, and nothing is accepted after.
 */
export async function gracefulStop(o: { requests: number; databaseUrl?: string }): Promise<GracefulStopReport> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "keyholder-sigterm-"));
  try {
    const app = await startApp({ dataDir, port: await freePort(), databaseUrl: o.databaseUrl });
    const cookie = await demoCookie(app.base);
    // The requests go over connections the server has already accepted, as a load balancer's pool
    // sends them: a connection still in the kernel's accept queue when the listener closes is reset
    // by the kernel before the server sees it, on every server, and is not a request being answered.
    const agent = new http.Agent({ keepAlive: true, maxSockets: o.requests });
    const get = (pathname: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get(`${app.base}${pathname}`, { agent, headers: { cookie } }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            body += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          res.on("error", reject);
        });
        req.on("error", reject);
      });
    await Promise.all(Array.from({ length: o.requests }, () => get("/api/health")));
    const inFlight = Array.from({ length: o.requests }, () =>
      get("/api/v1/buildings/details?limit=2000").then(
        (res) =>
          res.status === 200 && JSON.parse(res.body) !== null ? "finished" : res.status === 503 ? "refused" : "cut",
        () => "cut" as const,
      ),
    );
    // Let the requests reach the server, then ask it to stop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopAt = Date.now();
    app.child.kill("SIGTERM");
    const results = await Promise.all(inFlight);
    agent.destroy();
    const { code } = await app.exited;
    const secondsToExit = (Date.now() - stopAt) / 1000;
    const refusedAfterStop = await fetch(`${app.base}/api/health`).then(
      () => false,
      () => true,
    );
    return {
      sent: o.requests,
      finished: results.filter((r) => r === "finished").length,
      refused: results.filter((r) => r === "refused").length,
      cut: results.filter((r) => r === "cut").length,
      exitCode: code,
      refusedAfterStop,
      secondsToExit,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
