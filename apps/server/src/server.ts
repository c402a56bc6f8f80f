import { buildApp } from "./app.ts";
import { bootstrap } from "./bootstrap.ts";
import { openDatabase, runMigrations } from "./db/client.ts";
import { type Env, loadEnv } from "./env.ts";

let env: Env;
try {
  env = loadEnv();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await runMigrations(database);
const app = await buildApp({ env, database });
const notices = await bootstrap(app, env);

// SIGTERM: stop accepting, let the requests being answered finish, then close the pool and exit.
// A keep-alive connection that goes idle after the stop began would otherwise hold the close for
// the keep-alive timeout (72 s), so idle connections are closed as they appear.
const close = async () => {
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  await app.close();
  clearInterval(closeIdle);
  await database.close();
  process.exit(0);
};
process.once("SIGINT", close);
process.once("SIGTERM", close);

await app.listen({ host: env.HOST, port: env.PORT });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : env.PORT;
const url = env.PUBLIC_URL ?? `http://localhost:${port}`;
console.log(`\nKeyholder is running at ${url}`);
const local = env.HOST === "localhost" || env.HOST === "::1" || env.HOST.startsWith("127.");
console.log(
  local
    ? `Listening on ${env.HOST}:${port}, this machine only (HOST=0.0.0.0 accepts other machines)`
    : `Listening on ${env.HOST}:${port}: other machines can reach it`,
);
console.log(
  `Database: ${database.kind === "postgres" ? "PostgreSQL server (DATABASE_URL)" : `embedded, in ${env.DATA_DIR}`}`,
);
for (const line of notices) console.log(line);
