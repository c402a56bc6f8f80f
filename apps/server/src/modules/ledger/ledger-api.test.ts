import { randomUUID } from "node:crypto";
import { addDays, monthEnd, todayIn } from "@keyholder/contracts/civil-date";
import {
  accountingPeriodSchema,
  entriesPageSchema,
  journalEntrySchema,
  ledgerAccountsSchema,
  trialBalanceSchema,
} from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { type LedgerOrg, ledgerApi, ledgerOrganization, ledgerUser, systemRows } from "./ledger-fixture.ts";

describe("the ledger's API", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: LedgerOrg;
  let other: LedgerOrg;
  const send = ledgerApi(
    () => t,
    () => org,
  );

  beforeAll(async () => {
    t = await createTestApp();
    org = await ledgerOrganization(t, "Ledger Lane");
    other = await ledgerOrganization(t, "Other Books");
  });
  afterAll(() => t.close());

  /** Rent charged to a lease: D receivables, C rent, on property p. */
  const rentEntry = (o: {
    key?: string;
    postedOn: string;
    cents: number;
    lease?: string;
    p?: number;
    who?: LedgerOrg;
  }) => {
    const who = o.who ?? org;
    const property = who.propertyIds[o.p ?? 0];
    return {
      posted_on: o.postedOn,
      memo: "Rent",
      idempotency_key: o.key ?? randomUUID(),
      lines: [
        {
          account_id: who.account("accounts_receivable"),
          debit_cents: o.cents,
          property_id: property,
          lease_id: o.lease ?? null,
        },
        {
          account_id: who.account("rent_income"),
          credit_cents: o.cents,
          property_id: property,
          lease_id: o.lease ?? null,
        },
      ],
    };
  };
  const post = async (payload: unknown, as: { cookie: string } = org) =>
    send("POST", "/journal-entries", { payload, org: as });
  const lastMonth = () => {
    const today = todayIn("America/New_York");
    return { start: `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`, today };
  };

  it("lists the chart of accounts with each account's role and balance in cents", async () => {
    const res = await send("GET", "/ledger/accounts");
    expect(res.statusCode).toBe(200);
    const { accounts } = ledgerAccountsSchema.parse(res.json());
    expect(accounts.find((a) => a.role === "accounts_receivable")).toMatchObject({
      code: "1100",
      type: "asset",
      normal_balance: "debit",
      lease_ledger: true,
      balance_cents: 0,
    });
    expect(accounts.find((a) => a.role === "security_deposits_held")?.code).toBe("2100");
  });

  it("posts a balanced entry once per request key: a retry answers the entry already posted", async () => {
    const payload = rentEntry({ postedOn: "2026-01-01", cents: 125_000, lease: randomUUID() });
    const first = await post(payload);
    expect(first.statusCode, first.body).toBe(201);
    const entry = journalEntrySchema.parse(first.json());
    expect(entry.lines.map((l) => [l.debit_cents, l.credit_cents])).toEqual([
      [125_000, 0],
      [0, 125_000],
    ]);
    expect(entry.total_cents).toBe(125_000);
    expect(entry.created_by?.id).toBe(org.adminUserId);

    const again = await post(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(entry.id);
    const reused = await post({ ...payload, memo: "Something else" });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe("KEY_REUSED");
    // Two clicks at once post one entry.
    const twin = rentEntry({ postedOn: "2026-01-02", cents: 5_000 });
    const both = await Promise.all([post(twin), post(twin)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((r) => r.json().id)).size).toBe(1);

    const listed = entriesPageSchema.parse(
      (await send("GET", "/journal-entries?from=2026-01-01&to=2026-01-31")).json(),
    );
    expect(listed.entries.map((e) => e.id)).toEqual([both[0]?.json().id, entry.id]);
  });

  it("refuses an unbalanced entry or a bad line with the field's message, before the database", async () => {
    const unbalanced = rentEntry({ postedOn: "2026-01-03", cents: 1000 });
    (unbalanced.lines[1] as { credit_cents: number }).credit_cents = 999;
    const res = await post(unbalanced);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.lines).toEqual(["Debits (1000 cents) and credits (999 cents) must be equal"]);

    const float = rentEntry({ postedOn: "2026-01-03", cents: 10.5 });
    expect((await post(float)).json().error.fields["lines.0.debit_cents"]).toBeDefined();
    const both = rentEntry({ postedOn: "2026-01-03", cents: 100 });
    (both.lines[0] as { credit_cents?: number }).credit_cents = 100;
    expect((await post(both)).statusCode).toBe(400);
    expect((await post(rentEntry({ postedOn: "2026-02-30", cents: 100 }))).json().error.fields.posted_on).toBeDefined();

    const foreign = rentEntry({ postedOn: "2026-01-03", cents: 100 });
    foreign.lines[0] = { ...foreign.lines[0], account_id: other.account("accounts_receivable") } as never;
    const unknown = await post(foreign);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields["lines.0.account_id"]).toEqual([
      "There is no such account in your chart of accounts",
    ]);
    const elsewhere = rentEntry({ postedOn: "2026-01-03", cents: 100, who: org });
    elsewhere.lines[0] = { ...elsewhere.lines[0], property_id: other.propertyIds[0] } as never;
    expect((await post(elsewhere)).json().error.fields["lines.0.property_id"]).toEqual(["There is no such property"]);
  });

  it("reverses an entry with one that references it; the original never changes, and only one reversal posts", async () => {
    const original = journalEntrySchema.parse(
      (await post(rentEntry({ postedOn: "2026-01-10", cents: 40_000 }))).json(),
    );
    const res = await send("POST", `/journal-entries/${original.id}/reverse`, { payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    const reversal = journalEntrySchema.parse(res.json());
    expect(reversal).toMatchObject({ source: "reversal", reverses_entry_id: original.id, posted_on: "2026-01-10" });
    expect(reversal.lines.map((l) => [l.account_id, l.debit_cents, l.credit_cents])).toEqual(
      original.lines.map((l) => [l.account_id, l.credit_cents, l.debit_cents]),
    );
    const again = await send("POST", `/journal-entries/${original.id}/reverse`, { payload: {} });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(reversal.id);
    const now = journalEntrySchema.parse((await send("GET", `/journal-entries/${original.id}`)).json());
    expect(now).toEqual({ ...original, reversed_by_entry_id: reversal.id });
  });

  it("refuses a back-dated posting in a closed period with a clear message, and takes it in an open one", async () => {
    const { start, today } = lastMonth();
    const backDated = await post(rentEntry({ postedOn: addDays(start, 4), cents: 80_000 }));
    expect(backDated.statusCode, backDated.body).toBe(201);
    const periods = (await send("GET", "/accounting-periods")).json().periods as { id: string; starts_on: string }[];
    const period = periods.find((p) => p.starts_on === start);
    if (!period) throw new Error(`no period of ${start}: ${JSON.stringify(periods)}`);

    const closed = await send("POST", `/accounting-periods/${period.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(accountingPeriodSchema.parse(closed.json())).toMatchObject({
      status: "closed",
      closed_by: { id: org.adminUserId },
    });
    const history = (await send("GET", `/accounting-periods/${period.id}/history`)).json().history;
    expect(history[0]).toMatchObject({ action: "update", changes: { status: { from: "open", to: "closed" } } });

    const refused = await post(rentEntry({ postedOn: addDays(start, 9), cents: 1_000 }));
    expect(refused.statusCode).toBe(409);
    const monthName = new Date(`${start}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(refused.json().error).toEqual({
      code: "PERIOD_CLOSED",
      message: `${monthName} is closed: post this on a date in an open accounting period`,
    });
    // A reversal of an entry of the closed month posts today, in the open month.
    const reversal = await send("POST", `/journal-entries/${backDated.json().id}/reverse`, { payload: {} });
    expect(reversal.statusCode, reversal.body).toBe(201);
    expect(reversal.json().posted_on).toBe(today);
    const intoClosed = await send("POST", `/journal-entries/${reversal.json().id}/reverse`, {
      payload: { posted_on: monthEnd(start) },
    });
    expect(intoClosed.json().error.code).toBe("PERIOD_CLOSED");
  });

  it("closes only a period that has ended, and only as an administrator", async () => {
    const { today } = lastMonth();
    const current = (await send("GET", "/accounting-periods"))
      .json()
      .periods.find((p: { starts_on: string }) => p.starts_on === `${today.slice(0, 7)}-01`);
    const early = await send("POST", `/accounting-periods/${current.id}/close`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(`This period can be closed once it has ended, after ${monthEnd(today)}`);
    const manager = await ledgerUser(t, org, "PROPERTY_MANAGER");
    const refused = await send("POST", `/accounting-periods/${current.id}/close`, { org: manager });
    expect(refused.statusCode).toBe(403);
    const opened = await send("POST", "/accounting-periods", { payload: { starts_on: "2030-05-01" } });
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({ starts_on: "2030-05-01", ends_on: "2030-05-31", status: "open" });
    expect((await send("POST", "/accounting-periods", { payload: { starts_on: "2030-05-01" } })).statusCode).toBe(409);
    expect((await send("POST", "/accounting-periods", { payload: { starts_on: "2030-05-02" } })).statusCode).toBe(400);
  });

  it("gives the trial balance on any day from the maintained balances, debits equal to credits", async () => {
    const res = await send("GET", "/ledger/trial-balance?as_of=2026-01-31");
    expect(res.statusCode).toBe(200);
    const tb = trialBalanceSchema.parse(res.json());
    const raw = await systemRows<{ account_id: number; net: string }>(
      t,
      sql`select account_id, sum(amount_cents) as net from journal_lines
        where organization_id = ${org.orgId} and posted_on <= '2026-01-31' group by account_id having sum(amount_cents) <> 0`,
    );
    expect(tb.rows.map((r) => [r.account_id, r.debit_cents - r.credit_cents]).sort()).toEqual(
      raw.map((r) => [Number(r.account_id), Number(r.net)]).sort(),
    );
    expect(tb.total_debit_cents).toBe(tb.total_credit_cents);
    expect(tb.total_debit_cents).toBeGreaterThan(0);
    expect((await send("GET", "/ledger/trial-balance?as_of=31-01-2026")).statusCode).toBe(400);
    // With no day, the organization's today (as every report).
    const [zone] = await systemRows<{ time_zone: string }>(
      t,
      sql`select time_zone from organizations where id = ${org.orgId}`,
    );
    const now = await send("GET", "/ledger/trial-balance");
    expect(now.statusCode, now.body).toBe(200);
    expect(trialBalanceSchema.parse(now.json()).as_of).toBe(todayIn(zone?.time_zone ?? ""));
  });

  it("answers another organization nothing: its entries, periods and charge runs are not found", async () => {
    const theirs = await send("GET", "/journal-entries", { org: other });
    expect(theirs.json().entries).toEqual([]);
    const mine = (await send("GET", "/journal-entries?limit=1")).json().entries[0];
    const period = (await send("GET", "/accounting-periods")).json().periods[0];
    expect((await send("GET", `/journal-entries/${mine.id}`, { org: other })).statusCode).toBe(404);
    expect((await send("POST", `/journal-entries/${mine.id}/reverse`, { org: other, payload: {} })).statusCode).toBe(
      404,
    );
    expect((await send("POST", `/accounting-periods/${period.id}/close`, { org: other })).statusCode).toBe(404);
    expect((await send("GET", `/accounting-periods/${period.id}/history`, { org: other })).statusCode).toBe(404);
    expect((await send("GET", "/accounting-periods", { org: other })).json().periods).toEqual([]);
    const tb = (await send("GET", "/ledger/trial-balance?as_of=2026-12-31", { org: other })).json();
    expect(tb).toEqual({ as_of: "2026-12-31", rows: [], total_debit_cents: 0, total_credit_cents: 0 });
    const accounts = ledgerAccountsSchema.parse((await send("GET", "/ledger/accounts", { org: other })).json());
    expect(accounts.accounts.every((a) => a.balance_cents === 0)).toBe(true);
  });

  it("lets a Read-only user read the books but not post; a manager of some properties posts and reads theirs only", async () => {
    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    const refused = await post(rentEntry({ postedOn: "2026-01-20", cents: 100 }), readOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("As Read-only, you cannot post to the books");
    expect((await send("GET", "/journal-entries", { org: readOnly })).statusCode).toBe(200);
    const staff = await ledgerUser(t, org, "STAFF");
    expect((await send("GET", "/journal-entries", { org: staff })).statusCode).toBe(403);

    const [a, b] = org.propertyIds as [string, string];
    const manager = await ledgerUser(t, org, "PROPERTY_MANAGER", [a]);
    const inA = await post(rentEntry({ postedOn: "2026-01-21", cents: 3_300, p: 0 }), manager);
    expect(inA.statusCode, inA.body).toBe(201);
    const inB = await post(rentEntry({ postedOn: "2026-01-21", cents: 3_300, p: 1 }), manager);
    expect(inB.statusCode).toBe(400);
    expect(inB.json().error.fields["lines.0.property_id"]).toEqual(["There is no such property"]);
    const mixed = rentEntry({ postedOn: "2026-01-21", cents: 3_300, p: 0 });
    mixed.lines[1] = { ...mixed.lines[1], property_id: null } as never;
    expect((await post(mixed, manager)).statusCode).toBe(403);

    const seen = entriesPageSchema.parse((await send("GET", "/journal-entries?limit=200", { org: manager })).json());
    expect(seen.entries.length).toBeGreaterThan(0);
    expect(seen.entries.every((e) => e.property_id === a && e.lines.every((l) => l.property_id === a))).toBe(true);
    const inBByAdmin = await post(rentEntry({ postedOn: "2026-01-22", cents: 7_700, p: 1 }));
    expect((await send("GET", `/journal-entries/${inBByAdmin.json().id}`, { org: manager })).statusCode).toBe(404);
    // Their trial balance is their properties' money.
    const tb = trialBalanceSchema.parse(
      (await send("GET", "/ledger/trial-balance?as_of=2026-01-31", { org: manager })).json(),
    );
    const raw = await systemRows<{ net: string }>(
      t,
      sql`select coalesce(sum(amount_cents), 0) as net from journal_lines
        where organization_id = ${org.orgId} and property_id = ${a} and posted_on <= '2026-01-31'
          and account_id = ${org.account("accounts_receivable")}`,
    );
    expect(tb.rows.find((r) => r.account_id === org.account("accounts_receivable"))?.debit_cents).toBe(
      Number(raw[0]?.net),
    );
    expect(b).not.toBe(a);
  });

  it("refuses to delete a property or unit that has postings (they are kept), with a 409 and not a 500", async () => {
    const refused = {
      code: "HAS_POSTINGS",
      message: "It has charges or postings in the ledger, which are kept: it cannot be deleted",
    };
    const res = await send("DELETE", `/properties/${org.propertyIds[1]}?cascade=true`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toEqual(refused);
    const unit = org.unitIds[1]?.[0];
    const withUnit = rentEntry({ postedOn: "2026-01-23", cents: 4_400, p: 1 });
    withUnit.lines[0] = { ...withUnit.lines[0], unit_id: unit } as never;
    expect((await post(withUnit)).statusCode).toBe(201);
    const unitGone = await send("DELETE", `/units/${unit}`);
    expect(unitGone.statusCode, unitGone.body).toBe(409);
    expect(unitGone.json().error).toEqual(refused);
  });
});
