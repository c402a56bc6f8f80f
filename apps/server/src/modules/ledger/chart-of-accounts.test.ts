import { randomUUID } from "node:crypto";
import { addDays, todayIn } from "@keyholder/contracts/civil-date";
import { historySchema } from "@keyholder/contracts/history";
import { accountingPeriodSchema, ledgerAccountSchema, ledgerAccountsSchema } from "@keyholder/contracts/ledger";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { withOrg } from "../../db/client.ts";
import {
  addRecurringCharge,
  type LedgerOrg,
  ledgerApi,
  ledgerOrganization,
  ledgerUser,
  systemRows,
} from "./ledger-fixture.ts";

describe("the chart of accounts and accounting periods, shaped by administrators (issue 29 item 1)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: LedgerOrg;
  let other: LedgerOrg;
  const send = ledgerApi(
    () => t,
    () => org,
  );

  beforeAll(async () => {
    t = await createTestApp();
    org = await ledgerOrganization(t, "Chart Court");
    other = await ledgerOrganization(t, "Elsewhere Books");
  });
  afterAll(() => t.close());

  const add = async (payload: unknown, as: { cookie: string } = org) =>
    send("POST", "/ledger/accounts", { payload, org: as });
  const accountOf = (res: { json(): unknown }) => ledgerAccountSchema.parse(res.json());
  const postTo = (accountId: number, cents: number, postedOn = todayIn("America/New_York")) =>
    send("POST", "/journal-entries", {
      payload: {
        posted_on: postedOn,
        idempotency_key: randomUUID(),
        lines: [
          { account_id: accountId, debit_cents: cents, property_id: org.propertyIds[0] },
          { account_id: org.account("operating_cash"), credit_cents: cents, property_id: org.propertyIds[0] },
        ],
      },
    });

  it("adds an account, lists it by code with a zero balance, and refuses a code already in the chart", async () => {
    const created = await add({ code: "6550", name: "  Snow Removal ", type: "expense" });
    expect(created.statusCode).toBe(201);
    expect(accountOf(created)).toMatchObject({
      code: "6550",
      name: "Snow Removal",
      type: "expense",
      normal_balance: "debit",
      role: null,
      lease_ledger: false,
      is_active: true,
      balance_cents: 0,
    });
    const { accounts } = ledgerAccountsSchema.parse((await send("GET", "/ledger/accounts")).json());
    const codes = accounts.map((a) => a.code);
    expect(codes).toContain("6550");
    expect(codes).toEqual([...codes].sort());

    const again = await add({ code: "6550", name: "Plowing", type: "expense" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.code).toEqual(["Account 6550 already exists: choose another code"]);
    // A system account's code is taken the same way.
    expect((await add({ code: "1100", name: "Mine", type: "asset" })).statusCode).toBe(409);
  });

  it("names each bad field of a new account and adds nothing", async () => {
    const before = ledgerAccountsSchema.parse((await send("GET", "/ledger/accounts")).json()).accounts.length;
    const res = await add({ code: "61 50;", name: "", type: "expenses" });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(Object.keys(fields).sort()).toEqual(["code", "name", "type"]);
    const after = ledgerAccountsSchema.parse((await send("GET", "/ledger/accounts")).json()).accounts.length;
    expect(after).toBe(before);
  });

  it("renames, renumbers, retires and brings back an account, and its history says who did what", async () => {
    const account = accountOf(await add({ code: "6160", name: "Pool Service", type: "expense" }));
    const renamed = await send("PATCH", `/ledger/accounts/${account.id}`, {
      payload: { code: "6165", name: "Pool and Spa Service" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(accountOf(renamed)).toMatchObject({ code: "6165", name: "Pool and Spa Service", is_active: true });

    const retired = await send("PATCH", `/ledger/accounts/${account.id}`, { payload: { is_active: false } });
    expect(accountOf(retired).is_active).toBe(false);
    // A retired account takes no new manual line.
    const refused = await postTo(account.id, 1000);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields["lines.0.account_id"]).toEqual(["This account is retired: choose another"]);
    const back = await send("PATCH", `/ledger/accounts/${account.id}`, { payload: { is_active: true } });
    expect(accountOf(back).is_active).toBe(true);
    expect((await postTo(account.id, 1000)).statusCode).toBe(201);

    const history = historySchema.parse((await send("GET", `/ledger/accounts/${account.id}/history`)).json()).history;
    expect(history.map((h) => h.action)).toEqual(["update", "update", "update", "create"]);
    expect(history[3]?.changes).toMatchObject({ code: { from: null, to: "6160" } });
    expect(history[2]?.changes).toMatchObject({
      code: { from: "6160", to: "6165" },
      name: { from: "Pool Service", to: "Pool and Spa Service" },
    });
    expect(history[1]?.changes).toEqual({ is_active: { from: true, to: false } });
  });

  it("refuses renumbering onto a code in use, naming the field", async () => {
    const account = accountOf(await add({ code: "6170", name: "Signage", type: "expense" }));
    const res = await send("PATCH", `/ledger/accounts/${account.id}`, { payload: { code: "6550" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.code).toEqual(["Account 6550 already exists: choose another code"]);
    expect(accountOf(await send("GET", `/ledger/accounts/${account.id}`)).code).toBe("6170");
  });

  it("keeps system accounts: renamed and renumbered, never retired, retyped or deleted (API and database)", async () => {
    const cash = org.account("operating_cash");
    const renamed = await send("PATCH", `/ledger/accounts/${cash}`, {
      payload: { code: "1008", name: "Operating Cash - First Bank" },
    });
    expect(accountOf(renamed)).toMatchObject({
      code: "1008",
      name: "Operating Cash - First Bank",
      role: "operating_cash",
    });
    const retire = await send("PATCH", `/ledger/accounts/${cash}`, { payload: { is_active: false } });
    expect(retire.statusCode).toBe(409);
    expect(retire.json().error.fields.is_active).toEqual([
      "Keyholder posts to this system account: it can be renamed or renumbered, not retired or deleted",
    ]);
    const retype = await send("PATCH", `/ledger/accounts/${cash}`, { payload: { type: "expense" } });
    expect(retype.statusCode).toBe(409);
    const remove = await send("DELETE", `/ledger/accounts/${cash}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.code).toBe("SYSTEM_ACCOUNT");
    expect(accountOf(await send("GET", `/ledger/accounts/${cash}`))).toMatchObject({ is_active: true, type: "asset" });

    // The database refuses the same for any writer that skips the API's checks.
    const asApp = (statement: SQL) =>
      withOrg(t.db, { orgId: org.orgId }, (tx) => tx.execute(statement)).then(
        () => "done",
        (err: { code?: string; cause?: { code?: string } }) => err.cause?.code ?? err.code,
      );
    // One nothing was posted to (the cash account's lines and balances refuse by their keys first).
    expect(await asApp(sql`delete from ledger_accounts where id = ${org.account("concessions")}`)).toBe("KH006");
    expect(await asApp(sql`update ledger_accounts set type = 'expense' where id = ${cash}`)).toBe("KH006");
    expect(await asApp(sql`update ledger_accounts set is_active = false where id = ${cash}`)).toBe("KH006");
    expect(await asApp(sql`update ledger_accounts set role = null where id = ${cash}`)).not.toBe("done");
  });

  it("changes an account's type only while nothing posts to it, and deletes only an account never used", async () => {
    const unused = accountOf(await add({ code: "4910", name: "Misc Income", type: "expense" }));
    const retyped = await send("PATCH", `/ledger/accounts/${unused.id}`, { payload: { type: "income" } });
    expect(accountOf(retyped)).toMatchObject({ type: "income", normal_balance: "credit" });

    const used = accountOf(await add({ code: "6180", name: "Pest Control", type: "expense" }));
    expect((await postTo(used.id, 12_345)).statusCode).toBe(201);
    expect(accountOf(await send("GET", `/ledger/accounts/${used.id}`)).balance_cents).toBe(12_345);
    const retype = await send("PATCH", `/ledger/accounts/${used.id}`, { payload: { type: "asset" } });
    expect(retype.statusCode).toBe(409);
    expect(retype.json().error.fields.type).toEqual([
      "This account has postings or recurring charges: its type can no longer change",
    ]);
    const removeUsed = await send("DELETE", `/ledger/accounts/${used.id}`);
    expect(removeUsed.statusCode).toBe(409);
    expect(removeUsed.json().error.message).toBe(
      "This account has postings or recurring charges, which stay in the books: retire it instead of deleting it",
    );
    // Retiring it keeps its postings and balance.
    const retired = accountOf(await send("PATCH", `/ledger/accounts/${used.id}`, { payload: { is_active: false } }));
    expect(retired).toMatchObject({ is_active: false, balance_cents: 12_345 });

    expect((await send("DELETE", `/ledger/accounts/${unused.id}`)).statusCode).toBe(204);
    expect((await send("GET", `/ledger/accounts/${unused.id}`)).statusCode).toBe(404);
    // Its history outlives it.
    const history = historySchema.parse((await send("GET", `/ledger/accounts/${unused.id}/history`)).json()).history;
    expect(history[0]?.action).toBe("delete");
  });

  it("does not retire an account that recurring charges still post to", async () => {
    const storage = accountOf(await add({ code: "4450", name: "Storage Income", type: "income" }));
    const today = todayIn("America/New_York");
    for (const property of [0, 1]) {
      const charge = await addRecurringCharge(t, org, { property, amountCents: 5000, startDate: today });
      await systemRows(t, sql`update recurring_charges set account_id = ${storage.id} where id = ${charge.id}`);
    }
    const res = await send("PATCH", `/ledger/accounts/${storage.id}`, { payload: { is_active: false } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.is_active).toEqual([
      "2 recurring charges post to this account: end or move them before retiring it",
    ]);
    expect((await send("DELETE", `/ledger/accounts/${storage.id}`)).statusCode).toBe(409);
  });

  it("lets only administrators shape the chart; a property manager and a read-only user read it", async () => {
    const manager = await ledgerUser(t, org, "PROPERTY_MANAGER");
    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    for (const who of [manager, readOnly]) {
      expect((await send("GET", "/ledger/accounts", { org: who })).statusCode).toBe(200);
      expect((await add({ code: `7${who.userId}`, name: "Theirs", type: "expense" }, who)).statusCode).toBe(403);
      const cash = org.account("operating_cash");
      expect((await send("PATCH", `/ledger/accounts/${cash}`, { org: who, payload: { name: "x" } })).statusCode).toBe(
        403,
      );
      expect((await send("DELETE", `/ledger/accounts/${cash}`, { org: who })).statusCode).toBe(403);
    }
  });

  it("answers 404 for another organization's account, which stays as it was", async () => {
    const theirs = other.account("rent_income");
    expect((await send("GET", `/ledger/accounts/${theirs}`)).statusCode).toBe(404);
    expect((await send("PATCH", `/ledger/accounts/${theirs}`, { payload: { name: "Taken" } })).statusCode).toBe(404);
    expect((await send("DELETE", `/ledger/accounts/${theirs}`)).statusCode).toBe(404);
    expect((await send("GET", `/ledger/accounts/${theirs}/history`)).statusCode).toBe(404);
    const [row] = await systemRows<{ name: string }>(
      t,
      sql`select name from ledger_accounts where organization_id = ${other.orgId} and id = ${theirs}`,
    );
    expect(row?.name).toBe("Rent");
    expect((await send("GET", "/ledger/accounts/abc")).statusCode).toBe(400);
  });

  it("reopens a closed period for a correction, then takes postings dated in it; recorded in its history", async () => {
    const today = todayIn("America/New_York");
    const lastMonth = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
    const created = await send("POST", "/accounting-periods", { payload: { starts_on: lastMonth } });
    const period = accountingPeriodSchema.parse(created.json());
    expect((await send("POST", `/accounting-periods/${period.id}/close`)).statusCode).toBe(200);
    const repairs = accountOf(await add({ code: "6190", name: "Gutters", type: "expense" }));
    expect((await postTo(repairs.id, 2500, lastMonth)).statusCode).toBe(409);

    const manager = await ledgerUser(t, org, "PROPERTY_MANAGER");
    expect((await send("POST", `/accounting-periods/${period.id}/reopen`, { org: manager })).statusCode).toBe(403);
    const reopened = await send("POST", `/accounting-periods/${period.id}/reopen`);
    expect(accountingPeriodSchema.parse(reopened.json())).toMatchObject({
      status: "open",
      closed_at: null,
      closed_by: null,
    });
    expect((await postTo(repairs.id, 2500, lastMonth)).statusCode).toBe(201);
    // Reopening an open period changes nothing and records nothing more.
    expect((await send("POST", `/accounting-periods/${period.id}/reopen`)).statusCode).toBe(200);
    const history = historySchema.parse((await send("GET", `/accounting-periods/${period.id}/history`)).json()).history;
    expect(history.slice(0, 2).map((h) => h.changes.status)).toEqual([
      { from: "closed", to: "open" },
      { from: "open", to: "closed" },
    ]);
    expect((await send("POST", `/accounting-periods/${randomUUID()}/reopen`)).statusCode).toBe(404);
  });
});
