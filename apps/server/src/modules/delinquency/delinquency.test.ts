import { type Delinquency, delinquencySchema } from "@keyholder/contracts/delinquency";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { leasePostings } from "../../../test/lease-postings.ts";
import { pdfPages, xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Aging Acres", { properties: 2 });
const other = await ledgerOrganization(t, "Other Aging");
const [p0, p1] = org.propertyIds as [string, string];

const { charge, pay } = leasePostings(org, send);
const report = async (query: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/reports/delinquency?${query}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return delinquencySchema.parse(res.json());
};
const rowOf = (d: Delinquency, lease: string) => d.rows.find((r) => r.lease.id === lease);
/** A lease's balance on its tenants' ledger accounts through a day, summed from the lines. */
const ledgerThrough = async (leaseId: string, day: string) => {
  const [row] = await systemRows<{ cents: string }>(
    t,
    sql`select coalesce(sum(l.amount_cents), 0) as cents from journal_lines l
      join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id and a.lease_ledger
      where l.lease_id = ${leaseId} and l.posted_on <= ${day}::date`,
  );
  return Number(row?.cents);
};

// X owes rent from January at property 0: January paid on Feb 5, February and March not; a late fee March 10.
const x = await leaseFixture(t, org, { property: 0, name: "X-1" });
await charge(x.id, 100_000, "2026-01-01");
await charge(x.id, 100_000, "2026-02-01");
await pay(x.id, 100_000, "2026-02-05");
await charge(x.id, 100_000, "2026-03-01");
await charge(x.id, 5_000, "2026-03-10", "late_fee_income");
// Y paid $800 ahead on Feb 20; March's $500 rent took it from the prepayment.
const y = await leaseFixture(t, org, { property: 0, name: "Y-1" });
await pay(y.id, 80_000, "2026-02-20");
await charge(y.id, 50_000, "2026-03-01");
// Z, at property 1, owes $300 from February and moved out March 15.
const z = await leaseFixture(t, org, { property: 1, name: "Z-1" });
await charge(z.id, 30_000, "2026-02-01");
await systemRows(t, sql`update leases set status = 'ended', moved_out_on = '2026-03-15' where id = ${z.id}`);

describe("delinquency and aged receivables (Reports > Financial)", () => {
  it("ages what was owed on a day by the days since each charge was due, counting only payments made by then", async () => {
    const march = await report("as_of=2026-03-31");
    // February's rent 58 days old; March's rent 30 and the fee 21.
    expect(rowOf(march, x.id)).toMatchObject({
      standing: "current",
      buckets_cents: [100_000 + 5_000, 100_000, 0, 0],
      owed_cents: 205_000,
      credits_cents: 0,
      net_cents: 205_000,
      oldest_due: "2026-02-01",
    });
    // Y had paid ahead: not delinquent.
    expect(rowOf(march, y.id)).toBeUndefined();
    expect(rowOf(march, z.id)).toMatchObject({ standing: "past", buckets_cents: [0, 30_000, 0, 0] });
    expect(march.totals).toMatchObject({ leases: 2, owed_cents: 235_000, net_cents: 235_000 });
    // By charge type: rent and the late fee.
    expect(march.by_charge_type.map((a) => [a.account.id, a.owed_cents])).toEqual(
      expect.arrayContaining([
        [org.account("rent_income"), 230_000],
        [org.account("late_fee_income"), 5_000],
      ]),
    );

    // On Feb 4 the payment of Feb 5 had not come: January's rent is still owed, 34 days old.
    const feb4 = await report("as_of=2026-02-04");
    expect(rowOf(feb4, x.id)).toMatchObject({ buckets_cents: [100_000, 100_000, 0, 0], oldest_due: "2026-01-01" });
    expect(rowOf(feb4, z.id)?.buckets_cents).toEqual([30_000, 0, 0, 0]);

    // The ages move with the day: by May 15 February's rent is over 90 days, March's 61 to 90.
    const may = await report("as_of=2026-05-15");
    expect(rowOf(may, x.id)?.buckets_cents).toEqual([0, 0, 100_000 + 5_000, 100_000]);

    // Before anything was due nobody owed anything.
    expect((await report("as_of=2025-12-31")).rows).toEqual([]);
  });

  it("agrees with the tenants' ledger: each lease's net owed is its balance that day", async () => {
    for (const day of ["2026-01-31", "2026-02-04", "2026-02-05", "2026-03-09", "2026-03-10", "2026-06-30"]) {
      const d = await report(`as_of=${day}`);
      for (const r of d.rows)
        expect(r.net_cents, `${r.tenant_names} ${day}`).toBe(await ledgerThrough(r.lease.id, day));
      // And a lease absent owed nothing (or had paid ahead).
      for (const lease of [x.id, y.id, z.id])
        if (!rowOf(d, lease)) expect(await ledgerThrough(lease, day)).toBeLessThanOrEqual(0);
    }
  });

  it("shows current or past tenants, a property, and nothing of another organization or outside a user's properties", async () => {
    const day = "as_of=2026-03-31";
    expect((await report(`${day}&tenants=current`)).rows.map((r) => r.lease.id)).toEqual([x.id]);
    expect((await report(`${day}&tenants=past`)).rows.map((r) => r.lease.id)).toEqual([z.id]);
    const atP1 = await report(`${day}&property_id=${p1}`);
    expect(atP1.property?.id).toBe(p1);
    expect(atP1.rows.map((r) => r.lease.id)).toEqual([z.id]);

    expect((await report(day, other)).rows).toEqual([]);
    expect((await send("GET", `/reports/delinquency?property_id=${p0}`, { org: other })).statusCode).toBe(400);
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p1]);
    expect((await report(day, scoped)).rows.map((r) => r.lease.id)).toEqual([z.id]);
    const staff = await ledgerUser(t, org, "STAFF");
    expect((await send("GET", "/reports/delinquency", { org: staff })).statusCode).toBe(403);
    expect((await send("GET", "/reports/delinquency?tenants=everyone")).statusCode).toBe(400);
  });

  it("downloads the same rows as CSV, Excel and PDF", async () => {
    const q = "as_of=2026-03-31";
    const csv = await send("GET", `/reports/delinquency?${q}&format=csv`);
    expect(csv.headers["content-disposition"]).toContain("delinquency-2026-03-31.csv");
    const lines = csv.body.split("\r\n");
    expect(lines.find((l) => l.includes("X-1"))).toContain("1050.00,1000.00,0.00,0.00,2050.00,0.00,2050.00,2026-02-01");
    expect(lines.find((l) => l.startsWith('"Total, 2 leases"'))).toBeDefined();

    const xlsx = await send("GET", `/reports/delinquency?${q}&format=xlsx`);
    const values = await xlsxRows(xlsx.rawPayload);
    const xRow = values.find((v) => v.includes("X-1"));
    // Amounts are numbers of dollars, the oldest charge a date.
    expect(xRow?.slice(5, 9)).toEqual([1050, 1000, 0, 0]);
    expect(xRow?.at(-1)).toEqual(new Date(Date.UTC(2026, 1, 1)));

    const pdf = await send("GET", `/reports/delinquency?${q}&format=pdf`);
    const text = (await pdfPages(pdf.rawPayload)).join("\n");
    expect(text).toContain("Delinquency");
    expect(text).toContain("X-1");
    expect(text).toContain("$2,050.00");
  });
});
