import { randomUUID } from "node:crypto";
import { leaseLedgerSchema, leasePostingSchema } from "@keyholder/contracts/lease-ledger";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { ledgerOrganization, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Open Items");

/**
 * The open items follow every path that posts to a lease, not only the tenant ledger's own: manual
 * journal entries and reversals too; and after any sequence of postings what is open less the
 * credit held equals the lease's maintained balance and the raw sum of its lines.
 */
describe("a lease's open charges and credits", () => {
  const ledger = async (lease: string) =>
    leaseLedgerSchema.parse((await send("GET", `/leases/${lease}/ledger`)).json());
  const ok = (res: { statusCode: number; body: string }, status = 201) => {
    expect(res.statusCode, res.body).toBe(status);
    return JSON.parse(res.body);
  };
  const manual = (
    lease: { id: string; propertyId: string },
    cents: number,
    on: string,
    role: "rent_income" | "concessions",
  ) =>
    send("POST", "/journal-entries", {
      payload: {
        posted_on: on,
        memo: "By hand",
        idempotency_key: randomUUID(),
        lines: [
          {
            account_id: org.account("accounts_receivable"),
            [cents > 0 ? "debit_cents" : "credit_cents"]: Math.abs(cents),
            property_id: lease.propertyId,
            lease_id: lease.id,
          },
          {
            account_id: org.account(role),
            [cents > 0 ? "credit_cents" : "debit_cents"]: Math.abs(cents),
            property_id: lease.propertyId,
            lease_id: lease.id,
          },
        ],
      },
    });
  const expectConsistent = async (lease: string) => {
    const l = await ledger(lease);
    const [raw] = await systemRows<{ cents: string | number }>(
      t,
      sql`select coalesce(sum(l.amount_cents), 0) as cents from journal_lines l
        join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id and a.lease_ledger
        where l.organization_id = ${org.orgId} and l.lease_id = ${lease}`,
    );
    expect(l.balance_cents).toBe(Number(raw?.cents));
    expect(l.closing_balance_cents).toBe(l.balance_cents);
    expect(l.open_charges.reduce((s, c) => s + c.open_cents, 0) - l.credit_cents).toBe(l.balance_cents);
    return l;
  };

  it("makes manual entries and reversals open items: a reversal pays the charge it reverses first", async () => {
    const lease = await leaseFixture(t, org, { property: 0, name: "By Hand" });
    const first = ok(await manual(lease, 50_000, "2026-01-05", "rent_income"));
    const second = ok(await manual(lease, 40_000, "2026-01-02", "rent_income"));
    let l = await expectConsistent(lease.id);
    expect(l.open_charges.map((c) => [c.entry_id, c.open_cents])).toEqual([
      [second.id, 40_000],
      [first.id, 50_000],
    ]);
    // A credit on receivables by hand pays the oldest first.
    ok(await manual(lease, -20_000, "2026-01-06", "concessions"));
    l = await expectConsistent(lease.id);
    expect(l.open_charges.map((c) => [c.entry_id, c.open_cents])).toEqual([
      [second.id, 20_000],
      [first.id, 50_000],
    ]);
    // Reversing the first pays it, not the older one; what it credits beyond is credit on receivables.
    ok(await send("POST", `/journal-entries/${first.id}/reverse`, { payload: {} }));
    l = await expectConsistent(lease.id);
    expect(l.open_charges.map((c) => [c.entry_id, c.open_cents])).toEqual([[second.id, 20_000]]);
    expect(l.balance_cents).toBe(20_000);
    // Reversing the older one leaves 40,000 paid by hand beyond it: a credit the next charge uses.
    ok(await send("POST", `/journal-entries/${second.id}/reverse`, { payload: {} }));
    l = await expectConsistent(lease.id);
    expect([l.open_charges, l.credit_cents, l.balance_cents]).toEqual([[], 20_000, -20_000]);
    const next = leasePostingSchema.parse(
      ok(
        await send("POST", `/leases/${lease.id}/charges`, {
          payload: {
            idempotency_key: randomUUID(),
            account_id: org.account("rent_income"),
            amount_cents: 100_000,
            posted_on: "2026-02-01",
            description: "Rent",
          },
        }),
      ),
    );
    l = await expectConsistent(lease.id);
    expect(l.open_charges.map((c) => [c.entry_id, c.open_cents])).toEqual([[next.entry_id, 80_000]]);
    // A credit on receivables is applied by allocation alone: no prepaid-rent entry.
    expect(l.rows.map((r) => r.type)).not.toContain("prepaid_applied");
  });

  it("stays consistent over a random sequence of charges, payments, credits, refunds and returns", async () => {
    let seed = 27;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const cents = (max: number) => 1 + Math.floor(random() * max);
    const leases = [
      await leaseFixture(t, org, { property: 0, name: "Random A" }),
      await leaseFixture(t, org, { property: 1, name: "Random B" }),
    ];
    const payments: string[] = [];
    for (let step = 0; step < 60; step++) {
      const lease = leases[step % leases.length];
      if (!lease) throw new Error("no lease");
      const day = `2026-0${1 + Math.floor(step / 10)}-${String(1 + (step % 10) * 2).padStart(2, "0")}`;
      const key = randomUUID();
      const pick = random();
      if (pick < 0.3) {
        ok(
          await send("POST", `/leases/${lease.id}/charges`, {
            payload: {
              idempotency_key: key,
              account_id: org.account("rent_income"),
              amount_cents: cents(150_000),
              posted_on: day,
              description: "Charge",
            },
          }),
        );
      } else if (pick < 0.6) {
        const l = await ledger(lease.id);
        const first = l.open_charges.at(-1);
        const amount = cents(120_000);
        const picked =
          first && random() < 0.4
            ? [{ entry_id: first.entry_id, amount_cents: Math.min(first.open_cents, amount, cents(50_000)) }]
            : undefined;
        const posted = leasePostingSchema.parse(
          ok(
            await send("POST", `/leases/${lease.id}/payments`, {
              payload: {
                idempotency_key: key,
                method: "ach",
                received_on: day,
                amount_cents: amount,
                allocations: picked,
              },
            }),
          ),
        );
        if (posted.payment) payments.push(posted.payment.id);
      } else if (pick < 0.7) {
        ok(
          await send("POST", `/leases/${lease.id}/credits`, {
            payload: { idempotency_key: key, posted_on: day, amount_cents: cents(30_000) },
          }),
        );
      } else if (pick < 0.8) {
        const { credit_cents } = await ledger(lease.id);
        if (credit_cents > 0) {
          ok(
            await send("POST", `/leases/${lease.id}/refunds`, {
              payload: { idempotency_key: key, posted_on: day, amount_cents: cents(credit_cents) },
            }),
          );
        }
      } else if (pick < 0.9) {
        const payment = payments.splice(Math.floor(random() * payments.length), 1)[0];
        if (payment)
          ok(
            await send("POST", `/payments/${payment}/return`, { payload: { returned_on: day, nsf_fee_cents: 2_500 } }),
          );
      } else {
        ok(
          await manual(
            lease,
            random() < 0.5 ? cents(40_000) : -cents(40_000),
            day,
            random() < 0.5 ? "rent_income" : "concessions",
          ),
        );
      }
      await expectConsistent(lease.id);
    }
    // Every charge's open amount is what it was less what was applied to it, to the cent.
    const drift = await systemRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from lease_charges c
        where c.organization_id = ${org.orgId} and c.open_cents <> c.amount_cents - coalesce((select sum(a.amount_cents)
          from lease_allocations a where a.organization_id = c.organization_id and a.charge_entry_id = c.entry_id
            and a.charge_line_no = c.line_no), 0)`,
    );
    expect(Number(drift[0]?.n)).toBe(0);
    // The sequence met every kind of posting.
    const sources = await systemRows<{ source: string }>(
      t,
      sql`select distinct e.source from journal_entries e join journal_lines l
        on l.organization_id = e.organization_id and l.entry_id = e.id
        where e.organization_id = ${org.orgId} and l.lease_id in (${leases[0]?.id}, ${leases[1]?.id}) order by 1`,
    );
    expect(sources.map((r) => r.source)).toEqual([
      "charge",
      "credit",
      "manual",
      "nsf_fee",
      "payment",
      "payment_return",
      "prepaid_application",
      "refund",
    ]);
  });
  it("goes with its organization when the organization is deleted", async () => {
    const doomed = await ledgerOrganization(t, "Doomed Leases", { properties: 1 });
    // A lease of no unit; one whose lines name a unit: delete-with-postings.test.ts.
    const lease = await leaseFixture(t, doomed, { property: 0, name: "Doomed", unit: false });
    const as = { org: doomed };
    const charge = (on: string) =>
      send("POST", `/leases/${lease.id}/charges`, {
        ...as,
        payload: {
          idempotency_key: randomUUID(),
          account_id: doomed.account("rent_income"),
          amount_cents: 10_000,
          posted_on: on,
          description: "Rent",
        },
      });
    ok(await charge("2026-01-01"));
    const paid = ok(
      await send("POST", `/leases/${lease.id}/payments`, {
        ...as,
        payload: { idempotency_key: randomUUID(), method: "cash", received_on: "2026-01-02", amount_cents: 15_000 },
      }),
    );
    ok(await charge("2026-02-01"));
    ok(await send("POST", `/payments/${paid.payment.id}/return`, { ...as, payload: { returned_on: "2026-02-03" } }));
    await systemRows(t, sql`delete from organizations where id = ${doomed.orgId}`);
    const [left] = await systemRows<{ n: number }>(
      t,
      sql`select ((select count(*) from lease_charges where organization_id = ${doomed.orgId})
        + (select count(*) from lease_credits where organization_id = ${doomed.orgId})
        + (select count(*) from lease_allocations where organization_id = ${doomed.orgId})
        + (select count(*) from lease_payments where organization_id = ${doomed.orgId}))::int as n`,
    );
    expect(Number(left?.n)).toBe(0);
  });
});
