import { randomUUID } from "node:crypto";
import { incomeStatementSchema } from "@keyholder/contracts/income-statement";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseTestApp } from "../../../test/lease-fixture.ts";
import { xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Column Court", { properties: 2 });
const [q1, q2] = org.propertyIds as [string, string];

const report = async (query: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/reports/income-statement?${query}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return incomeStatementSchema.parse(res.json());
};
/** Each account's amounts in the columns, by the account's code. */
const columns = (r: Awaited<ReturnType<typeof report>>) =>
  Object.fromEntries(r.rows.map((x) => [x.account.code, x.columns_cents]));

describe("the P&L set out by month, year, property and owner (issue 30 item 3)", () => {
  it("splits the period's amounts into columns that add up to it, and the totals likewise", async () => {
    const [repairs] = await systemRows<{ id: number; code: string }>(
      t,
      sql`select id, code from ledger_accounts where organization_id = ${org.orgId} and code = '5400'`,
    );
    const code = async (role: string) =>
      (
        await systemRows<{ code: string }>(
          t,
          sql`select code from ledger_accounts where organization_id = ${org.orgId} and role = ${role}`,
        )
      )[0]?.code ?? "";
    const [rent, other] = [await code("rent_income"), await code("other_income")];
    const cash = org.account("operating_cash");
    /** Income credited (or, negative, debited) against cash; an expense debited. */
    const post = async (on: string, account: number, creditCents: number, property: string | null) => {
      const [debit, credit] = creditCents > 0 ? [cash, account] : [account, cash];
      const cents = Math.abs(creditCents);
      const res = await send("POST", "/journal-entries", {
        payload: {
          posted_on: on,
          idempotency_key: randomUUID(),
          lines: [
            { account_id: debit, debit_cents: cents, credit_cents: 0, property_id: property },
            { account_id: credit, debit_cents: 0, credit_cents: cents, property_id: property },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const rentId = org.account("rent_income");
    const otherId = org.account("other_income");
    const repairsId = Number(repairs?.id);
    await post("2026-01-10", rentId, 100_000, q1);
    await post("2026-01-12", otherId, 5_000, q2);
    await post("2026-02-10", rentId, 70_000, q2);
    await post("2026-02-15", repairsId, -12_345, q1);
    await post("2026-03-03", repairsId, -2_500, null);
    await post("2026-03-20", rentId, 100_000, q1);
    // Refunded in March: the quarter nets to nothing, its months do not.
    await post("2026-03-25", otherId, -5_000, q2);

    const quarter = "period_start=2026-01-01&period_end=2026-03-31";
    const months = await report(`${quarter}&columns=month`);
    expect(months.column_heads.map((h) => [h.label, h.start, h.end])).toEqual([
      ["January 2026", "2026-01-01", "2026-01-31"],
      ["February 2026", "2026-02-01", "2026-02-28"],
      ["March 2026", "2026-03-01", "2026-03-31"],
    ]);
    expect(columns(months)).toEqual({
      [rent]: [100_000, 70_000, 100_000],
      [other]: [5_000, 0, -5_000],
      [repairs?.code ?? ""]: [0, 12_345, 2_500],
    });
    const income = [100_000 + 5_000, 70_000, 100_000 - 5_000];
    const expenses = [0, 12_345, 2_500];
    expect(months.column_totals).toEqual({
      income_cents: income,
      expenses_cents: expenses,
      net_income_cents: income.map((c, i) => c - (expenses[i] ?? 0)),
    });
    // The columns add up to the period, row by row.
    for (const row of months.rows) expect(row.columns_cents.reduce((s, c) => s + c, 0)).toBe(row.amount_cents);
    expect(months.net_income_cents).toBe(270_000 - 14_845);

    // Years: twelve months from the period's start, the last one short.
    const years = await report("period_start=2025-02-01&period_end=2026-03-31&columns=year");
    expect(years.column_heads.map((h) => [h.start, h.end])).toEqual([
      ["2025-02-01", "2026-01-31"],
      ["2026-02-01", "2026-03-31"],
    ]);
    expect(columns(years)).toEqual({
      [rent]: [100_000, 170_000],
      [other]: [5_000, -5_000],
      [repairs?.code ?? ""]: [0, 14_845],
    });

    // Properties, and the company's lines of no property in their own column.
    const properties = await report(`${quarter}&columns=property`);
    expect(properties.column_heads.map((h) => [h.label, h.property?.id ?? null])).toEqual([
      ["Column Court 1", q1],
      ["Column Court 2", q2],
      ["No property", null],
    ]);
    expect(columns(properties)).toEqual({
      [rent]: [200_000, 70_000, 0],
      [repairs?.code ?? ""]: [12_345, 0, 2_500],
    });
    expect(properties.column_totals.net_income_cents).toEqual([200_000 - 12_345, 70_000, -2_500]);
    // A user of the first property: its column alone, no company column.
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [q1]);
    const theirs = await report(`${quarter}&columns=property`, scoped);
    expect(theirs.column_heads.map((h) => h.label)).toEqual(["Column Court 1"]);
    expect(columns(theirs)).toEqual({ [rent]: [200_000], [repairs?.code ?? ""]: [12_345] });

    // Owners: the first property half each, the second Bea's; each owner's column their properties' whole amounts.
    const owner = async (name: string) => {
      const res = await send("POST", "/owners", { payload: { name } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const [ada, bea] = [await owner("Ada Owner"), await owner("Bea Owner")];
    const own = async (property: string, owners: { owner_id: string; share_bp: number }[]) => {
      const res = await send("PUT", `/properties/${property}/owners`, { payload: { starts_on: "2025-01-01", owners } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await own(q1, [
      { owner_id: ada, share_bp: 5_000 },
      { owner_id: bea, share_bp: 5_000 },
    ]);
    await own(q2, [{ owner_id: bea, share_bp: 10_000 }]);
    const owners = await report(`${quarter}&columns=owner`);
    expect(owners.column_heads.map((h) => [h.label, h.owner?.id ?? null])).toEqual([
      ["Ada Owner", ada],
      ["Bea Owner", bea],
    ]);
    expect(columns(owners)).toEqual({
      [rent]: [200_000, 270_000],
      [repairs?.code ?? ""]: [12_345, 12_345],
    });

    // Downloads carry the columns.
    const xlsx = await send("GET", `/reports/income-statement?${quarter}&columns=month&format=xlsx`);
    const sheet = await xlsxRows(xlsx.rawPayload);
    const net = sheet.find((r) => r[0] === "Net income");
    expect(net?.slice(2, 5)).toEqual(income.map((c, i) => (c - (expenses[i] ?? 0)) / 100));
    expect(sheet.some((r) => r.includes("February 2026"))).toBe(true);
  });

  it("refuses columns it does not know, and keeps to the organization", async () => {
    const res = await send("GET", "/reports/income-statement?columns=quarter");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.columns).toBeDefined();
    const elsewhere = await ledgerOrganization(t, "Column Elsewhere");
    const theirs = await report("columns=property", elsewhere);
    expect(theirs.column_heads.map((h) => h.label)).toEqual(["No property"]);
    expect(theirs.rows).toEqual([]);
  });
});
