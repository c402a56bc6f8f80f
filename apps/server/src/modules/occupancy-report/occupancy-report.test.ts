import { daysBetween } from "@keyholder/contracts/civil-date";
import { occupancyReportSchema } from "@keyholder/contracts/occupancy-report";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { leasePostings } from "../../../test/lease-postings.ts";
import { pdfPages, xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Occupied Oaks", { properties: 2 });
const other = await ledgerOrganization(t, "Other Oaks");
const [p0, p1] = org.propertyIds as [string, string];

const report = async (query: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/reports/occupancy?${query}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return occupancyReportSchema.parse(res.json());
};
const { charge } = leasePostings(org, send);

// Two units at each property (never leased) and one per lease: A from January and B from March 15
// at property 0; C at property 1 from January, moved out February 20. Each unit's market rent $1,000.
const a = await leaseFixture(t, org, { property: 0, name: "A-1" });
const b = await leaseFixture(t, org, { property: 0, name: "B-1" });
const c = await leaseFixture(t, org, { property: 1, name: "C-1" });
await systemRows(t, sql`update leases set start_date = '2026-03-15' where id = ${b.id}`);
await systemRows(t, sql`update leases set status = 'ended', moved_out_on = '2026-02-20' where id = ${c.id}`);
await systemRows(t, sql`update units set base_rent_estimate = 1000 where organization_id = ${org.orgId}`);
const rents: [string, number, string][] = [
  [a.id, 100_000, "2026-01-01"],
  [a.id, 100_000, "2026-02-01"],
  [a.id, 100_000, "2026-03-01"],
  [a.id, 100_000, "2026-04-01"],
  [b.id, 60_000, "2026-03-15"],
  [b.id, 100_000, "2026-04-01"],
  [c.id, 80_000, "2026-01-01"],
  [c.id, 80_000, "2026-02-01"],
];
for (const [lease, cents, on] of rents) await charge(lease, cents, on);
const chargedIn = (month: string, leases = [a.id, b.id, c.id]) =>
  rents.filter(([l, , on]) => on.startsWith(month) && leases.includes(l)).reduce((s, [, cents]) => s + cents, 0);

describe("occupancy over time (Reports > Occupancy)", () => {
  it("counts the units leases held at each month's end and the rent charged against market rent", async () => {
    const r = await report("from=2026-01-01&to=2026-04-30");
    expect(r.months.map((m) => [m.day, m.units, m.occupied])).toEqual([
      ["2026-01-31", 7, 2],
      ["2026-02-28", 7, 1],
      ["2026-03-31", 7, 2],
      ["2026-04-30", 7, 2],
    ]);
    expect(r.months.map((m) => m.rent_charged_cents)).toEqual(
      ["2026-01", "2026-02", "2026-03", "2026-04"].map((m) => chargedIn(m)),
    );
    expect(r.months.every((m) => m.market_rent_cents === 7 * 100_000)).toBe(true);
    expect(r.by_property.map((p) => [p.property.id, p.units, p.occupied, p.rent_charged_cents])).toEqual([
      [p0, 4, 2, chargedIn("2026-04", [a.id, b.id])],
      [p1, 3, 0, 0],
    ]);
    // A day within a month ends the span there; the last point is that day.
    expect((await report("from=2026-02-01&to=2026-03-10")).months.map((m) => [m.day, m.occupied])).toEqual([
      ["2026-02-28", 1],
      ["2026-03-10", 1],
    ]);
  });

  it("lists the units vacant longest on the last day, never-leased ones after", async () => {
    const r = await report("from=2026-04-01&to=2026-04-30");
    expect(r.vacant_longest[0]).toMatchObject({
      unit_number: "C-1",
      vacant_since: "2026-02-20",
      days_vacant: daysBetween("2026-02-20", "2026-04-30"),
    });
    expect(r.vacant_longest).toHaveLength(5);
    expect(r.vacant_longest.slice(1).every((v) => v.vacant_since === null && v.days_vacant === null)).toBe(true);
  });

  it("narrows to a property, keeps scopes and organizations apart, and refuses a span too long", async () => {
    const one = await report(`from=2026-01-01&to=2026-01-31&property_id=${p1}`);
    expect(one.months).toEqual([
      {
        day: "2026-01-31",
        units: 3,
        occupied: 1,
        market_rent_cents: 300_000,
        rent_charged_cents: chargedIn("2026-01", [c.id]),
      },
    ]);
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p1]);
    expect((await report("from=2026-01-01&to=2026-01-31", scoped)).by_property.map((p) => p.property.id)).toEqual([p1]);
    const theirs = await report("from=2026-01-01&to=2026-01-31", other);
    expect(theirs.months[0]).toMatchObject({ units: 4, occupied: 0, rent_charged_cents: 0 });
    const long = await send("GET", "/reports/occupancy?from=2023-01-01&to=2026-01-31");
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.from).toEqual(["At most 36 months at once"]);
  });

  it("downloads as Excel and PDF with the months and the vacant units", async () => {
    const rows = await xlsxRows(
      (await send("GET", "/reports/occupancy?from=2026-01-01&to=2026-04-30&format=xlsx")).rawPayload,
    );
    const february = rows.find((x) => x[0] === "2026-02-28");
    // Label, units, occupied, vacant, physical, market rent, rent charged (dollars), economic.
    expect(february?.slice(1, 5)).toEqual([7, 1, 6, "14.3%"]);
    expect(february?.[6]).toBe(chargedIn("2026-02") / 100);
    const pdf = (
      await pdfPages((await send("GET", "/reports/occupancy?from=2026-01-01&to=2026-04-30&format=pdf")).rawPayload)
    ).join("\n");
    expect(pdf).toContain("Occupancy");
    expect(pdf).toContain("Never leased");
  });
});
