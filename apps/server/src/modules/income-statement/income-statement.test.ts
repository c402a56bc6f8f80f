import { randomUUID } from "node:crypto";
import { balanceSheetSchema } from "@keyholder/contracts/balance-sheet";
import { incomeStatementSchema } from "@keyholder/contracts/income-statement";
import { formatCents } from "@keyholder/contracts/money";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { pdfPages, xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Income Acres", { properties: 2 });
const other = await ledgerOrganization(t, "Other Income");
const [p1, p2] = org.propertyIds as [string, string];

const post = async (path: string, payload: object) => {
  const res = await send("POST", path, { payload: { idempotency_key: randomUUID(), ...payload } });
  expect(res.statusCode, res.body).toBe(201);
};
const report = async (query: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/reports/income-statement?${query}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return incomeStatementSchema.parse(res.json());
};
const amounts = (r: Awaited<ReturnType<typeof report>>) =>
  Object.fromEntries(r.rows.map((x) => [x.account.id, [x.amount_cents, x.prior_cents]]));

describe("the income statement (Accounting > P&L)", () => {
  it("adds up a month's income and expenses on either basis, beside the month before, for the organization or a property", async () => {
    const [repairs] = await systemRows<{ id: number }>(
      t,
      sql`select id from ledger_accounts where organization_id = ${org.orgId} and code = '5400'`,
    );
    const repairsId = Number(repairs?.id);
    const rentId = org.account("rent_income");
    const lateId = org.account("late_fee_income");
    const lease = await leaseFixture(t, org, { property: 0, name: "I-1" });
    const charge = (cents: number, on: string, account = rentId) =>
      post(`/leases/${lease.id}/charges`, {
        account_id: account,
        amount_cents: cents,
        posted_on: on,
        description: "Rent",
      });
    const pay = (cents: number, on: string) =>
      post(`/leases/${lease.id}/payments`, { method: "check", received_on: on, amount_cents: cents });
    const expense = (cents: number, on: string, property: string | null) =>
      post("/journal-entries", {
        posted_on: on,
        memo: "Repair",
        lines: [
          { account_id: repairsId, debit_cents: cents, credit_cents: 0, property_id: property },
          { account_id: org.account("operating_cash"), debit_cents: 0, credit_cents: cents, property_id: property },
        ],
      });
    // February: rent charged and paid. March: rent charged, $600 paid, a $50 late fee; repairs at
    // the second property and for the company. April: $450 pays the rest of March's rent and the fee.
    await charge(100_000, "2026-02-01");
    await pay(100_000, "2026-02-03");
    await charge(100_000, "2026-03-01");
    await pay(60_000, "2026-03-05");
    await charge(5_000, "2026-03-10", lateId);
    await expense(20_000, "2026-03-12", p2);
    await expense(3_000, "2026-03-15", null);
    await pay(45_000, "2026-04-02");

    const march = "period_start=2026-03-01&period_end=2026-03-31";
    const accrual = await report(march);
    expect(accrual).toMatchObject({ prior_start: "2026-02-01", prior_end: "2026-02-28", basis: "accrual" });
    expect(amounts(accrual)).toEqual({
      [rentId]: [100_000, 100_000],
      [lateId]: [5_000, 0],
      [repairsId]: [23_000, 0],
    });
    expect(accrual).toMatchObject({
      income_cents: 105_000,
      expenses_cents: 23_000,
      net_income_cents: 105_000 - 23_000,
      prior_net_income_cents: 100_000,
    });
    // Cash: March's rent as paid in March, the fee not paid yet; April has the rest.
    const cash = await report(`${march}&basis=cash`);
    expect(amounts(cash)).toEqual({ [rentId]: [60_000, 100_000], [repairsId]: [23_000, 0] });
    expect(cash.net_income_cents).toBe(60_000 - 23_000);
    const april = await report("period_start=2026-04-01&period_end=2026-04-30&basis=cash");
    expect(amounts(april)).toEqual({ [rentId]: [40_000, 60_000], [lateId]: [5_000, 0], [repairsId]: [0, 23_000] });
    // A property: its own lines only (the company's repair is of none).
    const second = await report(`${march}&property_id=${p2}`);
    expect(second.property).toEqual({ id: p2, name: "Income Acres 2" });
    expect(amounts(second)).toEqual({ [repairsId]: [20_000, 0] });
    // A quarter beside the quarter before.
    const quarter = await report("period_start=2026-01-01&period_end=2026-03-31");
    expect(quarter).toMatchObject({ prior_start: "2025-10-01", prior_end: "2025-12-31", income_cents: 205_000 });
    // A user of the first property sees its money only.
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p1]);
    expect(amounts(await report(march, scoped))).toEqual({ [rentId]: [100_000, 100_000], [lateId]: [5_000, 0] });
    // Another organization's statement has none of it.
    expect((await report(march, other)).rows).toEqual([]);

    const csv = await send("GET", `/reports/income-statement?${march}&format=csv`);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain(`Net income,,${((105_000 - 23_000) / 100).toFixed(2)},${(100_000 / 100).toFixed(2)}`);
    // Excel: amounts as numbers of dollars; PDF: the same lines.
    const xlsx = await send("GET", `/reports/income-statement?${march}&format=xlsx`);
    const net = (await xlsxRows(xlsx.rawPayload)).find((r) => r[0] === "Net income");
    expect(net?.slice(2)).toEqual([(105_000 - 23_000) / 100, 100_000 / 100, (105_000 - 23_000 - 100_000) / 100]);
    const pdf = (await pdfPages((await send("GET", `/reports/income-statement?${march}&format=pdf`)).rawPayload)).join(
      "\n",
    );
    expect(pdf).toContain("Profit and loss");
    expect(pdf).toContain(formatCents(105_000 - 23_000));
  });

  it("keeps the balance sheet balanced on any day, its earnings moving by the P&L's net income", async () => {
    const sheet = async (asOf: string) => {
      const res = await send("GET", `/reports/balance-sheet?as_of=${asOf}`);
      expect(res.statusCode, res.body).toBe(200);
      return balanceSheetSchema.parse(res.json());
    };
    const amountOf = (lines: { account: { id: number }; amount_cents: number }[], id: number) =>
      lines.find((l) => l.account.id === id)?.amount_cents ?? 0;
    // The first test's postings: at the end of March the tenant owes March's rent less $600 and the
    // fee; $1,600 waits in undeposited funds; $230 of repairs came out of operating cash.
    const end = await sheet("2026-03-31");
    expect(amountOf(end.assets, org.account("accounts_receivable"))).toBe(100_000 - 60_000 + 5_000);
    expect(amountOf(end.assets, org.account("undeposited_funds"))).toBe(100_000 + 60_000);
    expect(amountOf(end.assets, org.account("operating_cash"))).toBe(-23_000);
    // A day inside the month: its days so far (the fee and the repairs came later).
    const early = await sheet("2026-03-07");
    expect(amountOf(early.assets, org.account("accounts_receivable"))).toBe(100_000 - 60_000);
    for (const s of [end, early, await sheet("2026-02-28"), await sheet("2026-04-30")]) {
      expect(s.total_assets_cents).toBe(s.total_liabilities_cents + s.total_equity_cents);
    }
    const march = await report("period_start=2026-03-01&period_end=2026-03-31");
    expect(end.earnings_cents - (await sheet("2026-02-28")).earnings_cents).toBe(march.net_income_cents);
    const csv = await send("GET", "/reports/balance-sheet?as_of=2026-03-31&format=csv");
    expect(csv.body).toContain(`Total assets,${(end.total_assets_cents / 100).toFixed(2)}`);
    const pdf = (
      await pdfPages((await send("GET", "/reports/balance-sheet?as_of=2026-03-31&format=pdf")).rawPayload)
    ).join("\n");
    expect(pdf).toContain(`Total assets`);
    expect(pdf).toContain(formatCents(end.total_assets_cents));
  });

  it("refuses a ragged or too long period and a property of another organization", async () => {
    const bad = async (query: string) => {
      const res = await send("GET", `/reports/income-statement?${query}`);
      expect(res.statusCode).toBe(400);
      return res.json().error.message as string;
    };
    expect(await bad("period_start=2026-03-02&period_end=2026-03-31")).toBe(
      "The period is whole months: from a month's first day to a month's last day",
    );
    expect(await bad("period_start=2023-01-01&period_end=2026-01-31")).toBe("The period is at most 36 months");
    expect(await bad(`period_start=2026-03-01&period_end=2026-03-31&property_id=${other.propertyIds[0]}`)).toBe(
      "Choose a property of the organization",
    );
  });
});
