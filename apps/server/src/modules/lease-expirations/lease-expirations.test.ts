import { addDays } from "@keyholder/contracts/civil-date";
import { leaseExpirationsSchema } from "@keyholder/contracts/lease-expirations";
import { centsToInput } from "@keyholder/contracts/money";
import { describe, expect, it } from "vitest";
import { leaseTestApp, movedInLeases } from "../../../test/lease-fixture.ts";
import { pdfPages, runBesideDownload, xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization } from "../ledger/ledger-fixture.ts";

// A background run reads one lease at a time here (a real one: 5,000), so its file is written in pages.
const { t, org, send } = await leaseTestApp("Expiry Estates", { properties: 3, env: { REPORT_BATCH_ROWS: "1" } });
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

  it("writes any number of leases in the background in pages, row for row the report read whole", async () => {
    // E ends the day C does: the pages go on from a lease by its end and number.
    const e = await movedIn({ start_date: "2026-02-01", end_date: addDays(day, 100), rent_cents: 60_000 });
    const runBoth = runBesideDownload({ t, org, send });
    const run = (days: number, format: string) =>
      runBoth("lease-expirations", { as_of: day, days: String(days) }, format);
    for (const days of [30, 120]) {
      const [file, direct] = await run(days, "csv");
      expect(file.body).toBe(direct.body);
    }
    const [all] = await run(120, "csv");
    // Soonest first, C and E (ending the same day) by number; the windows' rent added up.
    const leaseRows = (body: string) => body.split("\r\n").filter((line) => line.startsWith("Expiry Estates"));
    expect(leaseRows(all.body).map((line) => Number(line.split(",")[3]))).toEqual(
      [a, b, c, e].map((l) => l.lease.lease_no),
    );
    expect(all.body).toContain(
      `Ending within 120 days: 4 leases,,,,,,${centsToInput(100_000 + 90_000 + 80_000 + 60_000)}`,
    );
    // Thirty days show one lease; the windows still count every lease within 120.
    const [month] = await run(30, "csv");
    expect(leaseRows(month.body)).toHaveLength(1);
    expect(month.body).toContain("Ending within 120 days: 4 leases,");
    const [xlsx, directXlsx] = await run(60, "xlsx");
    expect(await xlsxRows(xlsx.rawPayload)).toEqual(await xlsxRows(directXlsx.rawPayload));
  });
});
