import { addMonths, monthStart } from "@keyholder/contracts/civil-date";
import { reportRunsSchema, reportScheduleSchema, reportSchedulesSchema } from "@keyholder/contracts/report-runs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseTestApp } from "../../../test/lease-fixture.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Monthly Mews");
const other = await ledgerOrganization(t, "Other Mews");

const runs = async () => reportRunsSchema.parse((await send("GET", "/report-runs")).json()).runs;
const mails = async (subject: string) => {
  await t.app.mailer.idle();
  const [row] = await systemRows<{ n: string }>(
    t,
    sql`select count(*) as n from mail_outbox where to_address = ${org.email} and subject = ${subject}`,
  );
  return Number(row?.n);
};
/** As if it was last sent the month before this one. */
const sentLastMonth = (id: string) =>
  systemRows(
    t,
    sql`update report_schedules set last_period = (date_trunc('month', now()) - interval '1 month')::date where id = ${id}`,
  );

describe("reports sent each month (issue 30 item 7)", () => {
  it("sends a report once a month on its day, with the days of the day it runs, and never twice", async () => {
    const res = await send("POST", "/report-schedules", {
      payload: { report: "delinquency", params: { as_of: "2026-03-31", tenants: "current" }, day_of_month: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const schedule = reportScheduleSchema.parse(res.json());
    // The day is kept out (it follows the day it runs); the 1st has come this month, so the next is next month's.
    expect(schedule).toMatchObject({ params: { tenants: "current" }, format: "pdf", day_of_month: 1, is_active: true });
    const [zone] = await systemRows<{ today: string }>(
      t,
      sql`select (now() at time zone time_zone)::date::text as today from organizations where id = ${org.orgId}`,
    );
    expect(schedule.last_period).toBe(monthStart(zone?.today ?? ""));
    expect(schedule.next_on).toBe(addMonths(monthStart(zone?.today ?? ""), 1));
    await t.app.jobs.tick();
    expect((await runs()).filter((r) => r.report === "delinquency")).toEqual([]);

    // Its day comes for a month not sent yet: one run, one mail, however often the schedule ticks.
    await sentLastMonth(schedule.id);
    await t.app.jobs.tick();
    await t.app.jobs.tick();
    const queued = (await runs()).filter((r) => r.report === "delinquency");
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ format: "pdf", email: true, params: { tenants: "current" } });
    await t.app.jobs.drain();
    await t.app.jobs.tick();
    await t.app.jobs.drain();
    expect(await mails("Delinquency is ready")).toBe(1);
    expect((await runs()).filter((r) => r.report === "delinquency" && r.status === "succeeded")).toHaveLength(1);

    // Paused, it sends nothing; deleted, it is gone.
    const paused = await send("PATCH", `/report-schedules/${schedule.id}`, { payload: { is_active: false } });
    expect(reportScheduleSchema.parse(paused.json())).toMatchObject({ is_active: false, next_on: null });
    await sentLastMonth(schedule.id);
    await t.app.jobs.tick();
    expect((await runs()).filter((r) => r.report === "delinquency")).toHaveLength(1);
    expect((await send("DELETE", `/report-schedules/${schedule.id}`)).statusCode).toBe(204);
    expect(reportSchedulesSchema.parse((await send("GET", "/report-schedules")).json()).schedules).toEqual([]);
  });

  it("keeps each user's schedules theirs and checks the report, its parameters and the day", async () => {
    const res = await send("POST", "/report-schedules", { payload: { report: "rent-roll", day_of_month: 5 } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = reportScheduleSchema.parse(res.json());
    const colleague = await ledgerUser(t, org, "PROPERTY_MANAGER");
    for (const as of [colleague, other]) {
      expect(
        reportSchedulesSchema.parse((await send("GET", "/report-schedules", { org: as })).json()).schedules,
      ).toEqual([]);
      expect(
        (await send("PATCH", `/report-schedules/${id}`, { payload: { day_of_month: 2 }, org: as })).statusCode,
      ).toBe(404);
      expect((await send("DELETE", `/report-schedules/${id}`, { org: as })).statusCode).toBe(404);
    }
    const day29 = await send("POST", "/report-schedules", { payload: { report: "rent-roll", day_of_month: 29 } });
    expect(day29.json().error.fields.day_of_month).toEqual(["Choose a day from 1 to 28"]);
    const badDays = await send("POST", "/report-schedules", {
      payload: { report: "lease-expirations", params: { days: "45" }, day_of_month: 3 },
    });
    expect(badDays.statusCode).toBe(400);
    expect(badDays.json().error.fields.days).toBeDefined();
    const staff = await ledgerUser(t, org, "STAFF");
    const refused = await send("POST", "/report-schedules", {
      payload: { report: "rent-roll", day_of_month: 3 },
      org: staff,
    });
    expect(refused.statusCode).toBe(403);
  });
});
