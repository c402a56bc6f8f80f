import { randomUUID } from "node:crypto";
import { bankAccountSchema, bankAccountsSchema } from "@keyholder/contracts/bank-accounts";
import { todayIn } from "@keyholder/contracts/civil-date";
import { historySchema } from "@keyholder/contracts/history";
import { ledgerAccountsSchema } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { withOrg } from "../../db/client.ts";
import { type LedgerOrg, ledgerApi, ledgerOrganization, ledgerUser } from "../ledger/ledger-fixture.ts";

describe("bank accounts (issue 29 item 2)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: LedgerOrg;
  let other: LedgerOrg;
  const send = ledgerApi(
    () => t,
    () => org,
  );

  beforeAll(async () => {
    t = await createTestApp();
    org = await ledgerOrganization(t, "Bank Street");
    other = await ledgerOrganization(t, "Other Bank");
  });
  afterAll(() => t.close());

  const add = (payload: unknown, as: { cookie: string } = org) => send("POST", "/bank-accounts", { payload, org: as });
  const bankOf = (res: { json(): unknown }) => bankAccountSchema.parse(res.json());

  it("makes the first trust account the bank side of Trust Cash, and a second one a new cash account beside it", async () => {
    const first = await add({
      name: "First Bank Trust",
      kind: "trust",
      bank_name: "First Bank",
      account_last4: "4321",
      routing_number: "021000021",
    });
    expect(first.statusCode).toBe(201);
    expect(bankOf(first)).toMatchObject({
      name: "First Bank Trust",
      kind: "trust",
      bank_name: "First Bank",
      account_last4: "4321",
      routing_number: "021000021",
      ledger_account: { id: org.account("trust_cash"), code: "1020", name: "Trust Cash" },
      balance_cents: 0,
      is_active: true,
    });

    const second = bankOf(await add({ name: "Second Trust", kind: "trust" }));
    expect(second.ledger_account).toMatchObject({ code: "1020-1", name: "Trust Cash - Second Trust" });
    expect(second).toMatchObject({ bank_name: null, account_last4: null, routing_number: null });
    const third = bankOf(await add({ name: "Third Trust", kind: "trust" }));
    expect(third.ledger_account.code).toBe("1020-2");
    // The new cash accounts are in the chart, as assets.
    const { accounts } = ledgerAccountsSchema.parse((await send("GET", "/ledger/accounts")).json());
    expect(accounts.find((a) => a.code === "1020-1")).toMatchObject({ type: "asset", role: null, is_active: true });
  });

  it("shows the books' balance of its cash account, in cents", async () => {
    const operating = bankOf(await add({ name: "Operating Checking", kind: "operating" }));
    expect(operating.ledger_account.id).toBe(org.account("operating_cash"));
    const cents = [125_000, 4_399];
    for (const amount of cents) {
      const posted = await send("POST", "/journal-entries", {
        payload: {
          posted_on: todayIn("America/New_York"),
          idempotency_key: randomUUID(),
          lines: [
            { account_id: org.account("operating_cash"), debit_cents: amount, property_id: org.propertyIds[0] },
            {
              account_id: org.account("opening_balance_equity"),
              credit_cents: amount,
              property_id: org.propertyIds[0],
            },
          ],
        },
      });
      expect(posted.statusCode).toBe(201);
    }
    const read = bankOf(await send("GET", `/bank-accounts/${operating.id}`));
    expect(read.balance_cents).toBe(cents.reduce((sum, c) => sum + c, 0));
  });

  it("links a chosen cash account only when it is an active asset no other bank account has", async () => {
    const own = await send("POST", "/ledger/accounts", {
      payload: { code: "1040", name: "Reserve Cash", type: "asset" },
    });
    const reserve = ledgerAccountsSchema.shape.accounts.element.parse(own.json());
    const linked = bankOf(await add({ name: "Reserve Savings", kind: "operating", ledger_account_id: reserve.id }));
    expect(linked.ledger_account).toMatchObject({ id: reserve.id, code: "1040" });
    for (const account of [reserve.id, org.account("accounts_receivable"), org.account("rent_income"), 999_999]) {
      const res = await add({ name: `Try ${account}`, kind: "operating", ledger_account_id: account });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.ledger_account_id).toEqual([
        "Choose an active asset account that is not another bank account's",
      ]);
    }
  });

  it("names each bad field, refuses a name in use whatever its case, and adds nothing", async () => {
    const before = bankAccountsSchema.parse((await send("GET", "/bank-accounts")).json()).bank_accounts.length;
    const bad = await add({ name: " ", kind: "savings", account_last4: "12a4", routing_number: "12345" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["account_last4", "kind", "name", "routing_number"]);
    const taken = await add({ name: "first bank TRUST", kind: "trust" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.name).toEqual(["A bank account named first bank TRUST already exists"]);
    const after = bankAccountsSchema.parse((await send("GET", "/bank-accounts")).json()).bank_accounts.length;
    expect(after).toBe(before);
  });

  it("renames, changes details and retires an account (kept, listed after the active ones), with its history", async () => {
    const account = bankOf(await add({ name: "Old Escrow", kind: "escrow", account_last4: "1111" }));
    expect(account.ledger_account.id).toBe(org.account("deposit_escrow_cash"));
    const renamed = await send("PATCH", `/bank-accounts/${account.id}`, {
      payload: { name: "Deposit Escrow", routing_number: "011000015" },
    });
    expect(bankOf(renamed)).toMatchObject({
      name: "Deposit Escrow",
      account_last4: "1111",
      routing_number: "011000015",
    });
    const cleared = await send("PATCH", `/bank-accounts/${account.id}`, { payload: { account_last4: "" } });
    expect(bankOf(cleared).account_last4).toBeNull();
    const retired = await send("PATCH", `/bank-accounts/${account.id}`, { payload: { is_active: false } });
    expect(bankOf(retired).is_active).toBe(false);
    const list = bankAccountsSchema.parse((await send("GET", "/bank-accounts")).json()).bank_accounts;
    expect(list.at(-1)?.id).toBe(account.id);
    expect(list.slice(0, -1).every((b) => b.is_active)).toBe(true);
    const taken = await send("PATCH", `/bank-accounts/${account.id}`, { payload: { name: "Operating checking" } });
    expect(taken.statusCode).toBe(409);

    const history = historySchema.parse((await send("GET", `/bank-accounts/${account.id}/history`)).json()).history;
    expect(history.map((h) => h.action)).toEqual(["update", "update", "update", "create"]);
    expect(history[2]?.changes).toMatchObject({
      name: { from: "Old Escrow", to: "Deposit Escrow" },
      routing_number: { from: null, to: "011000015" },
    });
  });

  it("lets administrators add and change accounts; others with the books read them", async () => {
    const manager = await ledgerUser(t, org, "PROPERTY_MANAGER");
    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    const staff = await ledgerUser(t, org, "STAFF");
    const [some] = bankAccountsSchema.parse((await send("GET", "/bank-accounts")).json()).bank_accounts;
    for (const who of [manager, readOnly]) {
      expect((await send("GET", "/bank-accounts", { org: who })).statusCode).toBe(200);
      expect((await add({ name: `Theirs ${who.userId}`, kind: "operating" }, who)).statusCode).toBe(403);
      expect((await send("PATCH", `/bank-accounts/${some?.id}`, { org: who, payload: { name: "x" } })).statusCode).toBe(
        403,
      );
    }
    // Staff do not see the books.
    expect((await send("GET", "/bank-accounts", { org: staff })).statusCode).toBe(403);
  });

  it("keeps each organization's accounts its own (API and database)", async () => {
    const theirs = bankOf(await add({ name: "Their Trust", kind: "trust" }, other));
    expect((await send("GET", `/bank-accounts/${theirs.id}`)).statusCode).toBe(404);
    expect((await send("PATCH", `/bank-accounts/${theirs.id}`, { payload: { name: "Mine" } })).statusCode).toBe(404);
    expect((await send("GET", `/bank-accounts/${theirs.id}/history`)).statusCode).toBe(404);
    const mine = bankAccountsSchema.parse((await send("GET", "/bank-accounts")).json()).bank_accounts;
    expect(mine.map((b) => b.id)).not.toContain(theirs.id);
    const seen = await withOrg(t.db, { orgId: org.orgId }, (tx) =>
      tx.execute(sql`select id from bank_accounts where id = ${theirs.id}`),
    );
    expect((seen as unknown as { rows: unknown[] }).rows).toEqual([]);
    // Never deleted by the app: the ledger's lines name its cash account.
    const deleted = await withOrg(t.db, { orgId: other.orgId }, (tx) =>
      tx.execute(sql`delete from bank_accounts where id = ${theirs.id}`),
    ).then(
      () => "deleted",
      (err: { code?: string; cause?: { code?: string } }) => err.cause?.code ?? err.code,
    );
    expect(deleted).toBe("42501");
    expect((await send("GET", `/bank-accounts/${randomUUID()}`)).statusCode).toBe(404);
    expect((await send("GET", "/bank-accounts/not-an-id")).statusCode).toBe(400);
  });
});
