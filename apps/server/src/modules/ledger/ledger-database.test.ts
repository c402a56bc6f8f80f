import { LEDGER_ROLES } from "@keyholder/contracts/ledger";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { asSystem, withOrg } from "../../db/client.ts";
import { type LedgerOrg, ledgerOrganization, systemRows } from "./ledger-fixture.ts";

/** What the database itself refuses, whoever writes: the app's role (row-level security) or the owner. */
describe("the ledger's rules in the database", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: LedgerOrg;

  beforeAll(async () => {
    t = await createTestApp();
    org = await ledgerOrganization(t, "Rules Realty");
  });
  afterAll(() => t.close());

  /** The error a statement ends with, as its SQLSTATE and message (null when it succeeded). */
  const refusal = async (run: () => Promise<unknown>) => {
    try {
      await run();
      return null;
    } catch (err) {
      for (
        let e = err as { code?: string; message?: string; cause?: unknown } | undefined;
        e;
        e = e.cause as typeof e
      ) {
        if (typeof e.code === "string") return { code: e.code, message: String(e.message) };
      }
      throw err;
    }
  };
  const asApp = (query: SQL) => withOrg(t.db, { orgId: org.orgId }, (tx) => tx.execute(query));
  const asOwner = (query: SQL) => asSystem(t.db, (tx) => tx.execute(query));
  /** One entry with its lines in one statement, the way the app posts. */
  const entry = (key: string, amounts: number[], postedOn = "2026-01-15", linePostedOn = postedOn) => sql`
    with e as (
      insert into journal_entries (organization_id, posted_on, source, idempotency_key)
      values (${org.orgId}, ${postedOn}, 'manual', ${key}) returning id
    )
    insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on)
    select ${org.orgId}, e.id, x.n, ${org.account("operating_cash")}, x.amount, ${linePostedOn}::date
    from e, unnest(${`{${amounts.join(",")}}`}::bigint[]) with ordinality as x(amount, n)`;
  const count = async (key: string) =>
    Number(
      (
        await systemRows<{ n: number }>(
          t,
          sql`select count(*)::int as n from journal_entries where organization_id = ${org.orgId} and idempotency_key = ${key}`,
        )
      )[0]?.n,
    );

  it("seeds every organization with the chart of accounts, every system account keyed by its role", async () => {
    const accounts = await systemRows<{ code: string; type: string; role: string | null }>(
      t,
      sql`select code, type, role from ledger_accounts where organization_id = ${org.orgId} order by code`,
    );
    expect(
      accounts
        .map((a) => a.role)
        .filter(Boolean)
        .sort(),
    ).toEqual([...LEDGER_ROLES].sort());
    const range = { asset: "1", liability: "2", equity: "3", income: "4" } as Record<string, string>;
    for (const a of accounts) {
      if (a.type === "expense") expect(Number(a.code)).toBeGreaterThanOrEqual(5000);
      else expect(a.code.startsWith(range[a.type] ?? "?"), `${a.code} ${a.type}`).toBe(true);
    }
    expect(accounts.find((a) => a.code === "1100")?.role).toBe("accounts_receivable");
  });

  it("refuses an entry whose lines do not sum to zero, or with fewer than two lines", async () => {
    for (const run of [asApp, asOwner]) {
      expect(await refusal(() => run(entry("unbalanced", [1000, -999])))).toEqual({
        code: "KH002",
        message: expect.stringContaining("does not balance: its debits and credits differ by 1 cents"),
      });
      expect(await refusal(() => run(entry("one-line", [5])))).toMatchObject({ code: "KH002" });
    }
    // An entry inserted without lines is refused by the end of its statement.
    expect(
      await refusal(() =>
        asApp(sql`insert into journal_entries (organization_id, posted_on, source, idempotency_key)
          values (${org.orgId}, '2026-01-15', 'manual', 'bare')`),
      ),
    ).toMatchObject({ code: "KH002", message: expect.stringContaining("needs two lines or more; it has 0") });
    expect(await refusal(() => asApp(entry("other-date", [700, -700], "2026-01-15", "2026-01-16")))).toMatchObject({
      code: "KH002",
      message: expect.stringContaining("must be dated as the entry"),
    });
    expect(await count("unbalanced")).toBe(0);
    expect(await count("bare")).toBe(0);
  });

  it("refuses a line that names another organization's property, or none that exists", async () => {
    const other = await ledgerOrganization(t, "Other Rules", { properties: 1 });
    for (const property of [other.propertyIds[0], "00000000-0000-4000-8000-000000000000"]) {
      expect(
        await refusal(() =>
          asOwner(sql`
            with e as (
              insert into journal_entries (organization_id, posted_on, source, idempotency_key)
              values (${org.orgId}, '2026-01-15', 'manual', ${`elsewhere-${property}`}) returning id
            )
            insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on, property_id)
            select ${org.orgId}, e.id, x.n, ${org.account("operating_cash")}, x.amount, '2026-01-15', ${property}::uuid
            from e, (values (1, 100::bigint), (2, -100::bigint)) x(n, amount)`),
        ),
      ).toEqual({ code: "KH002", message: "A line names a property that is not one of the organization's" });
    }
  });

  it("posts a balanced entry once per key", async () => {
    expect(await refusal(() => asApp(entry("balanced", [1500, -1000, -500])))).toBeNull();
    expect(await refusal(() => asApp(entry("balanced", [1500, -1500])))).toMatchObject({ code: "23505" });
    expect(await count("balanced")).toBe(1);
  });

  it("refuses any change to a posted entry: an update, a delete, a line added, from the app or the owner", async () => {
    const [posted] = await systemRows<{ id: number }>(
      t,
      sql`select id from journal_entries where organization_id = ${org.orgId} and idempotency_key = 'balanced'`,
    );
    const id = Number(posted?.id);
    // The app's role has no right to change it at all.
    expect(await refusal(() => asApp(sql`update journal_entries set memo = 'changed' where id = ${id}`))).toMatchObject(
      { code: "42501" },
    );
    expect(await refusal(() => asApp(sql`delete from journal_lines where entry_id = ${id}`))).toMatchObject({
      code: "42501",
    });
    // The owner (a migration, a console) is refused by the triggers.
    for (const change of [
      sql`update journal_entries set memo = 'changed' where organization_id = ${org.orgId} and id = ${id}`,
      sql`update journal_lines set amount_cents = amount_cents * 2 where organization_id = ${org.orgId} and entry_id = ${id}`,
      sql`delete from journal_lines where organization_id = ${org.orgId} and entry_id = ${id}`,
      sql`delete from journal_entries where organization_id = ${org.orgId} and id = ${id}`,
    ]) {
      expect(await refusal(() => asOwner(change))).toMatchObject({
        code: "KH003",
        message: expect.stringMatching(/Post a reversal instead/),
      });
    }
    // Lines added later, even balanced ones, would change it.
    expect(
      await refusal(() =>
        asApp(sql`insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on)
          values (${org.orgId}, ${id}, 4, ${org.account("operating_cash")}, 100, '2026-01-15'),
                 (${org.orgId}, ${id}, 5, ${org.account("operating_cash")}, -100, '2026-01-15')`),
      ),
    ).toMatchObject({ code: "KH003", message: expect.stringContaining(`Journal entry ${id} is posted`) });
    const lines = await systemRows<{ amount_cents: string }>(
      t,
      sql`select amount_cents from journal_lines where organization_id = ${org.orgId} and entry_id = ${id} order by line_no`,
    );
    expect(lines.map((l) => Number(l.amount_cents))).toEqual([1500, -1000, -500]);
  });

  it("keeps the balances for the app's role to read, never to write", async () => {
    expect(
      await refusal(() =>
        asApp(sql`update ledger_account_balances set debit_cents = 0 where organization_id = ${org.orgId}`),
      ),
    ).toMatchObject({ code: "42501" });
    expect(
      await refusal(() =>
        asApp(sql`insert into lease_balances (organization_id, lease_id, balance_cents)
          values (${org.orgId}, gen_random_uuid(), 5)`),
      ),
    ).toMatchObject({ code: "42501" });
  });

  it("refuses an organization time zone the database does not know", async () => {
    expect(
      await refusal(() => asOwner(sql`update organizations set time_zone = 'Mars/Olympus' where id = ${org.orgId}`)),
    ).toMatchObject({ code: "22023" });
  });

  it("lets an organization with postings be deleted as a whole (its ledger goes with it)", async () => {
    const doomed = await ledgerOrganization(t, "Doomed Lettings", { properties: 1 });
    await withOrg(t.db, { orgId: doomed.orgId }, (tx) =>
      tx.execute(sql`
        with e as (
          insert into journal_entries (organization_id, posted_on, source, idempotency_key)
          values (${doomed.orgId}, '2026-02-01', 'manual', 'k') returning id
        )
        insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on, property_id)
        select ${doomed.orgId}, e.id, x.n, x.account, x.amount, '2026-02-01', ${doomed.propertyIds[0]}
        from e, (values (1, ${doomed.account("accounts_receivable")}::int, 900::bigint),
                        (2, ${doomed.account("rent_income")}::int, -900::bigint)) x(n, account, amount)`),
    );
    expect(await refusal(() => asOwner(sql`delete from organizations where id = ${doomed.orgId}`))).toBeNull();
    const left = await systemRows<{ n: number }>(
      t,
      sql`select (select count(*) from journal_lines where organization_id = ${doomed.orgId})
        + (select count(*) from ledger_account_balances where organization_id = ${doomed.orgId})::int as n`,
    );
    expect(Number(left[0]?.n)).toBe(0);
  });
});
