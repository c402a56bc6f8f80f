import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseIfMissing, dropDatabase } from "./load-database.ts";
import { loadProblems } from "./report.ts";
import { REQUEST_KINDS } from "./request-mix.ts";
import { runLoad } from "./run-load.ts";

// The plumbing of `npm run test:load` (issue 11, item 8) at CI size: 5 sessions for 3 s on a small
// organization instead of 100 for 60 s on 1,000,000 units.
describe("load driver", () => {
  const admin = process.env.TEST_DATABASE_URL ?? "";
  const name = `keyholder_load_${process.pid}`;
  let url = "";
  beforeAll(async () => {
    url = await createDatabaseIfMissing(admin, name);
  });
  afterAll(() => dropDatabase(admin, name));

  it("drives every kind of request, each connection as its own user, with no error", async () => {
    const connections = 5;
    const { report } = await runLoad({ databaseUrl: url, scale: 2000, connections, seconds: 3, log: () => {} });
    expect(loadProblems(report)).toEqual([]);
    expect(report.kinds.map((k) => k.kind)).toEqual([...REQUEST_KINDS]);
    for (const k of report.kinds) expect(k.requests, k.kind).toBeGreaterThan(0);
    expect(report.all.p99).toBeGreaterThan(0);

    // A connection's buildings are named after it ("Load 3-…") and must be saved by its own user.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ name: string; username: string }>(`
      select b.name, u.username from buildings b
      join users u on u.organization_id = b.organization_id and u.id = b.created_by
      where b.name like 'Load %'`);
    await client.end();
    const pairs = new Set(
      rows.map((r) => `${r.name.match(/^Load (\d+)-/)?.[1]} ${r.username.match(/^load-(\d+)\+/)?.[1]}`),
    );
    expect([...pairs].sort()).toEqual(Array.from({ length: connections }, (_, i) => `${i + 1} ${i + 1}`));
  }, 120_000);
});
