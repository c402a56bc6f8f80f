import { randomUUID } from "node:crypto";
import { leaseLedgerSchema } from "@keyholder/contracts/lease-ledger";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { addRecurringCharge } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Busy Books");

/**
 * Requests at once on one PostgreSQL (several connections): payments of one lease take turns on its
 * lock, so no cent is applied twice; a double click posts once; a charge run applying prepaid rent
 * while payments arrive neither deadlocks nor drifts.
 */
describe("the tenant ledger under concurrent requests", () => {
  const charge = (lease: string, cents: number, on: string) =>
    send("POST", `/leases/${lease}/charges`, {
      payload: {
        idempotency_key: randomUUID(),
        account_id: org.account("rent_income"),
        amount_cents: cents,
        posted_on: on,
        description: "Rent",
      },
    });
  const pay = (lease: string, cents: number, key = randomUUID()) =>
    send("POST", `/leases/${lease}/payments`, {
      payload: { idempotency_key: key, method: "card", received_on: "2026-05-10", amount_cents: cents },
    });
  const ledger = async (lease: string) =>
    leaseLedgerSchema.parse((await send("GET", `/leases/${lease}/ledger`)).json());

  it("applies payments made at once to distinct open cents, and a double click once", async () => {
    const lease = await leaseFixture(t, org, { property: 0, name: "At Once" });
    for (const on of ["2026-03-01", "2026-04-01", "2026-05-01"])
      expect((await charge(lease.id, 100_000, on)).statusCode).toBe(201);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => pay(lease.id, 70_000)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    let l = await ledger(lease.id);
    expect(l.balance_cents).toBe(300_000 - 5 * 70_000);
    expect(l.open_charges).toEqual([]);
    expect(l.credit_cents).toBe(5 * 70_000 - 300_000);

    const key = randomUUID();
    const twice = await Promise.all([pay(lease.id, 1_000, key), pay(lease.id, 1_000, key)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(twice[0]?.json().entry_id).toBe(twice[1]?.json().entry_id);
    l = await ledger(lease.id);
    expect(l.balance_cents).toBe(300_000 - 5 * 70_000 - 1_000);
  });

  it("runs the charge run's prepaid applications and payments at once without deadlock or drift", async () => {
    const leases = [];
    for (let i = 0; i < 12; i++) {
      const lease = await leaseFixture(t, org, { property: i % 2, name: `Busy ${i}` });
      await addRecurringCharge(t, org, {
        leaseId: lease.id,
        property: i % 2,
        amountCents: 90_000 + i,
        startDate: "2026-06-01",
      });
      expect((await pay(lease.id, 50_000)).statusCode).toBe(201);
      leases.push(lease);
    }
    const run = send("POST", "/charge-runs", { payload: { through: "2026-06-15" } }).then(async (res) => {
      expect(res.statusCode, res.body).toBe(202);
      await t.app.jobs.drain();
    });
    const payments = Promise.all(leases.map((l) => pay(l.id, 20_000)));
    await run;
    expect((await payments).map((r) => r.statusCode)).toEqual(leases.map(() => 201));
    for (const [i, lease] of leases.entries()) {
      const l = await ledger(lease.id);
      const owed = 90_000 + i - 50_000 - 20_000;
      expect(l.balance_cents).toBe(owed);
      expect(l.open_charges.reduce((s, c) => s + c.open_cents, 0) - l.credit_cents).toBe(owed);
      expect(l.credit_cents).toBe(0);
    }
  });
});
