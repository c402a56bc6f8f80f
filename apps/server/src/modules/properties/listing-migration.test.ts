import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, runMigrations } from "../../db/client.ts";

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../db/migrations");
const MIGRATION = "_listing_opt_in_apply_for_unit";
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A fresh, empty database of the kind under test (PGlite in memory, or one on the test server). */
async function emptyDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== "postgres") return openDatabase({ dataDir: "memory://" });
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `keyholder_test_listing_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), dataDir: "" });
  return {
    ...handle,
    async close() {
      await handle.close();
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * The upgrade that makes listing opt-in (decision 021): properties already published with an
 * available unit stay listed; those with none go offline, with a history entry; new ones start off.
 */
describe("migration: listing is opt-in", () => {
  let handle: DatabaseHandle;
  let before = "";
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // The migrations as they were before this one: a copy whose journal stops short of it.
    before = mkdtempSync(path.join(os.tmpdir(), "keyholder-migrations-"));
    cpSync(migrations, before, { recursive: true });
    const journalFile = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith(MIGRATION));
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalFile, JSON.stringify(journal));

    handle = await emptyDatabase();
    const migrate = handle.kind === "postgres" ? migratePg : migratePglite;
    await migrate(handle.db as never, { migrationsFolder: before });

    const { db } = handle;
    const [org] = rows<{ id: string }>(
      await db.execute(sql`insert into organizations (name, waitlist_status) values ('Old Listings', 'approved')
        returning id`),
    );
    const orgId = org?.id ?? "";
    // Each property as the old code left it: listed by default, or not listed by choice.
    const seed: [string, boolean | null, boolean[]][] = [
      ["Vacancy Place", null, [true, false]],
      ["Chosen Vacancy", true, [false]],
      ["Full House", null, [true, true]],
      ["Empty Lot", null, []],
      ["Kept Private", false, [false]],
    ];
    for (const [name, online, units] of seed) {
      const [p] = rows<{ id: string }>(
        await db.execute(
          online === null
            ? sql`insert into properties (organization_id, name, property_type_id)
                values (${orgId}, ${name}, (select id from property_types order by id limit 1)) returning id`
            : sql`insert into properties (organization_id, name, property_type_id, show_property_online)
                values (${orgId}, ${name}, (select id from property_types order by id limit 1), ${online}) returning id`,
        ),
      );
      ids[name] = p?.id ?? "";
      for (const [i, occupied] of units.entries()) {
        await db.execute(sql`insert into units (organization_id, property_id, unit_number, occupied)
          values (${orgId}, ${ids[name]}, ${String(101 + i)}, ${occupied})`);
      }
    }
    await runMigrations(handle);
  });
  afterAll(async () => {
    await handle?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  const listed = async () =>
    rows<{ name: string }>(
      await handle.db.execute(sql`select name from properties where show_property_online order by name`),
    ).map((r) => r.name);

  it("keeps listed the properties published with an available unit, and unlists the others", async () => {
    expect(await listed()).toEqual(["Chosen Vacancy", "Vacancy Place"]);
  });

  it("records the change in the history of each property it unlisted, and of no other", async () => {
    const history = rows<{ entity_id: string; action: string; changed_by: number | null; changes: unknown }>(
      await handle.db.execute(sql`select entity_id, action, changed_by, changes from audit_log
        where entity = 'property' order by entity_id`),
    );
    const unlisted = [ids["Full House"], ids["Empty Lot"]].sort();
    expect(history.map((h) => h.entity_id).sort()).toEqual(unlisted);
    for (const h of history) {
      expect(h).toMatchObject({ action: "update", changed_by: null });
      const changes = typeof h.changes === "string" ? JSON.parse(h.changes) : h.changes;
      expect(changes).toEqual({ show_property_online: { from: true, to: false } });
    }
  });

  it("creates new properties unlisted", async () => {
    const [p] = rows<{ online: boolean }>(
      await handle.db.execute(sql`insert into properties (organization_id, name, property_type_id)
        select organization_id, 'Brand New', property_type_id from properties limit 1
        returning show_property_online as online`),
    );
    expect(p?.online).toBe(false);
  });
});
