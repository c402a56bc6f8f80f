import { randomUUID } from "node:crypto";
import { addDays, monthEnd } from "@keyholder/contracts/civil-date";
import { ledgerAccountsSchema, trialBalanceSchema } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { addRecurringCharge, type LedgerOrg, ledgerApi, ledgerOrganization, systemRows } from "./ledger-fixture.ts";

/** mulberry32: the same sequence of operations on every run and both databases. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe("balances read through the maintained tables equal the sums of the raw lines", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: LedgerOrg;
  const send = ledgerApi(
    () => t,
    () => org,
  );
  const next = random(27);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const leases = Array.from({ length: 6 }, () => randomUUID());

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKER: "false" });
    org = await ledgerOrganization(t, "Random Rentals", { properties: 3 });
  });
  afterAll(() => t.close());

  it("after a random sequence of postings, reversals, back-dated entries and charge runs", async () => {
    const roles = [
      "operating_cash",
      "undeposited_funds",
      "accounts_receivable",
      "prepaid_rent",
      "rent_income",
      "late_fee_income",
      "security_deposits_held",
      "management_fees",
    ] as const;
    // Dates across five months, posted in no order: most are back-dated against the one before.
    const day = () => addDays("2025-09-01", Math.floor(next() * 150));
    for (const [i, lease] of leases.entries()) {
      await addRecurringCharge(t, org, {
        leaseId: lease,
        property: i % 3,
        amountCents: 50_000 + Math.floor(next() * 100_000),
        startDate: addDays("2025-09-01", Math.floor(next() * 60)),
        dueDay: 1 + Math.floor(next() * 31),
        proration: next() < 0.5 ? "daily" : "none",
        lateFeeCents: next() < 0.5 ? 2_500 : 0,
        lateFeePercent: next() < 0.5 ? "2.5" : "0",
      });
    }
    const posted: number[] = [];
    let refused = 0;
    let closings = 0;
    for (let step = 0; step < 120; step++) {
      const roll = next();
      if (roll < 0.1) {
        const res = await send("POST", "/charge-runs", { payload: { through: day() } });
        expect([200, 202]).toContain(res.statusCode);
        await t.app.jobs.drain();
      } else if (roll < 0.25 && posted.length) {
        const res = await send("POST", `/journal-entries/${pick(posted)}/reverse`, {
          payload: next() < 0.5 ? { posted_on: day() } : {},
        });
        expect([200, 201, 409], res.body).toContain(res.statusCode);
        if (res.statusCode === 201) posted.push(res.json().id);
      } else if (roll < 0.28 && closings < 2) {
        closings++;
        // Close a month that has ended: later postings into it are refused and do not count.
        const month = `${day().slice(0, 7)}-01`;
        await send("POST", "/accounting-periods", { payload: { starts_on: month } });
        const period = (await send("GET", "/accounting-periods"))
          .json()
          .periods.find((p: { starts_on: string }) => p.starts_on === month);
        expect((await send("POST", `/accounting-periods/${period.id}/close`)).statusCode).toBe(200);
      } else {
        const lines = Array.from({ length: 2 + Math.floor(next() * 3) }, () => ({
          account_id: org.account(pick(roles)),
          cents: 1 + Math.floor(next() * 500_000),
          property_id: next() < 0.8 ? pick(org.propertyIds) : null,
          lease_id: next() < 0.6 ? pick(leases) : null,
        }));
        // A last line balances the others.
        const net = lines.reduce((sum, l, i) => sum + (i % 2 === 0 ? l.cents : -l.cents), 0);
        const balancing = { account_id: org.account("opening_balance_equity"), property_id: null, lease_id: null };
        const payload = {
          posted_on: day(),
          idempotency_key: randomUUID(),
          lines: [
            ...lines.map((l, i) => ({
              account_id: l.account_id,
              property_id: l.property_id,
              lease_id: l.lease_id,
              ...(i % 2 === 0 ? { debit_cents: l.cents } : { credit_cents: l.cents }),
            })),
            ...(net === 0 ? [] : [{ ...balancing, ...(net > 0 ? { credit_cents: net } : { debit_cents: -net }) }]),
          ],
        };
        const res = await send("POST", "/journal-entries", { payload });
        expect([201, 409], res.body).toContain(res.statusCode);
        if (res.statusCode === 201) posted.push(res.json().id);
        else refused++;
      }
    }
    expect(posted.length).toBeGreaterThan(50);

    const raw = <T>(query: ReturnType<typeof sql>) => systemRows<T>(t, query);
    const lineCount = await raw<{ n: number }>(
      sql`select count(*)::int as n from journal_lines where organization_id = ${org.orgId}`,
    );
    expect(Number(lineCount[0]?.n)).toBeGreaterThan(200);

    // The maintained tables, row by row.
    const byMonth = sql`select account_id, date_trunc('month', posted_on)::date::text as month,
        sum(greatest(amount_cents, 0))::text as debit, sum(greatest(-amount_cents, 0))::text as credit
      from journal_lines where organization_id = ${org.orgId} group by 1, 2 order by 1, 2`;
    const maintainedByMonth = sql`select account_id, period_start::text as month, debit_cents::text as debit, credit_cents::text as credit
      from ledger_account_balances where organization_id = ${org.orgId} and (debit_cents <> 0 or credit_cents <> 0) order by 1, 2`;
    expect(await raw(maintainedByMonth)).toEqual(await raw(byMonth));
    expect(
      await raw(sql`select property_id, account_id, period_start::text as month, debit_cents::text as debit, credit_cents::text as credit
        from ledger_property_balances where organization_id = ${org.orgId} order by 1, 2, 3`),
    ).toEqual(
      await raw(sql`select property_id, account_id, date_trunc('month', posted_on)::date::text as month,
          sum(greatest(amount_cents, 0))::text as debit, sum(greatest(-amount_cents, 0))::text as credit
        from journal_lines where organization_id = ${org.orgId} and property_id is not null group by 1, 2, 3 order by 1, 2, 3`),
    );
    expect(
      await raw(sql`select account_id, posted_on::text as day, debit_cents::text as debit, credit_cents::text as credit
        from ledger_account_day_balances where organization_id = ${org.orgId} and (debit_cents <> 0 or credit_cents <> 0)
        order by 1, 2`),
    ).toEqual(
      await raw(sql`select account_id, posted_on::text as day,
          sum(greatest(amount_cents, 0))::text as debit, sum(greatest(-amount_cents, 0))::text as credit
        from journal_lines where organization_id = ${org.orgId} group by 1, 2 order by 1, 2`),
    );
    expect(
      await raw(
        sql`select row_count::int as row_count from organization_row_counts where organization_id = ${org.orgId} and table_name = 'journal_lines'`,
      ),
    ).toEqual([{ row_count: Number(lineCount[0]?.n) }]);
    // The cash basis (migration 0072): what the line and allocation triggers kept equals it built whole.
    const cashBasis = sql`select property_id, account_id, period_start::text as month, receivable_cents::text as receivable,
        collected_cents::text as collected
      from ledger_property_cash_basis where organization_id = ${org.orgId} order by 1, 2, 3`;
    const kept = await raw(cashBasis);
    expect(kept.length).toBeGreaterThan(0);
    await raw(sql`select ledger_property_cash_basis_rebuild(${org.orgId}::uuid)`);
    expect(await raw(cashBasis)).toEqual(kept);
    // Each lease's balance and deposits held (migration 0079), summed from its lines.
    const leaseSums = await raw<{ lease_id: string; balance: string; security: string; other: string }>(sql`
      select l.lease_id, coalesce(sum(l.amount_cents) filter (where a.lease_ledger), 0)::text as balance,
        coalesce(-sum(l.amount_cents) filter (where a.role = 'security_deposits_held'), 0)::text as security,
        coalesce(-sum(l.amount_cents) filter (where a.role = 'other_deposits_held'), 0)::text as other
      from journal_lines l
      join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
        and (a.lease_ledger or a.role in ('security_deposits_held', 'other_deposits_held'))
      where l.organization_id = ${org.orgId} and l.lease_id is not null group by 1 order by 1`);
    expect(leaseSums.some((s) => Number(s.security) !== 0)).toBe(true);
    expect(
      await raw(sql`select lease_id, balance_cents::text as balance, security_deposit_cents::text as security,
        other_deposits_cents::text as other from lease_balances
        where organization_id = ${org.orgId} order by 1`),
    ).toEqual(leaseSums);
    expect(leaseSums.length).toBe(leases.length);
    // And by month (migration 0080), what a report of a past day takes off them.
    const monthSums = await raw(sql`
      select l.lease_id, date_trunc('month', l.posted_on)::date::text as month,
        coalesce(sum(l.amount_cents) filter (where a.lease_ledger), 0)::text as ledger,
        coalesce(sum(l.amount_cents) filter (where a.role = 'security_deposits_held'), 0)::text as security,
        coalesce(sum(l.amount_cents) filter (where a.role = 'other_deposits_held'), 0)::text as other
      from journal_lines l
      join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
        and (a.lease_ledger or a.role in ('security_deposits_held', 'other_deposits_held'))
      where l.organization_id = ${org.orgId} and l.lease_id is not null group by 1, 2 order by 1, 2`);
    expect(monthSums.length).toBeGreaterThan(leases.length);
    expect(
      await raw(sql`select lease_id, month::text as month, ledger_cents::text as ledger,
          security_deposit_cents::text as security, other_deposits_cents::text as other
        from lease_month_balances where organization_id = ${org.orgId} order by 1, 2`),
    ).toEqual(monthSums);

    // The API: the trial balance on random days and every month end, the accounts' balances.
    const asOfs = [
      ...Array.from({ length: 12 }, day),
      ...["2025-09", "2025-10", "2025-11", "2025-12", "2026-01"].map((m) => monthEnd(`${m}-01`)),
    ];
    for (const asOf of asOfs) {
      const tb = trialBalanceSchema.parse((await send("GET", `/ledger/trial-balance?as_of=${asOf}`)).json());
      const sums = await raw<{ account_id: number; net: string }>(sql`
        select account_id, sum(amount_cents)::text as net from journal_lines
        where organization_id = ${org.orgId} and posted_on <= ${asOf} group by 1 having sum(amount_cents) <> 0 order by 1`);
      expect(
        tb.rows.map((r) => [r.account_id, r.debit_cents - r.credit_cents]).sort((a, b) => Number(a[0]) - Number(b[0])),
        asOf,
      ).toEqual(sums.map((s) => [Number(s.account_id), Number(s.net)]));
      expect(tb.total_debit_cents).toBe(tb.total_credit_cents);
    }
    const { accounts } = ledgerAccountsSchema.parse((await send("GET", "/ledger/accounts")).json());
    const totals = await raw<{ account_id: number; net: string }>(sql`
      select account_id, sum(amount_cents)::text as net from journal_lines where organization_id = ${org.orgId} group by 1`);
    for (const a of accounts) {
      expect(a.balance_cents, a.code).toBe(Number(totals.find((s) => Number(s.account_id) === a.id)?.net ?? 0));
    }
    // Some postings met a closed month and changed nothing.
    expect(refused).toBeGreaterThan(0);
  });
});
