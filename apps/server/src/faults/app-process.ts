import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../server.ts");
export const FAULT_DEMO_PASSWORD = "Fault-Demo-Pass-123!";
const FAULT_ENCRYPTION_KEY = "fa".repeat(32);

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The app as production runs it (`node --import tsx apps/server/src/server.ts`), in its own process
 * so that it can be killed with SIGKILL or stopped with SIGTERM, on a data folder or database that
 * outlives it. The demo organization is seeded at the first start.
 */
export async function startApp(o: { dataDir: string; port: number; databaseUrl?: string | undefined }) {
  const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
    cwd: path.dirname(serverEntry),
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(o.port),
      DATA_DIR: o.dataDir,
      DEMO_SEED: "true",
      DEMO_PASSWORD: FAULT_DEMO_PASSWORD,
      LOG_LEVEL: "fatal",
      DATABASE_URL: o.databaseUrl ?? "",
      // A server database needs the key (env.ts); one fixed key, as a deployment keeps its own across restarts.
      ENCRYPTION_KEY: o.databaseUrl ? FAULT_ENCRYPTION_KEY : "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const base = `http://127.0.0.1:${o.port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited at start (${child.exitCode}): ${stderr.slice(-2000)}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app did not become healthy: ${stderr.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, base, exited: exitOf(child) };
}

export const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });

/** Signs in as the demo administrator; answers the session cookie for later requests. */
export async function demoCookie(base: string) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({ username: "demo@example.com", password: FAULT_DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("kh_session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0] ?? "";
}

export const jsonHeaders = (cookie: string) => ({
  "content-type": "application/json",
  [CSRF_HEADER]: CSRF_HEADER_VALUE,
  cookie,
});
