import { randomUUID } from "node:crypto";
import { reportRunSchema, reportRunsSchema } from "@keyholder/contracts/report-runs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { xlsxRows } from "../../../test/report-files.ts";
import { asSystem } from "../../db/client.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";
import { reportFileKey } from "./report-run-job.ts";

// A run saves its rows written as often as it can here (a real one: every 2 seconds).
const { t, org, send } = await leaseTestApp("Background Bay", { properties: 2, env: { REPORT_PROGRESS_SECONDS: "0" } });
const other = await ledgerOrganization(t, "Other Bay");
const [, p1] = org.propertyIds as [string, string];

// A lease at each property, each owing a month's rent.
for (const [property, name, cents] of [
  [0, "R-1", 100_000],
  [1, "R-2", 90_000],
] as const) {
  const lease = await leaseFixture(t, org, { property, name });
  const res = await send("POST", `/leases/${lease.id}/charges`, {
    payload: {
      idempotency_key: randomUUID(),
      account_id: org.account("rent_income"),
      amount_cents: cents,
      posted_on: "2026-03-01",
      description: "Rent",
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const start = async (payload: object, as: { cookie: string } = org) => {
  const res = await send("POST", "/report-runs", { payload, org: as });
  expect(res.statusCode, res.body).toBe(202);
  return reportRunSchema.parse(res.json());
};
const read = async (id: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/report-runs/${id}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return reportRunSchema.parse(res.json());
};
const file = (id: string, as: { cookie: string } = org) => send("GET", `/report-runs/${id}/file`, { org: as });

describe("reports run in the background (issue 30 item 7)", () => {
  it("writes the same file a download would, keeps it in the requester's Downloads and emails the link", async () => {
    const queued = await start({ report: "rent-roll", params: { as_of: "2026-03-31" }, format: "xlsx", email: true });
    expect(queued).toMatchObject({
      status: "queued",
      title: "Rent roll",
      progress: { phase: "waiting" },
      summary: null,
      file: null,
    });
    expect((await file(queued.id)).statusCode).toBe(409);
    await t.app.jobs.drain();
    const done = await read(queued.id);
    expect(done).toMatchObject({ status: "succeeded", progress: { phase: "done", step: 3, steps: 3 } });
    expect(done.file?.name).toBe("rent-roll-2026-03-31.xlsx");
    expect(done.summary).toContain("As of 2026-03-31");
    const written = await file(queued.id);
    expect(written.statusCode).toBe(200);
    expect(done.file?.bytes).toBe(written.rawPayload.length);
    const direct = await send("GET", "/reports/rent-roll?as_of=2026-03-31&format=xlsx");
    expect(await xlsxRows(written.rawPayload)).toEqual(await xlsxRows(direct.rawPayload));
    const listed = reportRunsSchema.parse((await send("GET", "/report-runs")).json()).runs;
    expect(listed.map((r) => r.id)).toContain(queued.id);
    await t.app.mailer.idle();
    const [mail] = await systemRows<{ subject: string; text_body: string }>(
      t,
      sql`select subject, text_body from mail_outbox where to_address = ${org.email} order by id desc limit 1`,
    );
    expect(mail?.subject).toBe("Rent roll is ready");
    expect(mail?.text_body).toContain(`/api/v1/report-runs/${queued.id}/file`);
  });

  it("saves how many rows it has written while it writes, and renews its claim on the job", async () => {
    // Every progress the runs save, as the database saw it.
    await systemRows(t, sql`create table seen_progress (job_id text, rows int, locked_until timestamptz)`);
    await systemRows(
      t,
      sql.raw(`create function note_progress() returns trigger language plpgsql security definer as $$
        begin
          if new.progress ? 'rows' then
            insert into seen_progress values (new.id::text, (new.progress->>'rows')::int, new.locked_until);
          end if;
          return new;
        end $$`),
    );
    await systemRows(
      t,
      sql`create trigger note_progress after update of progress on jobs for each row execute function note_progress()`,
    );
    for (const [report, format] of [
      ["rent-roll", "csv"],
      ["delinquency", "xlsx"],
    ] as const) {
      const run = await start({ report, params: { as_of: "2026-03-31" }, format });
      await t.app.jobs.drain();
      expect((await read(run.id)).status).toBe("succeeded");
      const seen = await systemRows<{ rows: number; renewed: boolean }>(
        t,
        sql`select rows, locked_until > now() as renewed from seen_progress where job_id = ${run.id}::text`,
      );
      expect(seen.length, report).toBeGreaterThan(0);
      // The rows the file holds: its lines below the title, parameters and header (CSV), or its rows.
      const written = format === "csv" ? (await file(run.id)).body.trim().split("\r\n").length - 5 : undefined;
      for (const s of seen) {
        expect(s.rows).toBeGreaterThan(0);
        if (written !== undefined) expect(s.rows).toBeLessThanOrEqual(written);
        expect(s.renewed).toBe(true);
      }
    }
  });

  it("reads what the requester may read: their properties only, and only reports of their role", async () => {
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p1]);
    const run = await start({ report: "rent-roll", params: { as_of: "2026-03-31" }, format: "csv" }, scoped);
    await t.app.jobs.drain();
    const csv = (await file(run.id, scoped)).body;
    expect(csv).toContain("R-2");
    expect(csv).not.toContain("R-1");
    // Another user of the organization, and another organization, see nothing of it.
    expect((await send("GET", `/report-runs/${run.id}`)).statusCode).toBe(404);
    expect((await file(run.id)).statusCode).toBe(404);
    expect((await send("GET", `/report-runs/${run.id}`, { org: other })).statusCode).toBe(404);
    expect(reportRunsSchema.parse((await send("GET", "/report-runs", { org: other })).json()).runs).toEqual([]);
    // Staff read maintenance, not the books.
    const staff = await ledgerUser(t, org, "STAFF");
    const refused = await send("POST", "/report-runs", {
      payload: { report: "rent-roll", params: {}, format: "pdf" },
      org: staff,
    });
    expect(refused.statusCode).toBe(403);
    await start({ report: "maintenance-aging", params: {}, format: "pdf" }, staff);
  });

  it("says at once what is wrong with a request, and fails a run that cannot succeed once, saying why", async () => {
    const unknown = await send("POST", "/report-runs", { payload: { report: "nope", format: "csv" } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.report).toEqual(["Choose a report of the catalogue"]);
    const badDay = await send("POST", "/report-runs", {
      payload: { report: "rent-roll", params: { as_of: "31-03-2026" }, format: "csv" },
    });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().error.fields.as_of).toBeDefined();
    const foreign = await start({
      report: "rent-roll",
      params: { property_id: other.propertyIds[0] ?? "" },
      format: "csv",
    });
    await t.app.jobs.drain();
    const failed = await read(foreign.id);
    expect(failed).toMatchObject({
      status: "failed",
      attempts: 1,
      error: "Choose a property of the organization",
      file: null,
    });
  });

  it("keeps a file for a week: after that it is gone, from the file store too", async () => {
    const run = await start({ report: "trial-balance", params: { as_of: "2026-03-31" }, format: "csv" });
    await t.app.jobs.drain();
    expect((await read(run.id)).file).not.toBeNull();
    await asSystem(t.db, (tx) =>
      tx.execute(
        sql`update jobs set result = jsonb_set(result, '{expires_at}', to_jsonb((now() - interval '1 day')::text)) where id = ${run.id}`,
      ),
    );
    expect((await read(run.id)).file).toBeNull();
    expect((await file(run.id)).statusCode).toBe(410);
    const key = reportFileKey(org.orgId, run.id, "csv");
    expect(await t.app.storage.get(key)).not.toBeNull();
    await t.app.jobs.tick();
    expect(await t.app.storage.get(key)).toBeNull();
  });
});
