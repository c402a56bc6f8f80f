// `npm run dev`: the API with reload on change (tsx watch) and the Vite dev server with hot reload,
// which proxies /api to the API. Ctrl+C stops both.
import { type ChildProcess, spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
const webPort = process.env.PORT ?? "3000";
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  children.push(child);
  child.on("exit", (code) => {
    if (code !== null && code !== 0) shutdown(code);
  });
  return child;
}

function shutdown(code = 0) {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

run("npx", ["tsx", "watch", "--clear-screen=false", "apps/server/src/server.ts"], {
  PORT: apiPort,
  NODE_ENV: "development",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
});
run("npx", ["vite", "--port", webPort, "--strictPort", "apps/web"], { API_PORT: apiPort }).on("spawn", () => {
  console.log(`\nKeyholder dev: open http://localhost:${webPort} (API on ${apiPort})\n`);
});
