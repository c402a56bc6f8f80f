import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaseFixture } from "../../../test/lease-fixture.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { type LedgerOrg, ledgerApi, ledgerOrganization, systemRows } from "./ledger-fixture.ts";

/**
 * Postings that name a unit: the organization can still be deleted (everything goes with it), while
 * the unit alone cannot (its postings are kept; the answer is 409, never 500).
 */
describe("deleting what postings name", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: LedgerOrg;
  const send = ledgerApi(
    () => t,
    () => org,
  );

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKER: "false" });
    org = await ledgerOrganization(t, "Unit Postings");
  });
  afterAll(() => t.close());

  const ok = (res: { statusCode: number; body: string }, status = 201) => {
    expect(res.statusCode, res.body).toBe(status);
    return JSON.parse(res.body);
  };
  const count = async (table: string, orgId: string) =>
    Number(
      (
        await systemRows<{ n: number }>(
          t,
          sql`select count(*)::int as n from ${sql.raw(table)} where organization_id = ${orgId}`,
        )
      )[0]?.n,
    );

  it("deletes an organization whose lease postings carry a unit", async () => {
    const doomed = await ledgerOrganization(t, "Doomed Units", { properties: 1 });
    const lease = await leaseFixture(t, doomed, { property: 0, name: "Doomed" });
    const as = { org: doomed };
    ok(
      await send("POST", `/leases/${lease.id}/charges`, {
        ...as,
        payload: {
          idempotency_key: randomUUID(),
          account_id: doomed.account("rent_income"),
          amount_cents: 120_000,
          posted_on: "2026-01-01",
          description: "Rent",
        },
      }),
    );
    ok(
      await send("POST", `/leases/${lease.id}/payments`, {
        ...as,
        payload: { idempotency_key: randomUUID(), method: "check", received_on: "2026-01-03", amount_cents: 100_000 },
      }),
    );
    const named = await systemRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from journal_lines where organization_id = ${doomed.orgId} and unit_id is not null`,
    );
    expect(Number(named[0]?.n)).toBeGreaterThan(0);

    await systemRows(t, sql`delete from organizations where id = ${doomed.orgId}`);
    for (const table of ["journal_lines", "journal_entries", "units", "leases", "lease_units", "lease_charges"])
      expect(await count(table, doomed.orgId), table).toBe(0);
  });

  it("refuses to delete a unit with postings (409), and keeps them", async () => {
    const unitId = org.unitIds[0]?.[1];
    const propertyId = org.propertyIds[0];
    // A manual entry naming the unit, on no lease, so only the ledger holds the unit.
    ok(
      await send("POST", "/journal-entries", {
        payload: {
          posted_on: "2026-02-10",
          memo: "Repair of unit 2",
          idempotency_key: randomUUID(),
          lines: [
            { account_id: org.account("operating_cash"), credit_cents: 25_000, property_id: propertyId },
            { account_id: org.account("other_income"), debit_cents: 25_000, property_id: propertyId, unit_id: unitId },
          ],
        },
      }),
    );
    const before = await count("journal_lines", org.orgId);
    const res = await send("DELETE", `/units/${unitId}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe("HAS_POSTINGS");
    expect(await count("journal_lines", org.orgId)).toBe(before);
    const [unit] = await systemRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from units where organization_id = ${org.orgId} and unit_id = ${unitId ?? 0}`,
    );
    expect(Number(unit?.n)).toBe(1);
  });
});
