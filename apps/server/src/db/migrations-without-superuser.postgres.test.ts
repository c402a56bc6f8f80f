import { buildingListSchema } from "@keyholder/contracts/buildings";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInOrganization, testEnv } from "../../test/test-app.ts";
import { buildApp } from "../app.ts";
import { type DatabaseHandle, openDatabase, runMigrations } from "./client.ts";

// A managed PostgreSQL server gives the application's role no superuser: the migrations must still
// apply, and the grid filters (decision 018) give the same rows without the indexes they cannot make.
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe("migrations by a role that is not a superuser", () => {
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const role = `keyholder_owner_${suffix}`;
  const name = `keyholder_test_owner_${suffix}`;
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  let handle: DatabaseHandle;
  const admin = async (statements: string[]) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    for (const statement of statements) await client.query(statement);
    await client.end();
  };

  beforeAll(async () => {
    await admin([`create role ${role} login nosuperuser createrole`, `create database ${name} owner ${role}`]);
    const url = new URL(adminUrl);
    url.username = role;
    url.password = "";
    url.pathname = `/${name}`;
    handle = await openDatabase({ url: url.toString(), dataDir: "" });
  });
  afterAll(async () => {
    await handle?.close();
    await admin([`drop database if exists ${name} with (force)`, `drop role if exists ${role}`]);
  });

  it("apply, without the trigram class or a leakproof promise they may not make", async () => {
    await runMigrations(handle);
    const [state] = rows<{ superuser: boolean; classes: number; leakproof: boolean }>(
      await handle.db.execute(sql`select
        (select rolsuper from pg_roles where rolname = current_user) as superuser,
        (select count(*)::int from pg_opclass where opcname = 'grid_trgm_ops') as classes,
        (select proleakproof from pg_proc where proname = 'grid_ilike') as leakproof`),
    );
    expect(state).toEqual({ superuser: false, classes: 0, leakproof: false });
  });

  it("serve filtered grids with the same rows as the reference", async () => {
    const app = await buildApp({ env: testEnv(), database: handle, webDist: "/nonexistent" });
    await app.ready();
    try {
      const { cookie } = await signedInOrganization({ app, db: handle.db } as never, "Owner Co", { scale: 200 });
      const list = async (query: string) => {
        const res = await app.inject({
          method: "GET",
          url: `/api/v1/buildings/details?limit=2000&${query}`,
          cookies: { kh_session: cookie },
        });
        expect(res.statusCode).toBe(200);
        return buildingListSchema.parse(res.json());
      };
      const all = (await list("")).buildings;
      const text = all[0]?.name?.slice(1) ?? "a";
      const want = all.filter((b) => b.name?.toLowerCase().includes(text.toLowerCase())).map((b) => b.id);
      const got = await list(`filters=${encodeURIComponent(JSON.stringify({ name: text }))}`);
      expect(got.buildings.map((b) => b.id).sort()).toEqual(want.sort());
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(all.length);
    } finally {
      await app.close();
    }
  });
});
