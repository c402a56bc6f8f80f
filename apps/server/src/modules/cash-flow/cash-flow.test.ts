import { CASH_ROLES, cashFlowSchema } from "@keyholder/contracts/cash-flow";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { leasePostings } from "../../../test/lease-postings.ts";
import { xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Cashflow Court", { properties: 2 });
const other = await ledgerOrganization(t, "Other Court");
const [p0, p1] = org.propertyIds as [string, string];

const { charge, pay } = leasePostings(org, send);
const report = async (query: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/reports/cash-flow?${query}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return cashFlowSchema.parse(res.json());
};
/** The cash accounts' lines summed through a day, here from the raw lines. */
const cashThrough = async (day: string, property?: string) => {
  const [row] = await systemRows<{ cents: string }>(
    t,
    sql`select coalesce(sum(l.amount_cents), 0) as cents from journal_lines l
      join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
      where l.organization_id = ${org.orgId} and l.posted_on <= ${day}::date
        ${property ? sql`and l.property_id = ${property}` : sql``}
        and (a.role = any(${`{${CASH_ROLES.join(",")}}`}::text[])
          or exists (select 1 from bank_accounts b where b.organization_id = a.organization_id and b.ledger_account_id = a.id))`,
  );
  return Number(row?.cents);
};

// X at property 0 pays January's rent on the 5th and $1,500 on March 4; Y at property 1 pays $800 ahead on February 20.
const x = await leaseFixture(t, org, { property: 0, name: "X-1" });
await charge(x.id, 100_000, "2026-01-01");
await pay(x.id, 100_000, "2026-01-05");
await charge(x.id, 100_000, "2026-02-01");
await charge(x.id, 100_000, "2026-03-01");
await pay(x.id, 150_000, "2026-03-04");
const y = await leaseFixture(t, org, { property: 1, name: "Y-1" });
await pay(y.id, 80_000, "2026-02-20");

describe("cash flow (Reports > Financial)", () => {
  it("starts and ends with the cash accounts' balances, and the flows between add up to the change", async () => {
    const c = await report("from=2026-02-01&to=2026-03-31");
    expect(c.beginning_cents).toBe(await cashThrough("2026-01-31"));
    expect(c.ending_cents).toBe(await cashThrough("2026-03-31"));
    expect(c.beginning_cents + c.net_change_cents).toBe(c.ending_cents);
    expect(c.net_change_cents).toBe(150_000 + 80_000);
    const flows = c.sections.flatMap((s) => s.flows);
    expect(flows.reduce((s, f) => s + f.in_cents, 0)).toBe(230_000);
    expect(flows.reduce((s, f) => s + f.out_cents, 0)).toBe(0);
    // Rent collected comes in through the receivables; none of it is income yet on this basis of flows.
    const receivables = flows.find((f) => f.account.id === org.account("accounts_receivable"));
    expect(receivables?.in_cents).toBeGreaterThan(0);
  });

  it("narrows to a property, keeps scopes and organizations apart, and downloads", async () => {
    const one = await report(`from=2026-02-01&to=2026-03-31&property_id=${p1}`);
    expect(one.net_change_cents).toBe(80_000);
    expect(one.ending_cents).toBe(await cashThrough("2026-03-31", p1));
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p0]);
    expect((await report("from=2026-02-01&to=2026-03-31", scoped)).net_change_cents).toBe(150_000);
    expect(await report("from=2026-02-01&to=2026-03-31", other)).toMatchObject({
      beginning_cents: 0,
      net_change_cents: 0,
      ending_cents: 0,
    });
    const rows = await xlsxRows(
      (await send("GET", "/reports/cash-flow?from=2026-02-01&to=2026-03-31&format=xlsx")).rawPayload,
    );
    expect(rows.find((r) => r[0] === "Cash at the end")?.[3]).toBe((await cashThrough("2026-03-31")) / 100);
  });
});
