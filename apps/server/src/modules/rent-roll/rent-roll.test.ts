import { randomUUID } from "node:crypto";
import { balanceSheetSchema } from "@keyholder/contracts/balance-sheet";
import { rentRollSchema } from "@keyholder/contracts/rent-roll";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseTestApp, movedInLeases } from "../../../test/lease-fixture.ts";
import { pdfPages, runBesideDownload, xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

// A background run reads at most 3 units at a time here (a real one: 5,000), so its file is written in parts.
const { t, org, send } = await leaseTestApp("Roll Ridge", { properties: 3, env: { REPORT_BATCH_ROWS: "3" } });
const other = await ledgerOrganization(t, "Other Roll");
const [p0, p1, p2] = org.propertyIds as [string, string, string];
const movedIn = movedInLeases({ t, org, send });

const roll = async (query: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/reports/rent-roll?${query}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return rentRollSchema.parse(res.json());
};
const post = async (path: string, payload: object) => {
  const res = await send("POST", path, { payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
};
/** What a lease's lines on the tenants' ledger accounts (receivables, prepaid rent) add up to through a day. */
const ledgerThrough = async (leaseId: string, day: string) => {
  const [row] = await systemRows<{ cents: string }>(
    t,
    sql`select coalesce(sum(l.amount_cents), 0) as cents from journal_lines l
      join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id and a.lease_ledger
      where l.lease_id = ${leaseId} and l.posted_on <= ${day}::date`,
  );
  return Number(row?.cents);
};
const unitNumber = async (unitId: number) => {
  const [row] = await systemRows<{ unit_number: string }>(
    t,
    sql`select unit_number from units where unit_id = ${unitId}`,
  );
  return row?.unit_number ?? "";
};

// Property 0: lease A (unit 0) from January, paid in part; lease B (unit 1) from February, notice
// in May, moved out June 30. Unit 0's market rent is $1,050.50.
const a = await movedIn({
  start_date: "2026-01-01",
  end_date: "2026-12-31",
  rent_cents: 100_000,
  deposit_cents: 50_000,
});
const b = await movedIn({ start_date: "2026-02-01", end_date: "2027-01-31", rent_cents: 90_000, deposit_cents: 0 });
await systemRows(t, sql`update units set base_rent_estimate = 1050.50 where unit_id = ${a.unitId}`);
await post(`/leases/${a.id}/payments`, {
  idempotency_key: randomUUID(),
  method: "check",
  received_on: "2026-03-05",
  amount_cents: 120_000,
});
await post(`/leases/${b.id}/notice`, { notice_given_on: "2026-05-10", move_out_date: "2026-06-30" });
await post(`/leases/${b.id}/move-out`, { moved_out_on: "2026-06-30", forwarding_address: "1 New Street" });

describe("the rent roll (Reports > Occupancy)", () => {
  it("shows a past day's leases, rents, deposits and balances, a lease ended since included", async () => {
    const [unitA, unitB] = [await unitNumber(a.unitId), await unitNumber(b.unitId)];
    const march = await roll(`as_of=2026-03-31&property_id=${p0}`);
    expect(march.property).toEqual({ id: p0, name: expect.any(String) });
    expect(march.rows.map((r) => [r.section, r.unit_names, r.lease?.id ?? null])).toEqual(
      [
        ["current", unitA, a.id],
        ["current", unitB, b.id],
      ].sort((x, y) => String(x[1]).localeCompare(String(y[1]), "en-US", { numeric: true })),
    );
    const rowA = march.rows.find((r) => r.lease?.id === a.id);
    expect(rowA).toMatchObject({
      rent_cents: 100_000,
      market_rent_cents: 105_050,
      deposits_held_cents: 50_000,
      balance_cents: await ledgerThrough(a.id, "2026-03-31"),
      start_date: "2026-01-01",
      end_date: "2026-12-31",
      move_in_date: "2026-01-01",
      move_out_date: null,
    });
    // The move-in's first month and deposit, less March's payment.
    expect(rowA?.balance_cents).toBe(100_000 + 50_000 - 120_000);
    expect(march.rows.find((r) => r.lease?.id === b.id)?.balance_cents).toBe(await ledgerThrough(b.id, "2026-03-31"));
    expect(march.totals).toMatchObject({ units: 2, occupied: 2, notice: 0, vacant: 0, rent_cents: 190_000 });

    // In June B is on notice, leaving June 30.
    const june = await roll(`as_of=2026-06-15&property_id=${p0}`);
    expect(june.rows.find((r) => r.lease?.id === b.id)).toMatchObject({
      section: "notice",
      move_out_date: "2026-06-30",
    });
    expect(june.totals.notice).toBe(1);

    // Two weeks after B left its unit is vacant (15 days), B's balance is among leases not on the roll.
    const july = await roll(`as_of=2026-07-15&property_id=${p0}`);
    const vacant = july.rows.find((r) => r.section === "vacant");
    expect(vacant).toMatchObject({ unit_names: unitB, lease: null, tenant_names: "VACANT", days_vacant: 15 });
    expect(july.totals).toMatchObject({ units: 2, occupied: 1, vacant: 1 });
    expect(july.other_leases_balance_cents).toBe(await ledgerThrough(b.id, "2026-07-15"));

    // Before either lease both units were vacant and never leased.
    const before = await roll(`as_of=2025-12-31&property_id=${p0}`);
    expect(before.rows.map((r) => [r.section, r.days_vacant])).toEqual([
      ["vacant", null],
      ["vacant", null],
    ]);
    expect(before.totals.balance_cents + before.other_leases_balance_cents).toBe(0);
  });

  it("agrees with the balance sheet: balances with the tenants' ledger accounts, deposits with the deposits held", async () => {
    for (const day of ["2026-01-31", "2026-03-04", "2026-03-05", "2026-06-30", "2026-07-15"]) {
      const r = await roll(`as_of=${day}`);
      const res = await send("GET", `/reports/balance-sheet?as_of=${day}`);
      const sheet = balanceSheetSchema.parse(res.json());
      const amount = (lines: typeof sheet.assets, role: Parameters<typeof org.account>[0]) =>
        lines.find((l) => l.account.id === org.account(role))?.amount_cents ?? 0;
      const tenants = amount(sheet.assets, "accounts_receivable") - amount(sheet.liabilities, "prepaid_rent");
      expect(r.totals.balance_cents + r.other_leases_balance_cents, day).toBe(tenants);
      // Every lease holding a deposit is on these rolls.
      expect(r.totals.deposits_held_cents, day).toBe(amount(sheet.liabilities, "security_deposits_held"));
    }
  });

  it("downloads every row as CSV, Excel and PDF", async () => {
    // More units than a page of the grid: 150 vacant units at property 2.
    await systemRows(
      t,
      sql`insert into units (organization_id, property_id, unit_number)
        select ${org.orgId}, ${p2}, 'V-' || g from generate_series(1, 150) g`,
    );
    const q = `as_of=2026-03-31&property_id=${p2}`;
    const json = await roll(q);
    expect(json.rows.length).toBe(152);

    const csv = await send("GET", `/reports/rent-roll?${q}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toContain("rent-roll-2026-03-31.csv");
    const csvLines = csv.body.split("\r\n");
    expect(csvLines.filter((l) => l.includes(",VACANT,")).length).toBe(152);
    expect(csvLines).toContain("V-150,VACANT,,,,,,,,,,,");

    const xlsx = await send("GET", `/reports/rent-roll?${q}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const values = await xlsxRows(xlsx.rawPayload);
    expect(values[0]).toEqual(["Rent roll"]);
    const header = values.findIndex((v) => v[0] === "Unit");
    expect(values[header]?.slice(0, 3)).toEqual(["Unit", "Tenant", "Lease"]);
    expect(values.filter((v) => v[1] === "VACANT").length).toBe(152);
    const total = values.find((v) => String(v[0]).startsWith("Total, "));
    expect(total?.[0]).toBe("Total, 152 units");

    const pdf = await send("GET", `/reports/rent-roll?${q}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfPages(pdf.rawPayload);
    const totalPages = text.length;
    expect(totalPages).toBeGreaterThan(1);
    expect(text[0]).toContain("Rent roll");
    expect(text.join("\n")).toContain("V-150");
    expect(text[totalPages - 1]).toContain(`Page ${totalPages} of ${totalPages}`);
    expect(text[totalPages - 1]).toContain("Total, 152 units");
  });

  it("writes a portfolio's roll in the background in parts, row for row the roll read whole", async () => {
    const runBoth = runBesideDownload({ t, org, send });
    const run = (as_of: string, format: string, as: { cookie: string } = org) =>
      runBoth("rent-roll", { as_of }, format, as);
    // Leases current, on notice, moved out with a balance left, and vacant units, in each format.
    for (const day of ["2026-03-31", "2026-05-31", "2026-07-31"]) {
      const [file, direct] = await run(day, "csv");
      expect(file.body).toBe(direct.body);
      expect(file.body.split("\n").length).toBeGreaterThan(10);
    }
    const [xlsx, directXlsx] = await run("2026-05-31", "xlsx");
    expect(await xlsxRows(xlsx.rawPayload)).toEqual(await xlsxRows(directXlsx.rawPayload));
    // A user of one property: their property's roll alone, in parts as well.
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p1]);
    const [theirs, theirsDirect] = await run("2026-05-31", "csv", scoped);
    expect(theirs.body).toBe(theirsDirect.body);
    expect(theirs.body).toMatch(/^Roll Ridge 2,/m);
    expect(theirs.body).not.toMatch(/^Roll Ridge [13],/m);
  });

  it("shows nobody another organization's units or a property outside their scope", async () => {
    const foreign = await send("GET", `/reports/rent-roll?property_id=${p0}`, { org: other });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.property_id).toBeDefined();
    const theirs = await roll("as_of=2026-03-31", other);
    expect(theirs.rows.some((r) => r.lease?.id === a.id)).toBe(false);

    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p1]);
    const mine = await roll("as_of=2026-03-31", scoped);
    expect(new Set(mine.rows.map((r) => r.property.id))).toEqual(new Set([p1]));
    expect((await send("GET", `/reports/rent-roll?property_id=${p0}`, { org: scoped })).statusCode).toBe(400);

    const staff = await ledgerUser(t, org, "STAFF");
    expect((await send("GET", "/reports/rent-roll", { org: staff })).statusCode).toBe(403);
    expect((await send("GET", "/reports/rent-roll?as_of=2026-02-30")).statusCode).toBe(400);
  });

  it("lists the reports", async () => {
    const res = await send("GET", "/reports");
    expect(res.statusCode).toBe(200);
    expect(res.json().reports.find((r: { id: string }) => r.id === "rent-roll")).toMatchObject({
      area: "occupancy",
      formats: ["json", "csv", "xlsx", "pdf"],
    });
  });
});
