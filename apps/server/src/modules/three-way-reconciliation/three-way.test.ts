import { randomUUID } from "node:crypto";
import { bankAccountSchema, bankDepositSchema } from "@keyholder/contracts/bank-accounts";
import { leasePostingSchema } from "@keyholder/contracts/lease-ledger";
import { reconciliationDetailSchema } from "@keyholder/contracts/reconciliations";
import { threeWaySchema } from "@keyholder/contracts/three-way-reconciliation";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { pdfPages } from "../../../test/report-files.ts";
import { ledgerOrganization, ledgerUser } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Trusty Terrace", { properties: 2 });
const other = await ledgerOrganization(t, "Other Terrace");
const [p0, p1] = org.propertyIds as [string, string];

const ok = async (path: string, payload: object, status = 201) => {
  const res = await send("POST", path, { payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const pay = async (lease: string, cents: number, on: string) => {
  const posted = leasePostingSchema.parse(
    await ok(`/leases/${lease}/payments`, {
      idempotency_key: randomUUID(),
      method: "check",
      received_on: on,
      amount_cents: cents,
    }),
  );
  return posted.payment?.id ?? "";
};
const deposit = async (account: string, on: string, payments: string[]) =>
  bankDepositSchema.parse(
    await ok("/bank-deposits", {
      idempotency_key: randomUUID(),
      bank_account_id: account,
      deposited_on: on,
      payment_ids: payments,
    }),
  ).entry_id;
const report = async (query: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/reports/three-way-reconciliation?${query}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return threeWaySchema.parse(res.json());
};

const trust = bankAccountSchema.parse(await ok("/bank-accounts", { name: "Client Trust", kind: "trust" }));
const operating = bankAccountSchema.parse(await ok("/bank-accounts", { name: "Operating", kind: "operating" }));
const a = await leaseFixture(t, org, { property: 0, name: "A-1" });
const b = await leaseFixture(t, org, { property: 1, name: "B-1" });
// March: $1,200 of A's and $950 of B's deposited on the 4th; $30 of B's on the 31st, on April's statement.
await deposit(trust.id, "2026-03-04", [await pay(a.id, 120_000, "2026-03-02"), await pay(b.id, 95_000, "2026-03-03")]);
const late = await deposit(trust.id, "2026-03-31", [await pay(b.id, 3_000, "2026-03-30")]);
const rec = reconciliationDetailSchema.parse(
  await ok("/reconciliations", {
    bank_account_id: trust.id,
    statement_end_date: "2026-03-31",
    statement_balance_cents: 215_000,
  }),
);
await ok(`/reconciliations/${rec.reconciliation.id}/cleared`, { entry_ids: [late], cleared: false }, 200);
await ok(`/reconciliations/${rec.reconciliation.id}/complete`, {}, 200);

describe("three-way reconciliation (Reports > Financial)", () => {
  it("agrees three ways: the statement with the deposit in transit, the trust cash, each property's money", async () => {
    const [account] = (await report("as_of=2026-04-15")).accounts;
    expect(account).toMatchObject({
      bank_account: { id: trust.id },
      statement_end_date: "2026-03-31",
      statement_balance_cents: 215_000,
      deposits_in_transit_cents: 3_000,
      outstanding_payments_cents: 0,
      adjusted_bank_cents: 218_000,
      book_cents: 218_000,
      clients_cents: 218_000,
      unassigned_cents: 0,
      bank_difference_cents: 0,
      client_difference_cents: 0,
      negative_properties: 0,
      balanced: true,
    });
    expect(account?.clients.map((c) => [c.property.id, c.cents])).toEqual([
      [p0, 120_000],
      [p1, 98_000],
    ]);
    // Before the reconciliation's day there is no statement: the books and the clients only.
    const [before] = (await report("as_of=2026-03-15")).accounts;
    expect(before).toMatchObject({ statement_end_date: null, adjusted_bank_cents: null, balanced: false });
  });

  it("shows a property paid with another's money, and a payment the bank has not shown yet", async () => {
    await ok("/bank-transfers", {
      idempotency_key: randomUUID(),
      from_bank_account_id: trust.id,
      to_bank_account_id: operating.id,
      amount_cents: 130_000,
      transferred_on: "2026-03-20",
      property_id: p0,
    });
    const [account] = (await report("as_of=2026-04-15")).accounts;
    expect(account).toMatchObject({
      outstanding_payments_cents: -130_000,
      adjusted_bank_cents: 215_000 + 3_000 - 130_000,
      book_cents: 88_000,
      bank_difference_cents: 0,
      negative_properties: 1,
      balanced: false,
    });
    expect(account?.clients.find((c) => c.property.id === p0)?.cents).toBe(-10_000);
    const pdf = (
      await pdfPages((await send("GET", "/reports/three-way-reconciliation?as_of=2026-04-15&format=pdf")).rawPayload)
    ).join("\n");
    expect(pdf).toContain("below zero");
  });

  it("is the whole organization's: another organization sees none of it, a user of some properties is refused", async () => {
    expect((await report("as_of=2026-04-15", other)).accounts).toEqual([]);
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p1]);
    expect((await send("GET", "/reports/three-way-reconciliation", { org: scoped })).statusCode).toBe(403);
  });
});
