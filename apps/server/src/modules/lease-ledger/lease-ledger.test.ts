import { randomUUID } from "node:crypto";
import { leaseLedgerSchema, leasePostingSchema } from "@keyholder/contracts/lease-ledger";
import { chargeRunSchema } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { addRecurringCharge, ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Lease Money");
const other = await ledgerOrganization(t, "Other Money");

describe("the tenant ledger of a lease", () => {
  const newLease = (name: string, property = 0) => leaseFixture(t, org, { property, name });
  const charge = async (lease: string, cents: number, on: string, description = "Rent") => {
    const res = await send("POST", `/leases/${lease}/charges`, {
      payload: {
        idempotency_key: randomUUID(),
        account_id: org.account("rent_income"),
        amount_cents: cents,
        posted_on: on,
        description,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return leasePostingSchema.parse(res.json());
  };
  const pay = async (lease: string, cents: number, on: string, extra: Record<string, unknown> = {}) => {
    const res = await send("POST", `/leases/${lease}/payments`, {
      payload: {
        idempotency_key: randomUUID(),
        method: "check",
        reference: "1001",
        received_on: on,
        amount_cents: cents,
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return leasePostingSchema.parse(res.json());
  };
  const ledger = async (lease: string, as: { cookie: string } = org) => {
    const res = await send("GET", `/leases/${lease}/ledger`, { org: as });
    expect(res.statusCode, res.body).toBe(200);
    return leaseLedgerSchema.parse(res.json());
  };
  const openOf = async (lease: string) =>
    new Map((await ledger(lease)).open_charges.map((c) => [c.entry_id, c.open_cents]));
  /** The raw sum of the lease's lines on receivables and prepaid rent: what every balance must equal. */
  const rawBalance = async (lease: string) => {
    const [row] = await systemRows<{ cents: string | number }>(
      t,
      sql`select coalesce(sum(l.amount_cents), 0) as cents from journal_lines l
        join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id and a.lease_ledger
        where l.organization_id = ${org.orgId} and l.lease_id = ${lease}`,
    );
    return Number(row?.cents);
  };
  /** The ledger agrees with itself, the maintained balance and the raw lines; the open items too. */
  const expectBalanced = async (lease: string, expected: number) => {
    const l = await ledger(lease);
    expect(l.balance_cents).toBe(expected);
    expect(l.rows.at(-1)?.balance_cents ?? 0).toBe(expected);
    expect(l.closing_balance_cents).toBe(expected);
    expect(await rawBalance(lease)).toBe(expected);
    let running = 0;
    for (const r of l.rows) {
      running += r.charge_cents - r.payment_cents;
      expect(r.balance_cents).toBe(running);
    }
    const open = l.open_charges.reduce((s, c) => s + c.open_cents, 0);
    expect(open - l.credit_cents).toBe(expected);
    return l;
  };

  it("applies a payment to the oldest open charges first", async () => {
    const lease = await newLease("Oldest First");
    const jan = await charge(lease.id, 100_000, "2026-01-01");
    const feb = await charge(lease.id, 100_000, "2026-02-01");
    const fee = await charge(lease.id, 5_000, "2026-02-10", "Late fee");
    const paid = await pay(lease.id, 150_000, "2026-02-12");
    expect(paid.payment).toMatchObject({
      method: "check",
      reference: "1001",
      amount_cents: 150_000,
      returned_on: null,
    });
    expect(paid.balance_cents).toBe(100_000 + 100_000 + 5_000 - 150_000);
    const open = await openOf(lease.id);
    expect(open.get(jan.entry_id)).toBeUndefined();
    expect(open.get(feb.entry_id)).toBe(100_000 - 50_000);
    expect(open.get(fee.entry_id)).toBe(5_000);
    const l = await expectBalanced(lease.id, 55_000);
    expect(l.rows.map((r) => [r.type, r.charge_cents, r.payment_cents, r.balance_cents])).toEqual([
      ["charge", 100_000, 0, 100_000],
      ["charge", 100_000, 0, 200_000],
      ["charge", 5_000, 0, 205_000],
      ["payment", 0, 150_000, 55_000],
    ]);
    // The undeposited funds got the payment; receivables lost what it paid.
    const [funds] = await systemRows<{ cents: string | number }>(
      t,
      sql`select sum(amount_cents) as cents from journal_lines where organization_id = ${org.orgId}
        and lease_id = ${lease.id} and account_id = ${org.account("undeposited_funds")}`,
    );
    expect(Number(funds?.cents)).toBe(150_000);
  });

  it("applies a payment to the charges the user picks, and refuses what is not open", async () => {
    const lease = await newLease("Picked");
    const jan = await charge(lease.id, 100_000, "2026-01-01");
    const feb = await charge(lease.id, 100_000, "2026-02-01");
    await pay(lease.id, 60_000, "2026-02-03", { allocations: [{ entry_id: feb.entry_id, amount_cents: 60_000 }] });
    const open = await openOf(lease.id);
    expect(open.get(jan.entry_id)).toBe(100_000);
    expect(open.get(feb.entry_id)).toBe(40_000);
    await expectBalanced(lease.id, 140_000);

    const refused = async (allocations: unknown, field: string) => {
      const res = await send("POST", `/leases/${lease.id}/payments`, {
        payload: {
          idempotency_key: randomUUID(),
          method: "cash",
          received_on: "2026-02-04",
          amount_cents: 50_000,
          allocations,
        },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
    };
    await refused([{ entry_id: feb.entry_id, amount_cents: 40_001 }], "allocations.0.amount_cents");
    await refused([{ entry_id: 999_999, amount_cents: 1 }], "allocations.0.entry_id");
    await refused(
      [
        { entry_id: jan.entry_id, amount_cents: 40_000 },
        { entry_id: feb.entry_id, amount_cents: 40_000 },
      ],
      "allocations",
    );
    await expectBalanced(lease.id, 140_000);
  });

  it("keeps an overpayment as prepaid rent and applies it to the next charge the charge run posts", async () => {
    const lease = await newLease("Prepaid", 0);
    await addRecurringCharge(t, org, {
      leaseId: lease.id,
      property: 0,
      unit: 1,
      amountCents: 120_000,
      startDate: "2026-03-01",
    });
    const run = async (through: string) => {
      const res = await send("POST", "/charge-runs", { payload: { through } });
      expect(res.statusCode, res.body).toBe(202);
      await t.app.jobs.drain();
      return chargeRunSchema.parse((await send("GET", `/charge-runs/${res.json().id}`)).json());
    };
    await run("2026-03-15");
    await expectBalanced(lease.id, 120_000);
    const paid = await pay(lease.id, 150_000, "2026-03-05");
    expect(paid.balance_cents).toBe(120_000 - 150_000);
    let l = await expectBalanced(lease.id, -30_000);
    expect(l.credit_cents).toBe(30_000);
    expect(l.open_charges).toEqual([]);

    await run("2026-04-15");
    l = await expectBalanced(lease.id, -30_000 + 120_000);
    expect(l.credit_cents).toBe(0);
    expect(l.open_charges.map((c) => [c.posted_on, c.open_cents])).toEqual([["2026-04-01", 120_000 - 30_000]]);
    expect(l.rows.map((r) => r.type)).toEqual(["charge", "payment", "charge", "prepaid_applied"]);
    // The application moved 30,000 cents from prepaid rent to receivables, once.
    const lines = await systemRows<{ account_id: number; cents: string | number }>(
      t,
      sql`select l.account_id, l.amount_cents as cents from journal_lines l
        join journal_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
        where l.organization_id = ${org.orgId} and l.lease_id = ${lease.id} and e.source = 'prepaid_application'
        order by l.line_no`,
    );
    expect(lines.map((r) => [Number(r.account_id), Number(r.cents)])).toEqual([
      [org.account("prepaid_rent"), 30_000],
      [org.account("accounts_receivable"), -30_000],
    ]);
    // A second run of the same day posts nothing and applies nothing again.
    await run("2026-04-15");
    await expectBalanced(lease.id, 90_000);
  });

  it("reopens exactly the charges a returned payment paid and posts its NSF fee once", async () => {
    const lease = await newLease("Returned", 1);
    const jan = await charge(lease.id, 100_000, "2026-01-01");
    const feb = await charge(lease.id, 100_000, "2026-02-01");
    await pay(lease.id, 100_000, "2026-01-03");
    const bounced = await pay(lease.id, 130_000, "2026-02-03", { method: "ach", reference: "ACH-77" });
    const mar = await charge(lease.id, 100_000, "2026-03-01");
    // Its 30,000 of prepaid rent paid part of March.
    expect(await openOf(lease.id)).toEqual(new Map([[mar.entry_id, 70_000]]));
    await expectBalanced(lease.id, 70_000);

    const paymentId = bounced.payment?.id;
    const ret = await send("POST", `/payments/${paymentId}/return`, { payload: { returned_on: "2026-03-05" } });
    expect(ret.statusCode, ret.body).toBe(201);
    const returned = leasePostingSchema.parse(ret.json());
    expect(returned.payment?.returned_on).toBe("2026-03-05");
    const nsfFee = 3_500; // the organization's setting
    const expected = 300_000 + nsfFee - 100_000;
    expect(returned.balance_cents).toBe(expected);
    const open = await openOf(lease.id);
    expect(open.get(jan.entry_id)).toBeUndefined(); // paid by the other payment: still paid
    expect(open.get(feb.entry_id)).toBe(100_000);
    expect(open.get(mar.entry_id)).toBe(100_000);
    expect(open.get(returned.payment?.return_fee_entry_id ?? 0)).toBe(nsfFee);
    const l = await expectBalanced(lease.id, expected);
    expect(l.credit_cents).toBe(0);
    expect(l.rows.filter((r) => r.type === "payment").map((r) => r.returned)).toEqual([false, true]);

    // Returned again: the first return answers, nothing more is posted.
    const again = await send("POST", `/payments/${paymentId}/return`, {
      payload: { returned_on: "2026-03-06", nsf_fee_cents: 5_000 },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().entry_id).toBe(returned.entry_id);
    const counts = await systemRows<{ source: string; n: number }>(
      t,
      sql`select e.source, count(distinct e.id)::int as n from journal_entries e
        join journal_lines l on l.organization_id = e.organization_id and l.entry_id = e.id
        where e.organization_id = ${org.orgId} and l.lease_id = ${lease.id} and e.source in ('payment_return', 'nsf_fee')
        group by 1 order by 1`,
    );
    expect(counts.map((c) => [c.source, Number(c.n)])).toEqual([
      ["nsf_fee", 1],
      ["payment_return", 1],
    ]);
    await expectBalanced(lease.id, expected);

    // A fee given with the return wins over the setting; a payment is not reversed behind the ledger's back.
    const second = await pay(lease.id, 20_000, "2026-03-07");
    const withFee = await send("POST", `/payments/${second.payment?.id}/return`, {
      payload: { returned_on: "2026-03-08", nsf_fee_cents: 2_500 },
    });
    expect(withFee.statusCode, withFee.body).toBe(201);
    await expectBalanced(lease.id, expected + 2_500);
    const third = await pay(lease.id, 10_000, "2026-03-09");
    const reversed = await send("POST", `/journal-entries/${third.entry_id}/reverse`, { payload: {} });
    expect(reversed.statusCode, reversed.body).toBe(409);
  });

  it("refunds a credit balance and refuses a refund beyond it", async () => {
    const lease = await newLease("Refund", 1);
    await pay(lease.id, 50_000, "2026-02-01", { method: "money_order", reference: null });
    await expectBalanced(lease.id, -50_000);
    const refund = (cents: number, key = randomUUID()) =>
      send("POST", `/leases/${lease.id}/refunds`, {
        payload: { idempotency_key: key, posted_on: "2026-02-10", amount_cents: cents, reference: "2001" },
      });
    const tooMuch = await refund(50_001);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.fields.amount_cents).toEqual([
      "The lease holds 50000 cents of credit: refund that much or less",
    ]);
    const key = randomUUID();
    expect((await refund(20_000, key)).statusCode).toBe(201);
    const retried = await refund(20_000, key);
    expect(retried.statusCode).toBe(200);
    const l = await expectBalanced(lease.id, -30_000);
    expect(l.credit_cents).toBe(30_000);
    expect(l.rows.map((r) => [r.type, r.charge_cents, r.payment_cents])).toEqual([
      ["payment", 0, 50_000],
      ["refund", 20_000, 0],
    ]);
    // A credit (concession) beyond what is owed is credit too; the next charge uses it.
    await send("POST", `/leases/${lease.id}/credits`, {
      payload: {
        idempotency_key: randomUUID(),
        posted_on: "2026-02-11",
        amount_cents: 5_000,
        description: "Move-in special",
      },
    });
    await expectBalanced(lease.id, -35_000);
    const mar = await charge(lease.id, 100_000, "2026-03-01");
    expect(await openOf(lease.id)).toEqual(new Map([[mar.entry_id, 65_000]]));
    await expectBalanced(lease.id, 65_000);
  });

  it("charges back a refunded credit when the payment that made it comes back", async () => {
    const lease = await newLease("Refunded Then Returned", 1);
    const paid = await pay(lease.id, 40_000, "2026-04-01");
    const refunded = await send("POST", `/leases/${lease.id}/refunds`, {
      payload: { idempotency_key: randomUUID(), posted_on: "2026-04-02", amount_cents: 40_000 },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    await expectBalanced(lease.id, 0);
    const ret = await send("POST", `/payments/${paid.payment?.id}/return`, {
      payload: { returned_on: "2026-04-05", nsf_fee_cents: 3_000 },
    });
    expect(ret.statusCode, ret.body).toBe(201);
    const l = await expectBalanced(lease.id, 40_000 + 3_000);
    expect(l.open_charges.map((c) => c.open_cents)).toEqual([40_000, 3_000]);
  });

  it("answers 404 for another organization's lease and payment, and keeps each user to their rights", async () => {
    const lease = await newLease("Guarded", 0);
    await charge(lease.id, 10_000, "2026-05-01");
    const paid = await pay(lease.id, 10_000, "2026-05-02");
    expect((await send("GET", `/leases/${lease.id}/ledger`, { org: other })).statusCode).toBe(404);
    expect((await send("GET", `/leases/${lease.id}/statement.pdf`, { org: other })).statusCode).toBe(404);
    const foreignPay = await send("POST", `/leases/${lease.id}/payments`, {
      org: other,
      payload: { idempotency_key: randomUUID(), method: "cash", received_on: "2026-05-03", amount_cents: 1 },
    });
    expect(foreignPay.statusCode).toBe(404);
    const foreignReturn = await send("POST", `/payments/${paid.payment?.id}/return`, {
      org: other,
      payload: { returned_on: "2026-05-04" },
    });
    expect(foreignReturn.statusCode).toBe(404);

    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    expect((await send("GET", `/leases/${lease.id}/ledger`, { org: readOnly })).statusCode).toBe(200);
    for (const [url, payload] of [
      [
        `/leases/${lease.id}/payments`,
        { idempotency_key: "ro-1", method: "cash", received_on: "2026-05-03", amount_cents: 1 },
      ],
      [
        `/leases/${lease.id}/charges`,
        {
          idempotency_key: "ro-2",
          account_id: org.account("rent_income"),
          amount_cents: 1,
          posted_on: "2026-05-03",
          description: "x",
        },
      ],
      [`/leases/${lease.id}/credits`, { idempotency_key: "ro-3", amount_cents: 1, posted_on: "2026-05-03" }],
      [`/leases/${lease.id}/refunds`, { idempotency_key: "ro-4", amount_cents: 1, posted_on: "2026-05-03" }],
      [`/payments/${paid.payment?.id}/return`, { returned_on: "2026-05-04" }],
    ] as const) {
      expect((await send("POST", url, { org: readOnly, payload })).statusCode, url).toBe(403);
    }

    const elsewhere = await ledgerUser(t, org, "PROPERTY_MANAGER", [org.propertyIds[1] ?? ""]);
    expect((await send("GET", `/leases/${lease.id}/ledger`, { org: elsewhere })).statusCode).toBe(404);
    expect(
      (
        await send("POST", `/payments/${paid.payment?.id}/return`, {
          org: elsewhere,
          payload: { returned_on: "2026-05-04" },
        })
      ).statusCode,
    ).toBe(404);
    const theirs = await newLease("Theirs", 1);
    expect((await send("GET", `/leases/${theirs.id}/ledger`, { org: elsewhere })).statusCode).toBe(200);
  });

  it("downloads the ledger of a period as a PDF statement", async () => {
    const lease = await newLease("Statement", 0);
    await charge(lease.id, 80_000, "2026-06-01");
    await pay(lease.id, 30_000, "2026-06-03");
    const res = await send("GET", `/leases/${lease.id}/statement.pdf?from=2026-06-01&to=2026-06-30`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="statement-lease-\d+-2026-06-01-to-2026-06-30\.pdf"/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const period = await send("GET", `/leases/${lease.id}/ledger?from=2026-06-02&to=2026-06-30`);
    expect(period.json()).toMatchObject({ opening_balance_cents: 80_000, closing_balance_cents: 50_000 });
    expect((await send("GET", `/leases/${lease.id}/ledger?from=2026-07-01&to=2026-06-01`)).statusCode).toBe(400);
  });
});
