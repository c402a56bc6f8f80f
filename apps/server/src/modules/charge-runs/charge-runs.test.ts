import { randomUUID } from "node:crypto";
import { addDays, addMonths, monthStart, todayIn } from "@keyholder/contracts/civil-date";
import { chargeRunSchema } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import {
  addRecurringCharge,
  dueMonths,
  type LedgerOrg,
  ledgerApi,
  ledgerOrganization,
  ledgerUser,
  systemRows,
} from "../ledger/ledger-fixture.ts";

describe("charge runs", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: LedgerOrg;
  const send = ledgerApi(
    () => t,
    () => org,
  );
  const today = () => todayIn("America/New_York");

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKER: "false" });
    org = await ledgerOrganization(t, "Charge Court");
  });
  afterAll(() => t.close());

  const run = async (through: string) => {
    const res = await send("POST", "/charge-runs", { payload: { through } });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.drain();
    const done = await send("GET", `/charge-runs/${res.json().id}`);
    return chargeRunSchema.parse(done.json());
  };
  const postedKeys = async (source: string) =>
    (
      await systemRows<{ idempotency_key: string; n: number }>(
        t,
        sql`select idempotency_key, count(*)::int as n from journal_entries
          where organization_id = ${org.orgId} and source = ${source} group by 1 order by 1`,
      )
    ).map((r) => [r.idempotency_key, Number(r.n)] as const);

  it("posts each due month of each charge once, however often it runs", async () => {
    const through = today();
    const start = addMonths(monthStart(through), -2);
    const charges = [
      {
        ...(await addRecurringCharge(t, org, { property: 0, unit: 0, amountCents: 150_000, startDate: start })),
        due: 1,
        start,
      },
      {
        ...(await addRecurringCharge(t, org, {
          property: 1,
          unit: 1,
          amountCents: 98_765,
          startDate: start,
          dueDay: 28,
        })),
        due: 28,
        start,
      },
    ];
    const first = await run(through);
    expect(first.status).toBe("succeeded");
    const expected = charges
      .flatMap((c) => dueMonths(c.start, c.due, through).map((m) => `charge:${c.id}:${m}`))
      .sort();
    expect((await postedKeys("recurring_charge")).map(([k]) => k)).toEqual(expected);
    expect(first.posted.charges).toBe(expected.length);
    const cents = expected.reduce((sum, k) => sum + (k.includes(charges[0]?.id ?? "-") ? 150_000 : 98_765), 0);
    expect(first.posted.charges_cents).toBe(cents);
    expect(first.progress).toEqual({ phase: "done", charges_total: 2, charges_done: 2 });

    const second = await run(through);
    expect(second.posted).toEqual({
      charges: 0,
      charges_cents: 0,
      late_fees: 0,
      late_fees_cents: 0,
      skipped_closed_periods: 0,
    });
    expect((await postedKeys("recurring_charge")).every(([, n]) => n === 1)).toBe(true);
    // The lines carry the lease, property and unit; the receivable is the lease's balance.
    const [balance] = await systemRows<{ balance_cents: string }>(
      t,
      sql`select balance_cents from lease_balances where organization_id = ${org.orgId} and lease_id = ${charges[0]?.leaseId}`,
    );
    expect(Number(balance?.balance_cents)).toBe(150_000 * dueMonths(start, 1, through).length);
  });

  it("charges the days of a first month the lease covers in part, rounded once to the cent", async () => {
    const { id } = await addRecurringCharge(t, org, {
      property: 0,
      amountCents: 100_001,
      startDate: "2025-06-15",
      endDate: "2025-07-31",
      proration: "daily",
    });
    await run(today());
    const amounts = await systemRows<{ k: string; cents: string }>(
      t,
      sql`select e.idempotency_key as k, l.amount_cents as cents from journal_entries e
        join journal_lines l on l.organization_id = e.organization_id and l.entry_id = e.id and l.line_no = 1
        where e.organization_id = ${org.orgId} and e.idempotency_key like ${`charge:${id}:%`} order by 1`,
    );
    // June 15-30 is 16 of 30 days: 100001 x 16 / 30 = 53333.87 -> 53334.
    expect(amounts.map((a) => [a.k.slice(-10), Number(a.cents)])).toEqual([
      ["2025-06-01", Math.round((100_001 * 16) / 30)],
      ["2025-07-01", 100_001],
    ]);
  });

  it("charges a late fee once when the lease still owes after the grace days, not when it paid", async () => {
    const month = addMonths(monthStart(today()), -1);
    const owing = await addRecurringCharge(t, org, {
      property: 0,
      amountCents: 120_000,
      startDate: month,
      endDate: addDays(addMonths(month, 1), -1),
      lateFeeCents: 5_000,
      lateFeePercent: "1.25",
      graceDays: 3,
    });
    const paying = await addRecurringCharge(t, org, {
      property: 1,
      amountCents: 120_000,
      startDate: month,
      endDate: addDays(addMonths(month, 1), -1),
      lateFeeCents: 5_000,
      graceDays: 3,
    });
    // Charges first (through the due day), then the payment on the last grace day.
    await run(month);
    const paid = await send("POST", "/journal-entries", {
      payload: {
        posted_on: addDays(month, 3),
        memo: "Payment",
        idempotency_key: randomUUID(),
        lines: [
          { account_id: org.account("undeposited_funds"), debit_cents: 120_000, property_id: org.propertyIds[1] },
          {
            account_id: org.account("accounts_receivable"),
            credit_cents: 120_000,
            property_id: org.propertyIds[1],
            lease_id: paying.leaseId,
          },
        ],
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const late = await run(today());
    // 5,000 + 1.25% of 120,000 = 6,500.
    expect(late.posted).toMatchObject({ late_fees: 1, late_fees_cents: 6_500 });
    expect(await postedKeys("late_fee")).toEqual([[`late_fee:${owing.id}:${month}`, 1]]);
    const [fee] = await systemRows<{ posted_on: string }>(
      t,
      sql`select posted_on::text from journal_entries where organization_id = ${org.orgId} and source = 'late_fee'`,
    );
    expect(fee?.posted_on).toBe(addDays(month, 4));
    expect((await run(today())).posted.late_fees).toBe(0);
  });

  it("skips a month due in a closed period and says so", async () => {
    const start = "2024-03-01";
    const closed = (await send("POST", "/accounting-periods", { payload: { starts_on: start } })).json();
    expect((await send("POST", `/accounting-periods/${closed.id}/close`)).statusCode).toBe(200);
    const { id } = await addRecurringCharge(t, org, {
      property: 1,
      amountCents: 70_000,
      startDate: start,
      endDate: "2024-04-30",
    });
    const result = await run(today());
    expect(result.posted.skipped_closed_periods).toBe(1);
    expect(
      (await postedKeys("recurring_charge")).filter(([k]) => k.startsWith(`charge:${id}`)).map(([k]) => k),
    ).toEqual([`charge:${id}:2024-04-01`]);
  });

  it("refuses a run too far ahead, and is for administrators only", async () => {
    const far = addDays(today(), 60);
    const res = await send("POST", "/charge-runs", { payload: { through: far } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.through[0]).toMatch(/at most 31 days ahead/);
    expect((await send("POST", "/charge-runs", { payload: { through: "2026-13-01" } })).statusCode).toBe(400);
    for (const role of ["PROPERTY_MANAGER", "READ_ONLY"]) {
      const user = await ledgerUser(t, org, role);
      expect((await send("POST", "/charge-runs", { org: user, payload: { through: today() } })).statusCode).toBe(403);
      expect((await send("GET", "/charge-runs", { org: user })).statusCode).toBe(403);
    }
    const other = await ledgerOrganization(t, "Other Charges", { properties: 1 });
    const mine = (await send("GET", "/charge-runs")).json().runs[0];
    expect((await send("GET", `/charge-runs/${mine.id}`, { org: other })).statusCode).toBe(404);
    expect((await send("GET", "/charge-runs", { org: other })).json().runs).toEqual([]);
  });
});
