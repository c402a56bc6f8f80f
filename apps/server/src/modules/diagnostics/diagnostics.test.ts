import { randomUUID } from "node:crypto";
import { type DiagnosticCode, diagnosticsSchema } from "@keyholder/contracts/diagnostics";
import type { LedgerRole } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { type LedgerOrg, ledgerApi, ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

describe("the books' diagnostics (issue 29 item 7)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const send = ledgerApi(
    () => t,
    () => {
      throw new Error("each test names its organization");
    },
  );

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const check = async (org: LedgerOrg) => {
    const res = await send("GET", "/diagnostics", { org });
    expect(res.statusCode, res.body).toBe(200);
    return diagnosticsSchema.parse(res.json());
  };
  const codes = async (org: LedgerOrg) => (await check(org)).problems.map((p) => p.code).sort();
  /** A manual entry of two lines: D `debit`, C `credit`, each of a property when given. */
  const post = async (
    org: LedgerOrg,
    cents: number,
    debit: { role: LedgerRole | number; property?: number | null; lease?: string },
    credit: { role: LedgerRole | number; property?: number | null; lease?: string },
  ) => {
    const account = (r: LedgerRole | number) => (typeof r === "number" ? r : org.account(r));
    const propertyOf = (p: number | null | undefined) => (p === null ? null : org.propertyIds[p ?? 0]);
    const res = await send("POST", "/journal-entries", {
      org,
      payload: {
        posted_on: "2026-05-04",
        idempotency_key: randomUUID(),
        lines: [
          {
            account_id: account(debit.role),
            debit_cents: cents,
            property_id: propertyOf(debit.property),
            lease_id: debit.lease ?? null,
          },
          {
            account_id: account(credit.role),
            credit_cents: cents,
            property_id: propertyOf(credit.property),
            lease_id: credit.lease ?? null,
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it("finds nothing on clean books, and says when it checked", async () => {
    const org = await ledgerOrganization(t, "Clean Books");
    // Ordinary postings: rent charged to a lease and paid, cash moved between properties' own accounts.
    const lease = randomUUID();
    await post(org, 120_000, { role: "accounts_receivable", lease }, { role: "rent_income" });
    await systemRows(
      t,
      sql`insert into lease_balances (organization_id, lease_id, property_id, balance_cents)
        values (${org.orgId}, ${lease}, ${org.propertyIds[0]}, 0) on conflict do nothing`,
    );
    const result = await check(org);
    expect(result.problems).toEqual([]);
    expect(Date.now() - Date.parse(result.checked_at)).toBeLessThan(60_000);
  });

  it("finds each problem on books where it was made, and only it", async () => {
    // Negative trust cash: a property's trust money paid out for another's expense.
    const trust = await ledgerOrganization(t, "Short Trust");
    await post(trust, 50_000, { role: "trust_cash", property: 0 }, { role: "owner_contributions", property: 0 });
    await post(trust, 80_025, { role: "management_fees", property: 1 }, { role: "trust_cash", property: 1 });
    const [negative, ownerless] = (await check(trust)).problems;
    expect(negative).toMatchObject({
      code: "negative_trust_cash",
      amount_cents: -80_025,
      property: { id: trust.propertyIds[1] },
    });
    // The other's money is in no owner statement while it has no owner.
    expect(ownerless).toMatchObject({
      code: "trust_cash_without_owner",
      amount_cents: 50_000,
      property: { id: trust.propertyIds[0] },
    });
    expect(await codes(trust)).toEqual(["negative_trust_cash", "trust_cash_without_owner"]);
    // An owner of both: their share of the two comes to less than nothing.
    const ownerRes = await send("POST", "/owners", { org: trust, payload: { name: "Short Owner" } });
    expect(ownerRes.statusCode, ownerRes.body).toBe(201);
    const ownerId = ownerRes.json().id as string;
    for (const property of trust.propertyIds.slice(0, 2)) {
      const owned = await send("PUT", `/properties/${property}/owners`, {
        org: trust,
        payload: { starts_on: "2020-01-01", owners: [{ owner_id: ownerId, share_bp: 10_000 }] },
      });
      expect(owned.statusCode, owned.body).toBe(200);
    }
    const owner = (await check(trust)).problems.find((p) => p.code === "negative_owner_trust_cash");
    expect(owner).toMatchObject({ amount_cents: 50_000 - 80_025, owner: { id: ownerId, name: "Short Owner" } });
    expect(await codes(trust)).toEqual(["negative_owner_trust_cash", "negative_trust_cash"]);

    // Deposits held that are not in the escrow account (once the organization keeps one).
    const escrow = await ledgerOrganization(t, "Loose Deposits");
    await post(
      escrow,
      150_000,
      { role: "operating_cash", property: 0 },
      { role: "security_deposits_held", property: 0, lease: randomUUID() },
    );
    expect(await codes(escrow)).toEqual([]);
    const made = await send("POST", "/bank-accounts", { org: escrow, payload: { name: "Escrow", kind: "escrow" } });
    expect(made.statusCode).toBe(201);
    const [loose] = (await check(escrow)).problems;
    expect(loose).toMatchObject({ code: "deposits_not_in_escrow", amount_cents: 150_000 });
    // Moved into escrow: in balance again.
    await post(escrow, 150_000, { role: "deposit_escrow_cash", property: 0 }, { role: "operating_cash", property: 0 });
    expect(await codes(escrow)).toEqual([]);

    // Something left in the clearing account.
    const clearing = await ledgerOrganization(t, "Stuck Clearing");
    await post(clearing, 9_999, { role: "clearing", property: null }, { role: "operating_cash", property: null });
    const [stuck] = (await check(clearing)).problems;
    expect(stuck).toMatchObject({
      code: "clearing_not_zero",
      amount_cents: 9_999,
      account: { id: clearing.account("clearing") },
    });
    expect(await codes(clearing)).toEqual(["clearing_not_zero"]);

    // Receivables with a line that names no lease.
    const receivables = await ledgerOrganization(t, "Orphan Receivables");
    await post(receivables, 4_500, { role: "accounts_receivable" }, { role: "other_income" });
    const [orphan] = (await check(receivables)).problems;
    expect(orphan).toMatchObject({ code: "receivables_not_tenants", amount_cents: 4_500 });
    expect(await codes(receivables)).toEqual(["receivables_not_tenants"]);

    // Trust cash of no property: in the trust account, in no owner's statement.
    const unowned = await ledgerOrganization(t, "Nobody's Trust");
    await post(unowned, 1_458, { role: "owner_contributions", property: null }, { role: "trust_cash", property: null });
    await post(unowned, 20_000, { role: "trust_cash", property: 0 }, { role: "trust_cash", property: null });
    const [nobodys] = (await check(unowned)).problems;
    expect(nobodys).toMatchObject({ code: "trust_cash_of_no_property", amount_cents: -1_458 - 20_000 });
    expect(await codes(unowned)).toEqual(["trust_cash_of_no_property", "trust_cash_without_owner"]);

    // Deposits held on no lease: apart from every lease's in the deposit register.
    const leaseless = await ledgerOrganization(t, "Leaseless Deposit");
    await post(
      leaseless,
      30_000,
      { role: "operating_cash", property: 0 },
      { role: "other_deposits_held", property: 0 },
    );
    const [deposit] = (await check(leaseless)).problems;
    expect(deposit).toMatchObject({ code: "deposits_not_on_leases", amount_cents: 30_000 });
    expect(await codes(leaseless)).toEqual(["deposits_not_on_leases"]);

    // A month that does not balance (only a writer past the ledger's triggers could make one).
    const unbalanced = await ledgerOrganization(t, "Broken Month");
    await post(unbalanced, 1_000, { role: "operating_cash" }, { role: "other_income" });
    await systemRows(
      t,
      sql`update ledger_account_balances set debit_cents = debit_cents + 7 where organization_id = ${unbalanced.orgId}
        and account_id = ${unbalanced.account("operating_cash")} and period_start = '2026-05-01'`,
    );
    const [month] = (await check(unbalanced)).problems;
    expect(month).toMatchObject({ code: "unbalanced_period", amount_cents: 7, period_start: "2026-05-01" });
    expect(await codes(unbalanced)).toEqual(["unbalanced_period"]);

    const all: DiagnosticCode[] = [
      "negative_trust_cash",
      "negative_owner_trust_cash",
      "trust_cash_of_no_property",
      "trust_cash_without_owner",
      "deposits_not_in_escrow",
      "clearing_not_zero",
      "receivables_not_tenants",
      "deposits_not_on_leases",
      "unbalanced_period",
    ];
    expect(
      new Set([negative, ownerless, owner, nobodys, loose, stuck, orphan, deposit, month].map((p) => p?.code)),
    ).toEqual(new Set(all));
  });

  it("is the administrators': a property manager and a read-only user are refused", async () => {
    const org = await ledgerOrganization(t, "Admins Only");
    for (const role of ["PROPERTY_MANAGER", "READ_ONLY"]) {
      const user = await ledgerUser(t, org, role);
      expect((await send("GET", "/diagnostics", { org: user })).statusCode).toBe(403);
    }
  });
});
