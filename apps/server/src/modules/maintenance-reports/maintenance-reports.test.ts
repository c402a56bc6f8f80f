import { addDays, daysBetween } from "@keyholder/contracts/civil-date";
import {
  type MaintenanceFormInput,
  maintenanceResponseSchema,
  PRIORITY_DUE_DAYS,
} from "@keyholder/contracts/maintenance";
import {
  maintenanceAgingSchema,
  maintenanceCompletionSchema,
  maintenanceCostSchema,
  VENDORLESS_LABEL,
} from "@keyholder/contracts/maintenance-reports";
import { workOrderListSchema } from "@keyholder/contracts/maintenance-work-orders";
import { vendorResponseSchema } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseTestApp } from "../../../test/lease-fixture.ts";
import { pdfPages, runBesideDownload, xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

// A background run reads one request at a time here (a real one: 5,000), so its file is written in pages.
const { t, org, send } = await leaseTestApp("Fixit Flats", { properties: 2, env: { REPORT_BATCH_ROWS: "1" } });
const other = await ledgerOrganization(t, "Other Fixit");
const [p0, p1] = org.propertyIds as [string, string];

const ok = async (method: "POST" | "PUT", path: string, payload: object) => {
  const res = await send(method, path, { payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};
/** Noon of an organization's civil day, as an instant. */
const noonOf = (day: string) =>
  sql`((${day}::date + time '12:00') at time zone (select time_zone from organizations where id = ${org.orgId}))`;

/**
 * A request made on `made` through the API and moved through `moves` (status and the day of each
 * change), then dated back: its creation, each change of its history, its due day from the
 * priority, and the day it was completed, as if each had happened at noon of its day.
 */
async function request(
  o: Partial<MaintenanceFormInput> & { made: string; moves?: [string, string][] },
): Promise<string> {
  const { made, moves = [], ...form } = o;
  const res = await ok("POST", "/maintenance-requests", {
    property_id: p0,
    category: "plumbing",
    priority: "normal",
    title: `Request made ${made}`,
    channel: "phone",
    ...form,
  });
  const { id } = maintenanceResponseSchema.parse(res.json()).request;
  for (const [status] of moves) await ok("POST", `/maintenance-requests/${id}/status`, { status });
  const priority = form.priority ?? "normal";
  await systemRows(
    t,
    sql`update maintenance_request_events set changed_at = ${noonOf(made)} where request_id = ${id} and from_status is null`,
  );
  for (const [status, day] of moves)
    await systemRows(
      t,
      sql`update maintenance_request_events set changed_at = ${noonOf(day)} where request_id = ${id} and to_status = ${status}`,
    );
  const completed = moves.find(([s]) => s === "completed")?.[1];
  const last = moves.at(-1)?.[1] ?? made;
  await systemRows(
    t,
    sql`update maintenance_requests set created_date = ${noonOf(made)},
      due_on = ${addDays(made, PRIORITY_DUE_DAYS[priority])}::date,
      completed_at = ${completed ? noonOf(completed) : null}, last_modified_date = ${noonOf(last)}
      where id = ${id}`,
  );
  return id;
}

const aging = async (query: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/reports/maintenance-aging?${query}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return maintenanceAgingSchema.parse(res.json());
};
const completion = async (query: string) => {
  const res = await send("GET", `/reports/maintenance-completion?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return maintenanceCompletionSchema.parse(res.json());
};
const cost = async (query: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/reports/maintenance-cost?${query}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return maintenanceCostSchema.parse(res.json());
};

const day = "2026-03-31";
const toWork: [string, string][] = [
  ["triaged", "2026-03-02"],
  ["in_progress", "2026-03-05"],
];
// On March 31: A (emergency) made the day before, still new; B in progress a month; C (property 1)
// triaged since January and completed only in April; D made and completed in March, on time; E
// completed late in February; F made in April.
const a = await request({ made: "2026-03-30", priority: "emergency", title: "No heat" });
const b = await request({ made: "2026-03-01", moves: toWork, title: "Dripping tap" });
const c = await request({
  made: "2026-01-10",
  priority: "low",
  property_id: p1,
  category: "grounds",
  moves: [
    ["triaged", "2026-01-11"],
    ["in_progress", "2026-04-04"],
    ["completed", "2026-04-05"],
  ],
});
const d = await request({
  made: "2026-03-20",
  priority: "urgent",
  moves: [
    ["triaged", "2026-03-20"],
    ["in_progress", "2026-03-21"],
    ["completed", "2026-03-21"],
  ],
});
const e = await request({
  made: "2026-02-01",
  moves: [
    ["triaged", "2026-02-02"],
    ["in_progress", "2026-02-10"],
    ["completed", "2026-02-15"],
  ],
});
const f = await request({ made: "2026-04-10" });

describe("open maintenance requests by age (Reports > Maintenance)", () => {
  it("shows the requests open at the end of a day, where each stood then, oldest first", async () => {
    const r = await aging(`as_of=${day}`);
    expect(r.rows.map((x) => [x.request.id, x.status, x.age_days, x.days_overdue])).toEqual([
      [c, "triaged", daysBetween("2026-01-10", day), daysBetween(addDays("2026-01-10", 14), day)],
      [b, "in_progress", 30, daysBetween("2026-03-08", day)],
      [a, "new", 1, 1],
    ]);
    // Ages 80, 30 and 1: one each in over 60, 8–30 and 0–7 days, all three overdue.
    expect(r.ages).toEqual([1, 1, 0, 1]);
    expect(r.overdue_by_age).toEqual([1, 1, 0, 1]);
    expect(r.by_priority.map((p) => [p.priority, p.open, p.overdue])).toEqual([
      ["emergency", 1, 1],
      ["urgent", 0, 0],
      ["normal", 1, 1],
      ["low", 1, 1],
    ]);
    expect(r.by_status.find((s) => s.status === "in_progress")?.open).toBe(1);
    expect(r.by_status.reduce((s, x) => s + x.open, 0)).toBe(3);
  });

  it("moves with the day: earlier, fewer were open; today, the ones completed since are gone and the new one is in", async () => {
    expect((await aging("as_of=2026-02-12")).rows.map((x) => [x.request.id, x.status])).toEqual([
      [c, "triaged"],
      [e, "in_progress"],
    ]);
    const now = await aging("");
    const open = now.rows.map((x) => x.request.id);
    expect(open).toEqual(expect.arrayContaining([a, b, f]));
    expect(open).not.toContain(c);
    expect(open).not.toContain(d);
    expect((await aging(`as_of=${day}&property_id=${p1}`)).rows.map((x) => x.request.id)).toEqual([c]);
  });

  it("keeps other organizations and properties outside a user's scope out; staff without the books read it", async () => {
    expect((await aging(`as_of=${day}`, other)).rows).toEqual([]);
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p1]);
    expect((await aging(`as_of=${day}`, scoped)).rows.map((x) => x.request.id)).toEqual([c]);
    const refused = await send("GET", `/reports/maintenance-aging?property_id=${p0}`, { org: scoped });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.property_id).toBeDefined();
    const staff = await ledgerUser(t, org, "STAFF");
    expect((await aging(`as_of=${day}`, staff)).rows).toHaveLength(3);
    expect((await send("GET", "/reports/delinquency", { org: staff })).statusCode).toBe(403);
  });

  it("downloads as Excel and PDF with the counts by age", async () => {
    const rows = await xlsxRows((await send("GET", `/reports/maintenance-aging?as_of=${day}&format=xlsx`)).rawPayload);
    const header = rows.find((x) => x.includes("Days open")) ?? [];
    const of = (id: number) => rows.find((x) => x[0] === id);
    const requestNo = async (id: string) => {
      const [row] = await systemRows<{ n: string }>(
        t,
        sql`select request_no as n from maintenance_requests where id = ${id}`,
      );
      return Number(row?.n);
    };
    expect(of(await requestNo(b))?.[header.indexOf("Days open")]).toBe(30);
    expect(rows.some((x) => String(x[1]).startsWith("Over 60 days: 1 open, 1 overdue"))).toBe(true);
    const pdf = (
      await pdfPages((await send("GET", `/reports/maintenance-aging?as_of=${day}&format=pdf`)).rawPayload)
    ).join("\n");
    expect(pdf).toContain("Open maintenance requests by age");
    expect(pdf).toContain("Dripping tap");
  });
});

describe("maintenance completed on time", () => {
  it("counts the requests completed in the span, on time or late, and the days each took", async () => {
    const r = await completion("from=2026-01-01&to=2026-03-31");
    expect(r.rows.map((x) => [x.request.id, x.completed_on, x.days_to_complete, x.days_late])).toEqual([
      [e, "2026-02-15", 14, daysBetween(addDays("2026-02-01", PRIORITY_DUE_DAYS.normal), "2026-02-15")],
      [d, "2026-03-21", 1, 0],
    ]);
    expect(r.total).toEqual({ completed: 2, on_time: 1, late: 1, total_days: 15 });
    expect(r.by_priority.find((p) => p.priority === "urgent")).toMatchObject({ completed: 1, on_time: 1 });
    expect(r.by_priority.find((p) => p.priority === "normal")).toMatchObject({ completed: 1, late: 1 });
    // The span counts its first and last days; C, completed in April, belongs to April's.
    expect((await completion("from=2026-03-21&to=2026-03-21")).rows.map((x) => x.request.id)).toEqual([d]);
    expect((await completion("from=2026-04-01&to=2026-04-30")).rows.map((x) => x.request.id)).toEqual([c]);
  });

  it("refuses a span whose first day is after its last", async () => {
    const res = await send("GET", "/reports/maintenance-completion?from=2026-04-01&to=2026-03-01");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.from).toEqual(["The first day comes after the last"]);
  });
});

describe("maintenance reports in the background", () => {
  it("writes open and completed requests of any number in pages, row for row the report read whole", async () => {
    const run = runBesideDownload({ t, org, send });
    for (const params of [{ as_of: day }, { as_of: "2026-02-12" }]) {
      const [file, direct] = await run("maintenance-aging", params, "csv");
      expect(file.body).toBe(direct.body);
    }
    const [aged] = await run("maintenance-aging", { as_of: day }, "csv");
    const open = (await aging(`as_of=${day}`)).rows;
    expect(open.length).toBeGreaterThan(1);
    expect(aged.body).toContain(`Total: ${open.length} open,`);
    const [completed, completedDirect] = await run(
      "maintenance-completion",
      { from: "2026-01-01", to: "2026-04-30" },
      "csv",
    );
    expect(completed.body).toBe(completedDirect.body);
    expect(completed.body).toContain("Total: 3 completed,");
    const [xlsx, directXlsx] = await run("maintenance-aging", { as_of: day }, "xlsx");
    expect(await xlsxRows(xlsx.rawPayload)).toEqual(await xlsxRows(directXlsx.rawPayload));
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p1]);
    const [theirs, theirsDirect] = await run("maintenance-aging", { as_of: day }, "csv", scoped);
    expect(theirs.body).toBe(theirsDirect.body);
    expect(theirs.body).toContain("Total: 1 open,");
  });
});

describe("maintenance cost by property, category and vendor", () => {
  const vendor = async (name: string) => {
    const res = await ok("POST", "/vendors", {
      name,
      trades: ["plumbing"],
      email: `${name.toLowerCase().replace(/\W+/g, "")}@example.com`,
      insurance_expires_on: "2100-01-01",
    });
    return vendorResponseSchema.parse(res.json()).vendor.id;
  };
  const line = (id: string, rate: number, o: object = {}) =>
    ok("POST", `/maintenance-requests/${id}/costs`, {
      kind: "labor",
      description: "Work",
      quantity: "1",
      rate_cents: rate,
      incurred_on: "2026-03-15",
      ...o,
    });

  it("sums the lines of the span by property, category and vendor, each request counted once", async () => {
    const acme = await vendor("Acme Plumbing");
    await ok("POST", `/maintenance-requests/${b}/assignment`, { assigned_user_id: null, vendor_id: acme });
    const res = await send("GET", `/maintenance-requests/${b}/work-orders`);
    const order = workOrderListSchema.parse(res.json()).work_orders[0];
    await line(b, 12_000, { work_order_id: order?.id });
    await line(b, 3_333, { kind: "material", billable: true, work_order_id: order?.id });
    await line(a, 5_000);
    // Made after the other reports' days: completed C takes no more costs.
    const g = await request({ made: "2026-03-10", property_id: p1, category: "grounds", title: "Fallen branch" });
    await line(g, 7_500, { kind: "other" });
    await line(g, 1_000, { incurred_on: "2026-05-01" });
    const r = await cost("from=2026-03-01&to=2026-03-31");
    const total = 12_000 + 3_333 + 5_000 + 7_500;
    expect(r.total).toMatchObject({
      requests: 3,
      labor_cents: 17_000,
      material_cents: 3_333,
      other_cents: 7_500,
      total_cents: total,
      billable_cents: 3_333,
    });
    expect(Object.fromEntries(r.by_property.map((p) => [p.property.id, [p.requests, p.total_cents]]))).toEqual({
      [p0]: [2, 12_000 + 3_333 + 5_000],
      [p1]: [1, 7_500],
    });
    expect(r.by_category.map((x) => [x.category, x.requests, x.total_cents])).toEqual([
      ["plumbing", 2, 12_000 + 3_333 + 5_000],
      ["grounds", 1, 7_500],
    ]);
    expect(r.by_vendor.map((x) => [x.vendor?.name ?? null, x.requests, x.total_cents])).toEqual([
      ["Acme Plumbing", 1, 15_333],
      [null, 2, 12_500],
    ]);
    expect(r.by_property.reduce((s, p) => s + p.total_cents, 0)).toBe(total);
    expect(r.by_vendor.reduce((s, p) => s + p.total_cents, 0)).toBe(total);
    // Another organization sees none of it; the span's days bound it.
    expect((await cost("from=2026-03-01&to=2026-03-31", other)).total.total_cents).toBe(0);
    expect((await cost("from=2026-04-01&to=2026-05-31")).total.total_cents).toBe(1_000);
    const csv = (await send("GET", "/reports/maintenance-cost?from=2026-03-01&to=2026-03-31&format=csv")).body;
    expect(csv).toContain("Acme Plumbing");
    expect(csv).toContain(VENDORLESS_LABEL);
  });
});
