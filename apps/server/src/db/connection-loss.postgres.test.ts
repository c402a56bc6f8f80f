import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-app.ts";
import type { DatabaseHandle } from "./client.ts";

// Only a PostgreSQL server can end a connection under us (the project server-pglite leaves this file out).
describe("a lost idle database connection", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

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
