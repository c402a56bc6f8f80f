import { type GeneralLedger, generalLedgerSchema } from "@keyholder/contracts/general-ledger";
import { trialBalanceSchema } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { leasePostings } from "../../../test/lease-postings.ts";
import { pdfPages, runBesideDownload, xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

// A background run reads 2 lines at a time here (a real one: 5,000), so its file is written in pages.
const { t, org, send } = await leaseTestApp("Ledger Lane", { properties: 2, env: { REPORT_BATCH_ROWS: "2" } });
const other = await ledgerOrganization(t, "Other Lane");
const [p0, p1] = org.propertyIds as [string, string];
const receivable = org.account("accounts_receivable");

const { charge, pay } = leasePostings(org, send);
const report = async (query: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/reports/general-ledger?${query}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return generalLedgerSchema.parse(res.json());
};
const accountOf = (g: GeneralLedger, id: number) => g.accounts.find((a) => a.account.id === id);
/** An account's debits less credits through a day, summed from the raw lines here. */
const linesThrough = async (account: number, day: string, property?: string) => {
  const [row] = await systemRows<{ cents: string }>(
    t,
    sql`select coalesce(sum(amount_cents), 0) as cents from journal_lines
      where organization_id = ${org.orgId} and account_id = ${account} and posted_on <= ${day}::date
      ${property ? sql`and property_id = ${property}` : sql``}`,
  );
  return Number(row?.cents);
};

// X at property 0: rent in January, February and March, paid in January and March; Y at property 1, rent in February.
const x = await leaseFixture(t, org, { property: 0, name: "X-1" });
await charge(x.id, 100_000, "2026-01-01");
await pay(x.id, 100_000, "2026-01-05");
await charge(x.id, 100_000, "2026-02-01");
await charge(x.id, 100_000, "2026-03-01");
await pay(x.id, 150_000, "2026-03-04");
const y = await leaseFixture(t, org, { property: 1, name: "Y-1" });
await charge(y.id, 70_000, "2026-02-10");

describe("general ledger detail (Reports > Financial)", () => {
  it("lists an account's lines of the span between its opening and closing balances, running as posted", async () => {
    const g = await report(`from=2026-02-01&to=2026-03-31&account_id=${receivable}`);
    expect(g.account?.id).toBe(receivable);
    const ar = accountOf(g, receivable);
    const opening = await linesThrough(receivable, "2026-01-31");
    expect(ar?.opening_cents).toBe(opening);
    expect(ar?.lines.map((l) => [l.posted_on, l.debit_cents, l.credit_cents])).toEqual([
      ["2026-02-01", 100_000, 0],
      ["2026-02-10", 70_000, 0],
      ["2026-03-01", 100_000, 0],
      ["2026-03-04", 0, 150_000],
    ]);
    const running = [100_000, 70_000, 100_000, -150_000].map(
      (_, i, all) => opening + all.slice(0, i + 1).reduce((s, n) => s + n, 0),
    );
    expect(ar?.lines.map((l) => l.balance_cents)).toEqual(running);
    expect(ar?.lines[1]?.name).toBe("Y-1");
    expect(ar?.closing_cents).toBe(await linesThrough(receivable, "2026-03-31"));
    // It ties out to the trial balance on the last day.
    const tb = trialBalanceSchema.parse((await send("GET", "/reports/trial-balance?as_of=2026-03-31")).json());
    const row = tb.rows.find((r) => r.account_id === receivable);
    expect((row?.debit_cents ?? 0) - (row?.credit_cents ?? 0)).toBe(ar?.closing_cents);
  });

  it("balances over all accounts, narrows to a property, and shows other organizations and scopes nothing of others'", async () => {
    const all = await report("from=2026-01-01&to=2026-03-31");
    expect(all.total_debit_cents).toBe(all.total_credit_cents);
    expect(all.total_debit_cents).toBeGreaterThan(0);
    const one = await report(`from=2026-02-01&to=2026-03-31&property_id=${p1}&account_id=${receivable}`);
    expect(accountOf(one, receivable)?.lines.map((l) => l.debit_cents)).toEqual([70_000]);
    expect(accountOf(one, receivable)?.opening_cents).toBe(await linesThrough(receivable, "2026-01-31", p1));
    expect((await report("from=2026-01-01&to=2026-03-31", other)).accounts).toEqual([]);
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p0]);
    const theirs = accountOf(
      await report(`from=2026-02-01&to=2026-03-31&account_id=${receivable}`, scoped),
      receivable,
    );
    expect(theirs?.lines.map((l) => l.property_name)).toEqual(Array(3).fill("Ledger Lane 1"));
  });

  it("refuses another organization's account and a span backwards", async () => {
    const foreign = await send("GET", `/reports/general-ledger?account_id=${other.account("accounts_receivable")}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.account_id).toEqual(["Choose an account of the chart of accounts"]);
    const backwards = await send("GET", "/reports/general-ledger?from=2026-03-01&to=2026-02-01");
    expect(backwards.json().error.fields.from).toEqual(["The first day comes after the last"]);
  });

  it("downloads as Excel and PDF: an account's opening, lines and closing", async () => {
    const q = `from=2026-02-01&to=2026-03-31&account_id=${receivable}`;
    const rows = await xlsxRows((await send("GET", `/reports/general-ledger?${q}&format=xlsx`)).rawPayload);
    const total = rows.find((r) => String(r[2]).startsWith("Total") && String(r[2]).includes("Receivable"));
    // Date, entry, memo, property, unit, name, debit, credit, balance: in dollars.
    expect(total?.[6]).toBe(2_700);
    expect(total?.[7]).toBe(1_500);
    expect(total?.[8]).toBe((await linesThrough(receivable, "2026-03-31")) / 100);
    const pdf = (await pdfPages((await send("GET", `/reports/general-ledger?${q}&format=pdf`)).rawPayload)).join("\n");
    expect(pdf).toContain("General ledger detail");
    expect(pdf).toContain("Opening balance");
  });

  it("writes any number of lines in the background in pages, line for line the ledger read whole", async () => {
    const runBoth = runBesideDownload({ t, org, send });
    const run = (params: Record<string, string>, format: string, as: { cookie: string } = org) =>
      runBoth("general-ledger", params, format, as);
    const spans: Record<string, string>[] = [
      { from: "2026-01-01", to: "2026-03-31" },
      { from: "2026-02-01", to: "2026-03-31", account_id: String(receivable) },
      { from: "2026-01-01", to: "2026-03-31", property_id: p1 },
    ];
    for (const params of spans) {
      const [file, direct] = await run(params, "csv");
      expect(file.body).toBe(direct.body);
      expect(file.body).toContain("Opening balance");
    }
    const [xlsx, directXlsx] = await run({ from: "2026-01-01", to: "2026-03-31" }, "xlsx");
    expect(await xlsxRows(xlsx.rawPayload)).toEqual(await xlsxRows(directXlsx.rawPayload));
    // A user of the second property: its lines alone, in pages as well.
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p1]);
    const [theirs, theirsDirect] = await run({ from: "2026-01-01", to: "2026-03-31" }, "csv", scoped);
    expect(theirs.body).toBe(theirsDirect.body);
    expect(theirs.body).toContain("Ledger Lane 2");
    expect(theirs.body).not.toContain("Ledger Lane 1");
  });
});
