import { randomUUID } from "node:crypto";
import {
  bankAccountPropertiesSchema,
  bankAccountSchema,
  bankAccountsSchema,
  bankDepositSchema,
  bankDepositsSchema,
  undepositedReceiptsSchema,
} from "@keyholder/contracts/bank-accounts";
import { leasePostingSchema } from "@keyholder/contracts/lease-ledger";
import { journalEntrySchema } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Deposit Drive");
const other = await ledgerOrganization(t, "Other Deposits");

describe("bank deposits: receipts out of Undeposited Funds into a bank account (issue 29 item 2)", () => {
  const pay = async (lease: string, cents: number, on: string) => {
    const res = await send("POST", `/leases/${lease}/payments`, {
      payload: {
        idempotency_key: randomUUID(),
        method: "check",
        reference: "1001",
        received_on: on,
        amount_cents: cents,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const payment = leasePostingSchema.parse(res.json()).payment;
    if (!payment) throw new Error("no payment");
    return payment;
  };
  const bank = async (name: string, kind = "trust", as: { cookie: string } = org) => {
    const res = await send("POST", "/bank-accounts", { payload: { name, kind }, org: as });
    expect(res.statusCode, res.body).toBe(201);
    return bankAccountSchema.parse(res.json());
  };
  const undeposited = async (as: { cookie: string } = org) =>
    undepositedReceiptsSchema.parse((await send("GET", "/undeposited-receipts", { org: as })).json());
  const deposit = (payload: Record<string, unknown>, as: { cookie: string } = org) =>
    send("POST", "/bank-deposits", { payload: { idempotency_key: randomUUID(), memo: "", ...payload }, org: as });
  const accountBalance = async (accountId: number) => {
    const [row] = await systemRows<{ cents: string }>(
      t,
      sql`select coalesce(sum(amount_cents), 0) as cents from journal_lines
        where organization_id = ${org.orgId} and account_id = ${accountId}`,
    );
    return Number(row?.cents);
  };

  it("deposits receipts of two properties as one entry, per property, once however often it is sent", async () => {
    const trust = await bank("Trust Checking");
    const a = await leaseFixture(t, org, { property: 0, name: "Ada Deposit" });
    const b = await leaseFixture(t, org, { property: 1, name: "Bo Deposit" });
    const amounts = [120_000, 95_050, 3_399];
    const paid = [await pay(a.id, amounts[0] ?? 0, "2026-03-02"), await pay(a.id, amounts[1] ?? 0, "2026-03-03")];
    paid.push(await pay(b.id, amounts[2] ?? 0, "2026-03-03"));
    const total = amounts.reduce((s, c) => s + c, 0);

    const waiting = await undeposited();
    expect(waiting.receipts.map((r) => r.id).sort()).toEqual(paid.map((p) => p.id).sort());
    expect(waiting.total_cents).toBe(total);
    expect(waiting.total_count).toBe(3);
    expect(waiting.receipts[0]).toMatchObject({ received_on: "2026-03-02", method: "check", reference: "1001" });
    const undepositedBefore = await accountBalance(org.account("undeposited_funds"));
    expect(undepositedBefore).toBe(total);

    const key = randomUUID();
    const payload = {
      idempotency_key: key,
      bank_account_id: trust.id,
      deposited_on: "2026-03-04",
      payment_ids: paid.map((p) => p.id),
    };
    const first = await deposit(payload);
    expect(first.statusCode, first.body).toBe(201);
    const made = bankDepositSchema.parse(first.json());
    expect(made).toMatchObject({
      bank_account: { id: trust.id, name: "Trust Checking" },
      deposited_on: "2026-03-04",
      total_cents: total,
      receipts: 3,
      memo: "Bank deposit of 3 receipts",
    });
    // The same request again: the same deposit, nothing posted twice.
    const again = await deposit(payload);
    expect(again.statusCode).toBe(200);
    expect(bankDepositSchema.parse(again.json()).id).toBe(made.id);

    const entry = journalEntrySchema.parse((await send("GET", `/journal-entries/${made.entry_id}`)).json());
    expect(entry.source).toBe("bank_deposit");
    const byProperty = (property: string, account: number) =>
      entry.lines
        .filter((l) => l.property_id === property && l.account_id === account)
        .reduce((s, l) => s + l.debit_cents - l.credit_cents, 0);
    const [p0, p1] = org.propertyIds;
    expect(byProperty(p0 ?? "", trust.ledger_account.id)).toBe((amounts[0] ?? 0) + (amounts[1] ?? 0));
    expect(byProperty(p1 ?? "", trust.ledger_account.id)).toBe(amounts[2]);
    expect(byProperty(p0 ?? "", org.account("undeposited_funds"))).toBe(-((amounts[0] ?? 0) + (amounts[1] ?? 0)));
    expect(byProperty(p1 ?? "", org.account("undeposited_funds"))).toBe(-(amounts[2] ?? 0));
    expect(await accountBalance(org.account("undeposited_funds"))).toBe(0);
    expect(bankAccountSchema.parse((await send("GET", `/bank-accounts/${trust.id}`)).json()).balance_cents).toBe(total);
    expect((await undeposited()).receipts).toEqual([]);
    const list = bankDepositsSchema.parse((await send("GET", "/bank-deposits")).json()).deposits;
    expect(list.map((d) => d.id)).toEqual([made.id]);

    // Its entry is not reversed on its own: the receipts are in the deposit.
    const reversed = await send("POST", `/journal-entries/${made.entry_id}/reverse`, { payload: {} });
    expect(reversed.statusCode).toBe(409);
    expect(reversed.json().error.message).toBe(
      "This is a bank deposit: its receipts are in it, so its entry is not reversed on its own",
    );

    // Deposited once: another deposit of one of them is refused whole.
    const twice = await deposit({ bank_account_id: trust.id, deposited_on: "2026-03-05", payment_ids: [paid[0]?.id] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(
      "Some of these receipts were deposited or returned meanwhile: choose again",
    );
  });

  it("takes a returned check of a deposited payment out of that bank account", async () => {
    const escrow = await bank("Escrow Savings", "operating");
    const lease = await leaseFixture(t, org, { property: 0, name: "Cy Bounce" });
    const paid = await pay(lease.id, 80_000, "2026-04-01");
    const made = await deposit({ bank_account_id: escrow.id, deposited_on: "2026-04-02", payment_ids: [paid.id] });
    expect(made.statusCode).toBe(201);
    const before = await accountBalance(escrow.ledger_account.id);
    const undepositedBefore = await accountBalance(org.account("undeposited_funds"));
    const returned = await send("POST", `/payments/${paid.id}/return`, {
      payload: { returned_on: "2026-04-06", nsf_fee_cents: 3_500 },
    });
    expect(returned.statusCode, returned.body).toBe(201);
    expect(await accountBalance(escrow.ledger_account.id)).toBe(before - 80_000);
    expect(await accountBalance(org.account("undeposited_funds"))).toBe(undepositedBefore);
  });

  it("voids a deposit once: its entry reversed, its receipts back in Undeposited Funds to deposit again", async () => {
    const trust = await bank("Void Trust");
    const lease = await leaseFixture(t, org, { property: 1, name: "Vi Void" });
    const amounts = [70_000, 1_234];
    const paid = [
      await pay(lease.id, amounts[0] ?? 0, "2026-06-01"),
      await pay(lease.id, amounts[1] ?? 0, "2026-06-01"),
    ];
    const total = amounts.reduce((sum, c) => sum + c, 0);
    const trustBefore = await accountBalance(trust.ledger_account.id);
    const undepositedBefore = await accountBalance(org.account("undeposited_funds"));
    const made = bankDepositSchema.parse(
      (
        await deposit({ bank_account_id: trust.id, deposited_on: "2026-06-02", payment_ids: paid.map((p) => p.id) })
      ).json(),
    );
    expect(await accountBalance(trust.ledger_account.id)).toBe(trustBefore + total);

    const reader = await ledgerUser(t, org, "READ_ONLY");
    expect((await send("POST", `/bank-deposits/${made.id}/void`, { payload: {}, org: reader })).statusCode).toBe(403);
    expect((await send("POST", `/bank-deposits/${made.id}/void`, { payload: {}, org: other })).statusCode).toBe(404);

    const voided = await send("POST", `/bank-deposits/${made.id}/void`, { payload: {} });
    expect(voided.statusCode, voided.body).toBe(201);
    const after = bankDepositSchema.parse(voided.json());
    expect(after.voided_at).not.toBeNull();
    const reversal = journalEntrySchema.parse((await send("GET", `/journal-entries/${after.void_entry_id}`)).json());
    expect(reversal).toMatchObject({ source: "reversal", reverses_entry_id: made.entry_id, posted_on: "2026-06-02" });
    expect(await accountBalance(trust.ledger_account.id)).toBe(trustBefore);
    expect(await accountBalance(org.account("undeposited_funds"))).toBe(undepositedBefore);
    const waiting = (await undeposited()).receipts.map((r) => r.id);
    for (const p of paid) expect(waiting).toContain(p.id);

    // Once: again answers the voided deposit, nothing reversed twice.
    const again = await send("POST", `/bank-deposits/${made.id}/void`, { payload: {} });
    expect(again.statusCode).toBe(200);
    expect(bankDepositSchema.parse(again.json()).void_entry_id).toBe(after.void_entry_id);
    expect(await accountBalance(trust.ledger_account.id)).toBe(trustBefore);

    // The receipts deposit again, as new.
    const redo = await deposit({
      bank_account_id: trust.id,
      deposited_on: "2026-06-03",
      payment_ids: paid.map((p) => p.id),
    });
    expect(redo.statusCode, redo.body).toBe(201);
    expect(await accountBalance(trust.ledger_account.id)).toBe(trustBefore + total);
  });

  it("does not void a deposit with a returned check in it", async () => {
    const trust = await bank("Bounce Trust");
    const lease = await leaseFixture(t, org, { property: 0, name: "Bo Bounce" });
    const paid = await pay(lease.id, 50_000, "2026-07-01");
    const made = bankDepositSchema.parse(
      (await deposit({ bank_account_id: trust.id, deposited_on: "2026-07-02", payment_ids: [paid.id] })).json(),
    );
    const returned = await send("POST", `/payments/${paid.id}/return`, { payload: { returned_on: "2026-07-06" } });
    expect(returned.statusCode, returned.body).toBe(201);
    const refused = await send("POST", `/bank-deposits/${made.id}/void`, { payload: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "A check in this deposit came back from the bank: its return was taken out of this account, so the deposit cannot be voided",
    );
  });

  it("refuses a retired or unknown account, a day before a receipt, and no receipts, naming the field", async () => {
    const retired = await bank("Old Operating", "operating");
    await send("PATCH", `/bank-accounts/${retired.id}`, { payload: { is_active: false } });
    const lease = await leaseFixture(t, org, { property: 1, name: "Di Late" });
    const paid = await pay(lease.id, 10_000, "2026-05-10");
    const onRetired = await deposit({
      bank_account_id: retired.id,
      deposited_on: "2026-05-11",
      payment_ids: [paid.id],
    });
    expect(onRetired.statusCode).toBe(400);
    expect(onRetired.json().error.fields.bank_account_id).toEqual(["Choose an active bank account"]);
    const active = await bank("New Operating", "operating");
    const early = await deposit({ bank_account_id: active.id, deposited_on: "2026-05-09", payment_ids: [paid.id] });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.deposited_on).toEqual([
      "A deposit cannot be dated before a receipt in it was received",
    ]);
    const none = await deposit({ bank_account_id: active.id, deposited_on: "2026-05-11", payment_ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.payment_ids).toEqual(["Choose the receipts that went into this deposit"]);
    expect((await undeposited()).receipts.map((r) => r.id)).toContain(paid.id);
  });

  it("moves money between two accounts of a property once per key, and refuses a retired or the same account", async () => {
    const trust = await bank("Transfer Trust");
    const escrow = await bank("Transfer Escrow", "escrow");
    const property = org.propertyIds[1] ?? "";
    const trustBefore = await accountBalance(trust.ledger_account.id);
    const escrowBefore = await accountBalance(escrow.ledger_account.id);
    const payload = {
      idempotency_key: randomUUID(),
      from_bank_account_id: trust.id,
      to_bank_account_id: escrow.id,
      amount_cents: 150_025,
      transferred_on: "2026-07-01",
      property_id: property,
    };
    const first = await send("POST", "/bank-transfers", { payload });
    expect(first.statusCode, first.body).toBe(201);
    const entry = journalEntrySchema.parse(first.json());
    expect(entry).toMatchObject({ source: "bank_transfer", memo: "Transfer from Transfer Trust to Transfer Escrow" });
    expect(entry.lines.map((l) => [l.account_id, l.debit_cents, l.credit_cents, l.property_id])).toEqual([
      [escrow.ledger_account.id, 150_025, 0, property],
      [trust.ledger_account.id, 0, 150_025, property],
    ]);
    const again = await send("POST", "/bank-transfers", { payload });
    expect(again.statusCode).toBe(200);
    expect(journalEntrySchema.parse(again.json()).id).toBe(entry.id);
    expect(await accountBalance(trust.ledger_account.id)).toBe(trustBefore - 150_025);
    expect(await accountBalance(escrow.ledger_account.id)).toBe(escrowBefore + 150_025);

    const same = await send("POST", "/bank-transfers", {
      payload: { ...payload, idempotency_key: randomUUID(), to_bank_account_id: trust.id },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.to_bank_account_id).toEqual([
      "Choose another active bank account for the money to go into",
    ]);
    await send("PATCH", `/bank-accounts/${escrow.id}`, { payload: { is_active: false } });
    const retired = await send("POST", "/bank-transfers", { payload: { ...payload, idempotency_key: randomUUID() } });
    expect(retired.statusCode).toBe(400);
    expect(retired.json().error.fields.to_bank_account_id).toEqual([
      "Choose another active bank account for the money to go into",
    ]);
    const theirProperty = await send("POST", "/bank-transfers", {
      payload: {
        ...payload,
        idempotency_key: randomUUID(),
        to_bank_account_id: (await bank("Transfer Ops", "operating")).id,
        property_id: other.propertyIds[0],
      },
    });
    expect(theirProperty.statusCode).toBe(400);
    expect(theirProperty.json().error.fields.property_id).toEqual(["There is no such property"]);
  });

  it("keeps a property's money in the account assigned to it: its receipts are deposited there, never elsewhere", async () => {
    const north = await bank("North Trust");
    const south = await bank("South Trust");
    const [p0] = org.propertyIds;
    const assign = (account: string, ids: (string | undefined)[], as: { cookie: string } = org) =>
      send("PUT", `/bank-accounts/${account}/properties`, { payload: { property_ids: ids }, org: as });
    const assigned = await assign(south.id, [p0]);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(bankAccountPropertiesSchema.parse(assigned.json()).properties.map((p) => p.id)).toEqual([p0]);
    const listed = bankAccountsSchema.parse((await send("GET", "/bank-accounts")).json()).bank_accounts;
    expect(listed.find((b) => b.id === south.id)?.property_count).toBe(1);

    const lease = await leaseFixture(t, org, { property: 0, name: "Kept Apart" });
    const receipt = await pay(lease.id, 61_000, "2026-06-02");
    const wrong = await deposit({ bank_account_id: north.id, deposited_on: "2026-06-03", payment_ids: [receipt.id] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.bank_account_id).toEqual([
      "Deposit Drive 1's money is kept in South Trust: deposit its receipts there",
    ]);
    const right = await deposit({ bank_account_id: south.id, deposited_on: "2026-06-03", payment_ids: [receipt.id] });
    expect(right.statusCode, right.body).toBe(201);

    // Assigned to North instead: it moves (one trust account per property); South keeps none.
    expect((await assign(north.id, [p0])).statusCode).toBe(200);
    const southNow = bankAccountPropertiesSchema.parse(
      (await send("GET", `/bank-accounts/${south.id}/properties`)).json(),
    );
    expect(southNow.properties).toEqual([]);
    expect((await assign(north.id, [randomUUID()])).statusCode).toBe(400);
    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    expect((await assign(north.id, [p0], readOnly)).statusCode).toBe(403);
    expect((await send("GET", `/bank-accounts/${north.id}/properties`, { org: other })).statusCode).toBe(404);
  });

  it("keeps deposits to those who may: a read-only user reads, cannot deposit; another organization sees none", async () => {
    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    expect((await send("GET", "/bank-deposits", { org: readOnly })).statusCode).toBe(200);
    const lease = await leaseFixture(t, org, { property: 0, name: "Ed Scope" });
    const paid = await pay(lease.id, 5_000, "2026-06-01");
    const [account] = bankAccountSchema
      .array()
      .parse(
        (await send("GET", "/bank-accounts")).json().bank_accounts.filter((b: { is_active: boolean }) => b.is_active),
      );
    const refused = await deposit(
      { bank_account_id: account?.id, deposited_on: "2026-06-02", payment_ids: [paid.id] },
      readOnly,
    );
    expect(refused.statusCode).toBe(403);

    expect((await undeposited(other)).receipts).toEqual([]);
    expect(bankDepositsSchema.parse((await send("GET", "/bank-deposits", { org: other })).json()).deposits).toEqual([]);
    const theirs = await bank("Their Trust", "trust", other);
    // Another organization's receipts cannot go into its account, nor its account take ours.
    const across = await deposit(
      { bank_account_id: theirs.id, deposited_on: "2026-06-02", payment_ids: [paid.id] },
      other,
    );
    expect(across.statusCode).toBe(409);
    const intoTheirs = await deposit({
      bank_account_id: theirs.id,
      deposited_on: "2026-06-02",
      payment_ids: [paid.id],
    });
    expect(intoTheirs.statusCode).toBe(400);

    // A manager of one property deposits only its receipts.
    const manager = await ledgerUser(t, org, "PROPERTY_MANAGER", [org.propertyIds[1] ?? ""]);
    const seen = await undeposited(manager);
    expect(seen.receipts.map((r) => r.id)).not.toContain(paid.id);
    const outside = await deposit(
      { bank_account_id: account?.id, deposited_on: "2026-06-02", payment_ids: [paid.id] },
      manager,
    );
    expect(outside.statusCode).toBe(409);
  });
});
