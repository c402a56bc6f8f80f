import { errorCodes } from "@keyholder/contracts/errors";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy } from "../../test/tcp-proxy.ts";
import { createTestDatabase, signedInOrganization, testEnv } from "../../test/test-app.ts";
import { buildApp } from "../app.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";

// Only a PostgreSQL server can end a connection under us (the project server-pglite leaves this file out).
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe("a lost idle database connection", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it("is replaced on the next query instead of stopping the process", async () => {
    const [current] = rows<{ name: string }>(await handle.db.execute(sql`select current_database() as name`));
    // The pool's connection is idle now; end it from the server side, as a restart would.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const ended = await admin.query(
      "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [current?.name],
    );
    await admin.end();
    expect(ended.rows.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [after] = rows<{ n: number }>(await handle.db.execute(sql`select 2 as n`));
    expect(after?.n).toBe(2);
  });
});

describe("the database lost while requests use it", () => {
  let direct: DatabaseHandle;
  let viaProxy: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let cookie: string;

  beforeAll(async () => {
    direct = await createTestDatabase();
    const [current] = rows<{ name: string }>(await direct.db.execute(sql`select current_database() as name`));
    const server = new URL(process.env.TEST_DATABASE_URL ?? "");
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const url = new URL(server);
    url.port = String(proxy.port);
    url.pathname = `/${current?.name}`;
    viaProxy = await openDatabase({ url: url.toString(), dataDir: "" });
    app = await buildApp({ env: testEnv(), database: viaProxy, webDist: "/nonexistent" });
    await app.ready();
    ({ cookie } = await signedInOrganization({ app, db: direct.db } as never, "Cut Co"));
  });
  afterAll(async () => {
    await app.close();
    // Would wait forever for a connection that was never given back.
    await viaProxy.close();
    await proxy.close();
    await direct.close();
  });

  const get = (url: string) => app.inject({ method: "GET", url, cookies: { kh_session: cookie } });

  it("answers 503 with Retry-After when a connection in use is cut, and the process lives on", async () => {
    expect((await get("/api/v1/buildings/details")).statusCode).toBe(200);
    proxy.cutOnNextQuery();
    const cut = await get("/api/v1/buildings/details");
    expect(cut.statusCode).toBe(503);
    expect(cut.headers["retry-after"]).toBeDefined();
    expect(cut.json().error.code).toBe(errorCodes.databaseUnavailable);
    // The pg client emits 'error' a little after the query fails; give it the time it took in production.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await get("/api/v1/buildings/details")).statusCode).toBe(200);
  });

  it("gives every cut connection back to the pool, so more cuts than its size leave it serving", async () => {
    for (let i = 0; i < 12; i++) {
      proxy.cutOnNextQuery();
      expect((await get("/api/v1/buildings/details")).statusCode).toBe(503);
    }
    expect((await get("/api/v1/buildings/details")).statusCode).toBe(200);
  });

  it("answers 503 while the database is down, health included, and serves again once it is back", async () => {
    proxy.down();
    const health = await get("/api/health");
    expect(health.statusCode).toBe(503);
    expect(health.headers["retry-after"]).toBeDefined();
    const list = await get("/api/v1/buildings/details");
    expect(list.statusCode).toBe(503);
    expect(list.json().error).toMatchObject({ code: errorCodes.databaseUnavailable });
    const login = await app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { username: "cut-co@example.com", password: "Fixture-Pass-123!" },
    });
    expect(login.statusCode).toBe(503);
    proxy.up();
    expect((await get("/api/health")).statusCode).toBe(200);
    expect((await get("/api/v1/buildings/details")).statusCode).toBe(200);
  });
});
