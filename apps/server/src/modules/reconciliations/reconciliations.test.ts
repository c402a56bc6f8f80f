import { randomUUID } from "node:crypto";
import { bankAccountSchema, bankDepositSchema } from "@keyholder/contracts/bank-accounts";
import { statementImportSchema, statementImportsSchema } from "@keyholder/contracts/bank-statements";
import { leasePostingSchema } from "@keyholder/contracts/lease-ledger";
import { journalEntrySchema } from "@keyholder/contracts/ledger";
import {
  autoMatchResultSchema,
  type ReconciliationDetail,
  reconciliationDetailSchema,
  reconciliationsSchema,
} from "@keyholder/contracts/reconciliations";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { multipart } from "../../../test/multipart.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

// A statement of more than 4 lines is kept in the background here (a real one: 2,000).
const { t, org, send } = await leaseTestApp("Reconcile Row", { env: { STATEMENT_INLINE_LINES: "4" } });
const other = await ledgerOrganization(t, "Other Reconciles");

describe("bank reconciliation to a statement (issue 29 item 3)", () => {
  const bank = async (name: string, kind: string) => {
    const res = await send("POST", "/bank-accounts", { payload: { name, kind } });
    expect(res.statusCode, res.body).toBe(201);
    return bankAccountSchema.parse(res.json());
  };
  const pay = async (lease: string, cents: number, on: string) => {
    const res = await send("POST", `/leases/${lease}/payments`, {
      payload: {
        idempotency_key: randomUUID(),
        method: "check",
        reference: "77",
        received_on: on,
        amount_cents: cents,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const payment = leasePostingSchema.parse(res.json()).payment;
    if (!payment) throw new Error("no payment");
    return payment.id;
  };
  const deposit = async (account: string, on: string, payments: string[]) => {
    const res = await send("POST", "/bank-deposits", {
      payload: { idempotency_key: randomUUID(), bank_account_id: account, deposited_on: on, payment_ids: payments },
    });
    expect(res.statusCode, res.body).toBe(201);
    return bankDepositSchema.parse(res.json()).entry_id;
  };
  const importCsv = async (account: string, csv: string, status = 201) => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1/bank-accounts/${account}/statement-imports`,
      cookies: { kh_session: org.cookie },
      ...multipart("file", "march.csv", "text/csv", Buffer.from(csv), {
        date_column: "Date",
        description_column: "Description",
        amount_column: "Amount",
        reference_column: "Ref",
        date_order: "YMD",
      }),
    });
    expect(res.statusCode, res.body).toBe(status);
    return statementImportSchema.parse(res.json());
  };
  const importsOf = async (account: string) => {
    const res = await send("GET", `/bank-accounts/${account}/statement-imports`);
    expect(res.statusCode, res.body).toBe(200);
    return statementImportsSchema.parse(res.json()).imports;
  };
  const detailOf = (res: { statusCode: number; body: string; json: () => unknown }, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return reconciliationDetailSchema.parse(res.json());
  };
  const item = (d: ReconciliationDetail, entry: number) => d.items.find((i) => i.entry_id === entry);
  const line = (d: ReconciliationDetail, text: string) => {
    const found = d.lines.find((l) => l.description === text);
    if (!found) throw new Error(`no line ${text}`);
    return found;
  };

  it("reconciles a month: items to the end date ticked, the live difference, auto-match, a fee posted, completed and locked", async () => {
    const trust = await bank("Reconcile Trust", "trust");
    const operating = await bank("Reconcile Operating", "operating");
    const a = await leaseFixture(t, org, { property: 0, name: "Ann Reconcile" });
    const b = await leaseFixture(t, org, { property: 1, name: "Ben Reconcile" });
    const [p1, p2, p3, p4] = [120_000, 95_050, 3_399, 41_000];
    const dep1 = await deposit(trust.id, "2026-03-04", [
      await pay(a.id, p1, "2026-03-02"),
      await pay(b.id, p2, "2026-03-03"),
    ]);
    const dep2 = await deposit(trust.id, "2026-03-31", [await pay(b.id, p3, "2026-03-30")]);
    const dep3 = await deposit(trust.id, "2026-04-02", [await pay(a.id, p4, "2026-04-01")]);
    const transferRes = await send("POST", "/bank-transfers", {
      payload: {
        idempotency_key: randomUUID(),
        from_bank_account_id: trust.id,
        to_bank_account_id: operating.id,
        amount_cents: 50_000,
        transferred_on: "2026-03-10",
        property_id: org.propertyIds[0],
      },
    });
    expect(transferRes.statusCode, transferRes.body).toBe(201);
    const transfer = journalEntrySchema.parse(transferRes.json()).id;
    // Another account's deposit: never this account's item.
    const elsewhere = await deposit(operating.id, "2026-03-05", [await pay(a.id, 10_000, "2026-03-05")]);

    await importCsv(
      trust.id,
      [
        "Date,Description,Ref,Amount",
        `2026-03-05,Deposit,,${(p1 + p2) / 100}`,
        "2026-03-10,Transfer to operating,,-500.00",
        "2026-03-31,Service fee,,-12.00",
        `2026-04-01,Deposit,,${p3 / 100}`,
      ].join("\n"),
    );
    const fee = 1_200;
    const statementBalance = p1 + p2 - 50_000 - fee;

    const created = detailOf(
      await send("POST", "/reconciliations", {
        payload: {
          bank_account_id: trust.id,
          statement_end_date: "2026-03-31",
          statement_balance_cents: statementBalance,
        },
      }),
      201,
    );
    const id = created.reconciliation.id;
    // Items dated up to the end date are ticked; the April deposit is offered, not ticked; another account's is not offered.
    expect(item(created, dep1)).toMatchObject({ amount_cents: p1 + p2, cleared: true, source: "bank_deposit" });
    expect(item(created, transfer)).toMatchObject({ amount_cents: -50_000, cleared: true });
    expect(item(created, dep2)).toMatchObject({ amount_cents: p3, cleared: true });
    expect(item(created, dep3)).toMatchObject({ amount_cents: p4, cleared: false });
    expect(item(created, elsewhere)).toBeUndefined();
    // Bank lines up to the end date only.
    expect(created.lines.map((l) => l.posted_on)).toEqual(["2026-03-05", "2026-03-10", "2026-03-31"]);
    expect(created.reconciliation).toMatchObject({
      status: "in_progress",
      beginning_balance_cents: 0,
      cleared_balance_cents: p1 + p2 - 50_000 + p3,
      difference_cents: statementBalance - (p1 + p2 - 50_000 + p3),
    });

    // The March 31 deposit reached the bank on April 1: untick it.
    const unticked = detailOf(
      await send("POST", `/reconciliations/${id}/cleared`, { payload: { entry_ids: [dep2], cleared: false } }),
    );
    expect(unticked.reconciliation.difference_cents).toBe(-fee);

    // Auto-match pairs the deposit and the transfer; the fee has nothing to pair with.
    const auto = await send("POST", `/reconciliations/${id}/auto-match`);
    expect(auto.statusCode, auto.body).toBe(200);
    const matched = autoMatchResultSchema.parse(auto.json());
    expect(matched.matched).toBe(2);
    const m = matched.detail;
    expect(line(m, "Deposit").match_id).toBe(item(m, dep1)?.match_id);
    expect(line(m, "Transfer to operating").match_id).toBe(item(m, transfer)?.match_id);
    expect(line(m, "Service fee").match_id).toBeNull();

    // Not finished while a difference remains.
    const early = await send("POST", `/reconciliations/${id}/complete`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe("The difference must be $0.00 to finish: it is -$12.00");

    // A matched item is unticked only by undoing its match.
    const matchedUntick = await send("POST", `/reconciliations/${id}/cleared`, {
      payload: { entry_ids: [dep1], cleared: false },
    });
    expect(matchedUntick.statusCode).toBe(409);

    // The fee is posted from its line to Bank Fees, once.
    const [bankFees] = await systemRows<{ id: number }>(
      t,
      sql`select id from ledger_accounts where organization_id = ${org.orgId} and code = '6200'`,
    );
    const feeLine = line(m, "Service fee").id;
    // Trust money is always some property's: a fee on the trust account names the property it is charged to.
    const unowned = await send("POST", `/reconciliations/${id}/adjustments`, {
      payload: { statement_line_id: feeLine, account_id: bankFees?.id },
    });
    expect(unowned.statusCode).toBe(400);
    expect(unowned.json().error.fields.property_id).toEqual([
      "Trust money always belongs to a property: choose the property this bank line is for",
    ]);
    const elsewhereProperty = await send("POST", `/reconciliations/${id}/adjustments`, {
      payload: { statement_line_id: feeLine, account_id: bankFees?.id, property_id: other.propertyIds[0] },
    });
    expect(elsewhereProperty.statusCode).toBe(400);
    expect(elsewhereProperty.json().error.fields.property_id).toEqual(["Choose the property this money belongs to"]);
    const adjusted = detailOf(
      await send("POST", `/reconciliations/${id}/adjustments`, {
        payload: { statement_line_id: feeLine, account_id: bankFees?.id, property_id: org.propertyIds[0] },
      }),
    );
    expect(adjusted.reconciliation.difference_cents).toBe(0);
    const feeItem = adjusted.items.find((i) => i.source === "bank_adjustment");
    expect(feeItem).toMatchObject({ amount_cents: -fee, cleared: true, posted_on: "2026-03-31", memo: "Service fee" });
    const feeEntry = journalEntrySchema.parse((await send("GET", `/journal-entries/${feeItem?.entry_id}`)).json());
    expect(feeEntry.lines.map((l) => [l.account_id, l.debit_cents, l.credit_cents, l.property_id])).toEqual(
      expect.arrayContaining([
        [trust.ledger_account.id, 0, fee, org.propertyIds[0]],
        [bankFees?.id, fee, 0, org.propertyIds[0]],
      ]),
    );
    const again = await send("POST", `/reconciliations/${id}/adjustments`, {
      payload: { statement_line_id: feeLine, account_id: bankFees?.id, property_id: org.propertyIds[0] },
    });
    expect(again.statusCode).toBe(409);
    const [posted] = await systemRows<{ n: string }>(
      t,
      sql`select count(*) as n from journal_entries where organization_id = ${org.orgId} and source = 'bank_adjustment'`,
    );
    expect(Number(posted?.n)).toBe(1);

    const done = detailOf(await send("POST", `/reconciliations/${id}/complete`));
    expect(done.reconciliation).toMatchObject({ status: "completed", difference_cents: 0 });
    expect(done.reconciliation.completed_at).not.toBeNull();
    expect(done.items.map((i) => i.entry_id).sort()).toEqual([dep1, transfer, feeItem?.entry_id].sort());
    expect(done.lines).toHaveLength(3);

    // Locked: by the API and by the database itself.
    const locked = await send("POST", `/reconciliations/${id}/cleared`, {
      payload: { entry_ids: [dep2], cleared: true },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe("This reconciliation is completed: its items are locked");
    expect((await send("DELETE", `/reconciliations/${id}`)).statusCode).toBe(409);
    await expect(
      systemRows(
        t,
        sql`delete from bank_reconciliation_items where organization_id = ${org.orgId} and reconciliation_id = ${id}`,
      ),
    ).rejects.toThrow();

    // The next statement must end later, begins at this one's balance, and never offers what this one cleared.
    const same = await send("POST", "/reconciliations", {
      payload: { bank_account_id: trust.id, statement_end_date: "2026-03-31", statement_balance_cents: 0 },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.statement_end_date).toEqual([
      "The statement must end after the last one reconciled, 2026-03-31",
    ]);
    const april = detailOf(
      await send("POST", "/reconciliations", {
        payload: {
          bank_account_id: trust.id,
          statement_end_date: "2026-04-30",
          statement_balance_cents: statementBalance + p3,
        },
      }),
      201,
    );
    expect(april.reconciliation.beginning_balance_cents).toBe(statementBalance);
    expect(april.items.map((i) => i.entry_id).sort()).toEqual([dep2, dep3].sort());
    expect(april.lines.map((l) => l.posted_on)).toEqual(["2026-04-01"]);
    expect(april.reconciliation.difference_cents).toBe(-p4);

    // Matching: sums must agree, only this account's items, and one line once.
    const aprilLine = april.lines[0]?.id ?? 0;
    const unequal = await send("POST", `/reconciliations/${april.reconciliation.id}/matches`, {
      payload: { statement_line_ids: [aprilLine], entry_ids: [dep2, dep3] },
    });
    expect(unequal.statusCode).toBe(400);
    expect(unequal.json().error.message).toBe(
      `The bank lines come to $33.99 and the books' items to $${((p3 + p4) / 100).toFixed(2)}: they must be equal`,
    );
    const foreign = await send("POST", `/reconciliations/${april.reconciliation.id}/matches`, {
      payload: { statement_line_ids: [aprilLine], entry_ids: [elsewhere] },
    });
    expect(foreign.statusCode).toBe(409);
    const paired = detailOf(
      await send("POST", `/reconciliations/${april.reconciliation.id}/matches`, {
        payload: { statement_line_ids: [aprilLine], entry_ids: [dep2] },
      }),
    );
    expect(item(paired, dep2)?.match_id).toBe(paired.lines[0]?.match_id);
    const twice = await send("POST", `/reconciliations/${april.reconciliation.id}/matches`, {
      payload: { statement_line_ids: [aprilLine], entry_ids: [dep3] },
    });
    expect(twice.statusCode).toBe(409);
    const unmatched = detailOf(
      await send("DELETE", `/reconciliations/${april.reconciliation.id}/matches/${paired.lines[0]?.match_id}`),
    );
    expect(unmatched.lines[0]?.match_id).toBeNull();
    expect(item(unmatched, dep2)).toMatchObject({ cleared: true, match_id: null });

    // One at a time per account; a cancelled one goes, and the account's list shows the rest.
    const second = await send("POST", "/reconciliations", {
      payload: { bank_account_id: trust.id, statement_end_date: "2026-05-31", statement_balance_cents: 0 },
    });
    expect(second.statusCode).toBe(409);
    expect((await send("DELETE", `/reconciliations/${april.reconciliation.id}`)).statusCode).toBe(204);
    const list = reconciliationsSchema.parse(
      (await send("GET", `/reconciliations?bank_account_id=${trust.id}`)).json(),
    ).reconciliations;
    expect(list.map((r) => [r.id, r.status])).toEqual([[id, "completed"]]);

    // Another organization, a read-only user, a user of some properties.
    expect((await send("GET", `/reconciliations/${id}`, { org: other })).statusCode).toBe(404);
    expect(
      reconciliationsSchema.parse((await send("GET", "/reconciliations", { org: other })).json()).reconciliations,
    ).toEqual([]);
    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    expect((await send("GET", `/reconciliations/${id}`, { org: readOnly })).statusCode).toBe(200);
    const readOnlyStart = await send("POST", "/reconciliations", {
      org: readOnly,
      payload: { bank_account_id: trust.id, statement_end_date: "2026-04-30", statement_balance_cents: 0 },
    });
    expect(readOnlyStart.statusCode).toBe(403);
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [org.propertyIds[0] ?? ""]);
    const refused = await send("GET", `/reconciliations/${id}`, { org: scoped });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Bank reconciliations are done by users of every property");
  });

  it("keeps a long statement in the background with its progress, matches it to the reconciliation in progress, and says why when it could not", async () => {
    const account = await bank("Background Trust", "trust");
    const a = await leaseFixture(t, org, { property: 0, name: "Amy Background" });
    const amounts = [150_000, 98_765, 4_321];
    const deposits: number[] = [];
    for (const [n, cents] of amounts.entries()) {
      const day = `2026-05-${String(4 + n * 8).padStart(2, "0")}`;
      deposits.push(await deposit(account.id, day, [await pay(a.id, cents, day)]));
    }
    const started = detailOf(
      await send("POST", "/reconciliations", {
        payload: { bank_account_id: account.id, statement_end_date: "2026-05-31", statement_balance_cents: 0 },
      }),
      201,
    );
    const reconciliationId = started.reconciliation.id;
    const csv = [
      "Date,Description,Ref,Amount",
      ...amounts.map((cents, n) => `2026-05-${String(5 + n * 8).padStart(2, "0")},Deposit ${n},,${cents / 100}`),
      "2026-05-29,Wire fee,,-25.00",
      "2026-05-30,Service fee,,-12.00",
      // After the statement's end: kept, not matched to this reconciliation.
      `2026-06-02,Deposit late,,${(amounts[0] ?? 0) / 100}`,
    ].join("\n");

    const queued = await importCsv(account.id, csv, 202);
    expect(queued).toMatchObject({
      status: "importing",
      lines_in_file: 6,
      lines_done: 0,
      lines_added: 0,
      lines_matched: 0,
    });
    expect((await importsOf(account.id))[0]).toMatchObject({ id: queued.id, status: "importing" });
    await t.app.jobs.drain();
    expect((await importsOf(account.id))[0]).toMatchObject({
      id: queued.id,
      status: "done",
      lines_done: 6,
      lines_added: 6,
      lines_matched: amounts.length,
      error: null,
    });
    const matched = detailOf(await send("GET", `/reconciliations/${reconciliationId}`));
    for (const [n, entry] of deposits.entries()) {
      expect(item(matched, entry)?.match_id).toBe(line(matched, `Deposit ${n}`).match_id);
      expect(item(matched, entry)?.match_id).not.toBeNull();
    }
    expect(line(matched, "Wire fee").match_id).toBeNull();
    // The file was kept for the job only.
    expect(await t.app.storage.get(`org/${org.orgId}/statement-imports/${queued.id}`)).toBeNull();

    // The same file again adds nothing and matches nothing twice.
    const again = await importCsv(account.id, csv, 202);
    await t.app.jobs.drain();
    expect((await importsOf(account.id))[0]).toMatchObject({
      id: again.id,
      status: "done",
      lines_added: 0,
      lines_matched: 0,
    });

    // A job that cannot go on ends failed, and the import says why.
    const lost = await importCsv(account.id, csv.replaceAll("fee", "charge"), 202);
    await t.app.storage.delete(`org/${org.orgId}/statement-imports/${lost.id}`);
    await systemRows(
      t,
      sql`update jobs set max_attempts = 1 where organization_id = ${org.orgId} and status = 'queued'`,
    );
    await t.app.jobs.drain();
    expect((await importsOf(account.id))[0]).toMatchObject({
      id: lost.id,
      status: "failed",
      error: "The statement file is no longer kept: import it again",
    });
  });

  it("refuses a statement balance that is not whole cents and an unknown bank account", async () => {
    const fraction = await send("POST", "/reconciliations", {
      payload: { bank_account_id: randomUUID(), statement_end_date: "2026-03-31", statement_balance_cents: 10.5 },
    });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().error.fields.statement_balance_cents).toBeDefined();
    const unknown = await send("POST", "/reconciliations", {
      payload: { bank_account_id: randomUUID(), statement_end_date: "2026-03-31", statement_balance_cents: 0 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.bank_account_id).toEqual(["Choose an active bank account"]);
  });
});
