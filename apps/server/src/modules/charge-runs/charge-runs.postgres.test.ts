import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEnv } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
import { asSystem, type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { createApprovedOrganization } from "../demo/create-organization.ts";

/**
 * Several app servers on one PostgreSQL: each runs a job worker and the schedules; a day's charge
 * run is queued once and runs on one server at a time, and every month is posted once.
 */
describe("charge runs with two app servers on one database", () => {
  let database: DatabaseHandle;
  let second: DatabaseHandle;
  let one: Awaited<ReturnType<typeof buildApp>>;
  let two: Awaited<ReturnType<typeof buildApp>>;
  const orgIds: string[] = [];
  const now = () => new Date("2026-05-20T16:00:00Z");
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    asSystem(database.db, async (tx) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows);

  beforeAll(async () => {
    database = await createTestDatabase();
    const [name] = await rows<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? "");
    url.pathname = `/${name?.name}`;
    second = await openDatabase({ url: url.toString(), dataDir: "" });
    for (const n of [1, 2, 3]) {
      const { orgId } = await createApprovedOrganization(database.db, {
        name: `Parallel ${n}`,
        email: `parallel${n}@example.com`,
        password: "Parallel-Pass-123!",
        firstName: "P",
        lastName: String(n),
      });
      orgIds.push(orgId);
      await rows(sql`
        with p as (
          insert into properties (organization_id, name, property_type_id)
          values (${orgId}, ${`Parallel ${n}`}, (select min(id) from property_types)) returning id
        )
        insert into recurring_charges (organization_id, lease_id, property_id, account_id, amount_cents, due_day, start_date)
        select ${orgId}, gen_random_uuid(), p.id,
          (select id from ledger_accounts where organization_id = ${orgId} and role = 'rent_income'),
          50000 + i, 1 + i % 28, '2025-11-01'::date + (i % 40)
        from p, generate_series(1, 400) i`);
    }
    // Workers off until both are built: the test starts their schedules together.
    const env = () => testEnv({ JOB_WORKER: "false" });
    one = await buildApp({ env: env(), database, webDist: "/nonexistent", now });
    two = await buildApp({ env: env(), database: second, webDist: "/nonexistent", now });
    await Promise.all([one.ready(), two.ready()]);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await second.close();
    await database.close();
  });

  it("queues one run per organization and day when both servers tick at once", async () => {
    await Promise.all([one.jobs.tick(), two.jobs.tick(), one.jobs.tick(), two.jobs.tick()]);
    const queued = await rows<{ organization_id: string; dedupe_key: string }>(
      sql`select organization_id, dedupe_key from jobs order by 1`,
    );
    expect(queued.map((j) => j.organization_id)).toEqual([...orgIds].sort());
    expect(new Set(queued.map((j) => j.dedupe_key))).toEqual(new Set(["charge-run:2026-05-20"]));
  });

  it("runs each job on one server, once, and posts every month once", async () => {
    // More runs of the same organizations, asked for by hand, on top of the scheduled ones.
    await rows(sql`
      insert into jobs (organization_id, kind, params)
      select o, 'charge-run', jsonb_build_object('through', d::text, 'trigger', 'request')
      from unnest(${`{${orgIds.join(",")}}`}::uuid[]) o, (values ('2026-05-20'::date), ('2026-04-30'::date)) v(d)`);
    await Promise.all([one.jobs.drain(), two.jobs.drain(), one.jobs.drain(), two.jobs.drain()]);
    const jobs = await rows<{ status: string; attempts: number }>(sql`select status, attempts from jobs`);
    expect(jobs.length).toBe(9);
    expect(jobs.every((j) => j.status === "succeeded" && Number(j.attempts) === 1)).toBe(true);

    const duplicates = await rows(sql`
      select organization_id, idempotency_key from journal_entries group by 1, 2 having count(*) > 1`);
    expect(duplicates).toEqual([]);
    // Every month due by 20 May of every charge, computed from the charges themselves.
    const [expected] = await rows<{ n: number }>(sql`
      select count(*)::int as n from recurring_charges r,
        generate_series(date_trunc('month', r.start_date), '2026-05-20'::date, interval '1 month') m
      where greatest(m::date + least(r.due_day, extract(day from m + interval '1 month' - interval '1 day')::int) - 1,
        r.start_date) <= '2026-05-20'`);
    const [posted] = await rows<{ n: number }>(sql`select count(*)::int as n from journal_entries`);
    expect(Number(posted?.n)).toBe(Number(expected?.n));
    expect(Number(posted?.n)).toBeGreaterThan(3 * 400 * 5);
  });
});
