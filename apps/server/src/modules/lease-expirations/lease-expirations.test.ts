import { addDays } from "@keyholder/contracts/civil-date";
import { leaseExpirationsSchema } from "@keyholder/contracts/lease-expirations";
import { describe, expect, it } from "vitest";
import { leaseTestApp, movedInLeases } from "../../../test/lease-fixture.ts";
import { pdfPages, xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Expiry Estates", { properties: 2 });
const other = await ledgerOrganization(t, "Other Expiry");
const movedIn = movedInLeases({ t, org, send });
const report = async (query: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/reports/lease-expirations?${query}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return leaseExpirationsSchema.parse(res.json());
};
const post = async (path: string, payload: object) => {
  const res = await send("POST", path, { payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
};

// On July 1: A ends in 20 days with an offer out; B in 45 days, on notice; C in 100 days; D in 200.
const day = "2026-07-01";
const a = await movedIn({ start_date: "2026-01-01", end_date: addDays(day, 20), rent_cents: 100_000 });
const b = await movedIn({ start_date: "2026-01-01", end_date: addDays(day, 45), rent_cents: 90_000 });
const c = await movedIn({ start_date: "2026-01-01", end_date: addDays(day, 100), rent_cents: 80_000 });
await movedIn({ start_date: "2026-01-01", end_date: addDays(day, 200), rent_cents: 70_000 });
await post(`/leases/${a.id}/renewal-offers`, {
  term: "fixed",
  months: 12,
  rent_change: { type: "amount", rent_cents: 105_000 },
});
await post(`/leases/${b.id}/notice`, { notice_given_on: "2026-06-01", move_out_date: addDays(day, 45) });

describe("lease expirations (Reports > Occupancy)", () => {
  it("lists the leases ending within the window, soonest first, with where their renewal stands", async () => {
    const r = await report(`as_of=${day}&days=60`);
    expect(r.through).toBe(addDays(day, 60));
    expect(r.rows.map((x) => [x.lease.id, x.days_left, x.renewal, x.offered_rent_cents, x.rent_cents])).toEqual([
      [a.id, 20, "offered", 105_000, 100_000],
      [b.id, 45, "notice", null, 90_000],
    ]);
    expect(r.rows[1]?.move_out_date).toBe(addDays(day, 45));
    expect(r.windows).toEqual([
      { days: 30, leases: 1, rent_cents: 100_000 },
      { days: 60, leases: 2, rent_cents: 190_000 },
      { days: 90, leases: 2, rent_cents: 190_000 },
      { days: 120, leases: 3, rent_cents: 270_000 },
    ]);
    expect((await report(`as_of=${day}&days=120`)).rows.map((x) => x.lease.id)).toEqual([a.id, b.id, c.id]);
    // A week before A's end its days left have gone down; before the leases began, nothing ends.
    expect((await report(`as_of=${addDays(day, 13)}&days=30`)).rows[0]).toMatchObject({
      lease: { id: a.id },
      days_left: 7,
    });
    expect((await report("as_of=2025-06-01&days=120")).rows).toEqual([]);
  });

  it("refuses a window other than 30, 60, 90 or 120 days and shows another organization nothing", async () => {
    const bad = await send("GET", "/reports/lease-expirations?days=45");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.days).toEqual(["Choose 30, 60, 90 or 120 days."]);
    expect((await report(`as_of=${day}&days=120`, other)).rows).toEqual([]);
  });

  it("downloads as Excel and PDF with the windows' totals", async () => {
    const xlsx = await send("GET", `/reports/lease-expirations?as_of=${day}&days=60&format=xlsx`);
    const rows = await xlsxRows(xlsx.rawPayload);
    // Property, unit, tenant, lease, end, days left, rent: the rent ending within 60 days, in dollars.
    expect(rows.find((x) => String(x[0]).startsWith("Ending within 60 days"))?.[6]).toBe(1_900);
    const pdf = (
      await pdfPages((await send("GET", `/reports/lease-expirations?as_of=${day}&format=pdf`)).rawPayload)
    ).join("\n");
    expect(pdf).toContain("Lease expirations");
    expect(pdf).toContain("Offer out");
    expect(pdf).toContain("Notice given");
  });
});
