import { addMonths, monthStart, todayIn } from "@keyholder/contracts/civil-date";
import { leaseMessages, moveInResponseSchema } from "@keyholder/contracts/leases";
import { chargeRunSchema } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseTestApp, movedInLeases, prorated, tenantStatus } from "../../../test/lease-fixture.ts";
import { systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Move In Mews", { properties: 5 });

describe("move-in", () => {
  const movedIn = movedInLeases({ t, org, send });

  /** The lease's charges by month: [key month, posted on, cents] of each entry keyed charge:<id>:<month>. */
  const charges = async (leaseId: string) =>
    (
      await systemRows<{ month: string; posted_on: string; cents: string }>(
        t,
        sql`select right(e.idempotency_key, 10) as month, e.posted_on::text as posted_on, l.amount_cents as cents
          from journal_entries e join journal_lines l on l.organization_id = e.organization_id and l.entry_id = e.id
          where l.lease_id = ${leaseId} and l.line_no = 1 and e.idempotency_key like 'charge:%' order by 1`,
      )
    ).map((r) => [r.month, r.posted_on, Number(r.cents)]);

  const run = async (through: string) => {
    const res = await send("POST", "/charge-runs", { payload: { through } });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.drain();
    return chargeRunSchema.parse((await send("GET", `/charge-runs/${res.json().id}`)).json());
  };

  it("posts the first month prorated by calendar days counting the move-in day, the deposit and fees, once", async () => {
    const { lease, postings, tenantId } = await movedIn(
      { start_date: "2026-06-15", end_date: "2027-06-14", rent_cents: 80_000, deposit_cents: 120_000 },
      { one_time_fees: [{ description: "Key fee", amount_cents: 2_500 }] },
    );
    const rent = prorated(80_000, 16, 30);
    expect(rent).toBe(42_667);
    expect(postings.map((p) => [p.memo, p.posted_on, p.amount_cents])).toEqual([
      ["Rent, June 2026 (prorated)", "2026-06-15", rent],
      ["Security deposit", "2026-06-15", 120_000],
      ["Key fee", "2026-06-15", 2_500],
    ]);
    expect(lease.status).toBe("active");
    expect(lease.moved_in_on).toBe("2026-06-15");
    expect(lease.balance_cents).toBe(rent + 120_000 + 2_500);
    expect(lease.recurring_charges[0]?.next_period_start).toBe("2026-07-01");
    expect(await tenantStatus(t, tenantId)).toBe("current");
    // The deposit: D receivables, C security deposits held, with the lease's dimensions on both lines.
    const deposit = await systemRows<{
      role: string;
      amount_cents: string;
      lease_id: string;
      tenant_id: string;
      unit_id: string;
    }>(
      t,
      sql`select a.role, l.amount_cents, l.lease_id, l.tenant_id, l.unit_id from journal_lines l
        join journal_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
        join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
        where e.idempotency_key = ${`move_in:${lease.id}:deposit`} order by l.line_no`,
    );
    expect(deposit.map((d) => [d.role, Number(d.amount_cents), d.lease_id, d.tenant_id, Number(d.unit_id)])).toEqual([
      ["accounts_receivable", 120_000, lease.id, tenantId, lease.units[0]?.unit_id],
      ["security_deposits_held", -120_000, lease.id, tenantId, lease.units[0]?.unit_id],
    ]);

    // A second move-in (a double click, a retry) posts nothing and answers the first.
    const again = await send("POST", `/leases/${lease.id}/move-in`, { payload: {} });
    expect(again.statusCode, again.body).toBe(200);
    expect(moveInResponseSchema.parse(again.json()).postings).toEqual(postings);
    expect(moveInResponseSchema.parse(again.json()).lease.balance_cents).toBe(lease.balance_cents);

    // Its postings are kept: the lease cannot be deleted.
    const deleted = await send("DELETE", `/leases/${lease.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.message).toBe(leaseMessages.hasPostings);

    // The charge run through the same month posts nothing more for June; later months in full.
    await run("2026-06-30");
    expect(await charges(lease.id)).toEqual([["2026-06-01", "2026-06-15", rent]]);
    await run("2026-08-01");
    expect(await charges(lease.id)).toEqual([
      ["2026-06-01", "2026-06-15", rent],
      ["2026-07-01", "2026-07-01", 80_000],
      ["2026-08-01", "2026-08-01", 80_000],
    ]);
  });

  it("prorates 29 February of a leap year, a due day 31 in 30-day months and a lease ending mid-month", async () => {
    const leap = await movedIn({ start_date: "2024-02-29", end_date: "2025-02-27", rent_cents: 100_000 });
    expect(leap.postings.map((p) => p.amount_cents)).toEqual([prorated(100_000, 1, 29)]);

    const day31 = await movedIn({ start_date: "2026-09-10", end_date: "2027-09-09", rent_cents: 90_000, due_day: 31 });
    expect(day31.postings.map((p) => [p.posted_on, p.amount_cents])).toEqual([
      ["2026-09-10", prorated(90_000, 21, 30)],
    ]);

    const ending = await movedIn({ start_date: "2026-06-01", end_date: "2026-08-20", rent_cents: 70_000 });
    expect(ending.postings.map((p) => p.amount_cents)).toEqual([70_000]);

    const short = await movedIn({ start_date: "2026-06-10", end_date: "2026-06-20", rent_cents: 60_000 });
    expect(short.postings.map((p) => p.amount_cents)).toEqual([prorated(60_000, 11, 30)]);

    await run("2026-11-30");
    // Due on the 31st: the month's last day in a 30-day month.
    expect(await charges(day31.lease.id)).toEqual([
      ["2026-09-01", "2026-09-10", prorated(90_000, 21, 30)],
      ["2026-10-01", "2026-10-31", 90_000],
      ["2026-11-01", "2026-11-30", 90_000],
    ]);
    // The last month of a lease ending on 20 August: 20 of 31 days.
    expect(await charges(ending.lease.id)).toEqual([
      ["2026-06-01", "2026-06-01", 70_000],
      ["2026-07-01", "2026-07-01", 70_000],
      ["2026-08-01", "2026-08-01", prorated(70_000, 20, 31)],
    ]);
    expect(await charges(short.lease.id)).toEqual([["2026-06-01", "2026-06-10", prorated(60_000, 11, 30)]]);
  });

  it("skips move-in charges for a migrated tenant: an opening balance, and charges from next month", async () => {
    const { lease, postings } = await movedIn(
      { start_date: "2025-01-01", end_date: "2027-12-31", rent_cents: 95_000, deposit_cents: 95_000 },
      { skip_move_in_charges: true, opening_balance_cents: 55_000, moved_in_on: "2025-01-01" },
    );
    expect(postings.map((p) => [p.memo, p.amount_cents])).toEqual([["Opening balance", 55_000]]);
    expect(lease.balance_cents).toBe(55_000);
    const today = todayIn("America/New_York");
    expect(lease.recurring_charges[0]?.next_period_start).toBe(monthStart(addMonths(today, 1)));
    const equity = await systemRows<{ role: string; amount_cents: string }>(
      t,
      sql`select a.role, l.amount_cents from journal_lines l
        join journal_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
        join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
        where e.idempotency_key = ${`move_in:${lease.id}:opening_balance`} order by l.line_no`,
    );
    expect(equity.map((e) => [e.role, Number(e.amount_cents)])).toEqual([
      ["accounts_receivable", 55_000],
      ["opening_balance_equity", -55_000],
    ]);
    await run(today);
    expect(await charges(lease.id)).toEqual([]);
  });

  it("charges a percent late fee once a month, never above the lease's maximum", async () => {
    const { lease } = await movedIn({
      start_date: "2026-08-01",
      end_date: "2027-07-31",
      rent_cents: 80_000,
      grace_days: 5,
      late_fee: { type: "percent", percent: "10", max_cents: 5_000 },
    });
    await run("2026-08-31");
    await run("2026-08-31");
    const fees = await systemRows<{ posted_on: string; cents: string }>(
      t,
      sql`select e.posted_on::text as posted_on, l.amount_cents as cents from journal_entries e
        join journal_lines l on l.organization_id = e.organization_id and l.entry_id = e.id and l.line_no = 1
        where l.lease_id = ${lease.id} and e.source = 'late_fee'`,
    );
    // 10% of $800 is $80.00, above the $50.00 maximum.
    expect(fees.map((f) => [f.posted_on, Number(f.cents)])).toEqual([["2026-08-07", 5_000]]);
  });
});
