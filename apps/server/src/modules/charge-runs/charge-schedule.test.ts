import { addDays } from "@keyholder/contracts/civil-date";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEnv } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
import { asSystem, type DatabaseHandle } from "../../db/client.ts";
import { createApprovedOrganization } from "../demo/create-organization.ts";
import { dueMonths } from "../ledger/ledger-fixture.ts";

/**
 * The schedule: the charge run starts with the app and on a timer, catches up every month missed
 * while no server ran, and posts each exactly once. Two app lifetimes on one database, each with its
 * own clock.
 */
describe("the charge run's schedule", () => {
  let database: DatabaseHandle;
  const orgs: Record<string, string> = {};
  const charges: { id: string; org: string; start: string; due: number }[] = [];
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    asSystem(database.db, async (tx) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows);

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const [name, zone] of [
      ["Eastern Estates", "America/New_York"],
      ["Island Homes", "Pacific/Honolulu"],
    ] as const) {
      const { orgId } = await createApprovedOrganization(database.db, {
        name,
        email: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
        password: "Schedule-Pass-123!",
        firstName: name,
        lastName: "Admin",
      });
      orgs[zone] = orgId;
      await rows(sql`update organizations set time_zone = ${zone} where id = ${orgId}`);
      const [property] = await rows<{ id: string }>(sql`
        insert into properties (organization_id, name, property_type_id)
        values (${orgId}, ${name}, (select min(id) from property_types)) returning id`);
      for (const [start, due] of [
        ["2026-01-01", 1],
        ["2026-01-20", 15],
        ["2026-02-10", 28],
        ["2025-12-05", 31],
      ] as const) {
        const [charge] = await rows<{ id: string }>(sql`
          insert into recurring_charges (organization_id, lease_id, property_id, account_id, amount_cents, due_day, start_date)
          values (${orgId}, gen_random_uuid(), ${property?.id},
            (select id from ledger_accounts where organization_id = ${orgId} and role = 'rent_income'), 100000, ${due}, ${start})
          returning id`);
        charges.push({ id: String(charge?.id), org: orgId, start, due });
      }
    }
  });
  afterAll(() => database.close());

  /** An app server whose clock says `now`, its worker on (as in production), started and left running. */
  async function server(now: string) {
    const app = await buildApp({
      env: testEnv({ JOB_POLL_SECONDS: "0.05" }),
      database,
      webDist: "/nonexistent",
      now: () => new Date(now),
    });
    await app.ready();
    return app;
  }

  /** Waits until every charge run is finished; fails on one that failed. */
  async function settled() {
    for (let waited = 0; waited < 30_000; waited += 50) {
      const open = await rows<{ n: number }>(
        sql`select count(*)::int as n from jobs where status in ('queued', 'running')`,
      );
      if (Number(open[0]?.n) === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await rows(sql`select id, error from jobs where status <> 'succeeded'`)).toEqual([]);
  }

  const posted = () =>
    rows<{ idempotency_key: string; n: number }>(sql`
      select idempotency_key, count(*)::int as n from journal_entries where source = 'recurring_charge' group by 1 order by 1`);
  const expected = (throughOf: (org: string) => string) =>
    charges.flatMap((c) => dueMonths(c.start, c.due, throughOf(c.org)).map((m) => `charge:${c.id}:${m}`)).sort();

  it("runs at start, then after 40 days with no server posts every month missed, each once", async () => {
    // 15:00 UTC on 10 March: the same day in New York and Honolulu.
    const first = await server("2026-03-10T15:00:00Z");
    await settled();
    expect((await posted()).map((p) => p.idempotency_key)).toEqual(expected(() => "2026-03-10"));
    const runs = await rows<{ params: { through: string; trigger: string } }>(
      sql`select params from jobs where kind = 'charge-run'`,
    );
    expect(runs.map((r) => r.params)).toEqual([
      { through: "2026-03-10", trigger: "schedule" },
      { through: "2026-03-10", trigger: "schedule" },
    ]);
    // Ticks later the same day queue nothing more.
    await first.jobs.tick();
    await first.jobs.tick();
    expect((await rows(sql`select id from jobs where kind = 'charge-run'`)).length).toBe(2);
    await first.close();

    const later = addDays("2026-03-10", 40);
    const second = await server(`${later}T15:00:00Z`);
    await settled();
    const keys = await posted();
    expect(keys.map((p) => p.idempotency_key)).toEqual(expected(() => later));
    expect(keys.every((p) => Number(p.n) === 1)).toBe(true);
    // Several months of one charge came due in the gap (the 15th and the 28th of March and of April...).
    expect(expected(() => later).length - expected(() => "2026-03-10").length).toBeGreaterThan(charges.length);
    await second.jobs.tick();
    await second.jobs.drain();
    expect((await posted()).length).toBe(keys.length);
    await second.close();
  });

  it("dates the day by the organization's time zone", async () => {
    // 05:00 UTC on 1 June: already June in New York, still 31 May in Honolulu.
    const app = await server("2026-06-01T05:00:00Z");
    await settled();
    const through = (org: string) => (org === orgs["America/New_York"] ? "2026-06-01" : "2026-05-31");
    expect((await posted()).map((p) => p.idempotency_key)).toEqual(expected(through));
    const june = (await posted()).filter((p) => p.idempotency_key.endsWith(":2026-06-01"));
    expect(june.length).toBe(1);
    await app.close();
  });
});
