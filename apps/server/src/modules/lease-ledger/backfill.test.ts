import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { leaseLedgerSchema } from "@keyholder/contracts/lease-ledger";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { type LedgerOrg, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Before Leases", { properties: 1 });

/**
 * Postings made before the tenant ledger's migration become open items when it runs: its backfill
 * statements, run here on lines posted with the open-items trigger off, give each lease what the
 * trigger would have, so what is open less the credit held is its balance.
 */
describe("the tenant ledger's backfill of earlier postings", () => {
  const migration = readFileSync(new URL("../../db/migrations/0036_tenant_ledger.sql", import.meta.url), "utf8");
  const backfill = migration
    .slice(migration.indexOf("-- Postings made before this migration"))
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);

  const entry = (lease: { id: string; propertyId: string }, on: string, lines: [string, number][]) =>
    send("POST", "/journal-entries", {
      payload: {
        posted_on: on,
        memo: "Before",
        idempotency_key: randomUUID(),
        lines: lines.map(([role, cents]) => ({
          account_id: org.account(role as Parameters<LedgerOrg["account"]>[0]),
          [cents > 0 ? "debit_cents" : "credit_cents"]: Math.abs(cents),
          property_id: lease.propertyId,
          lease_id: lease.id,
        })),
      },
    });

  it("pays charges oldest first, keeps what lies beyond as credit, and owes prepaid rent used beyond what was held", async () => {
    const a = await leaseFixture(t, org, { property: 0, name: "Before A", unit: false });
    const b = await leaseFixture(t, org, { property: 0, name: "Before B", unit: false });
    await systemRows(t, sql`alter table journal_lines disable trigger journal_lines_open_items`);
    const posted = [
      await entry(a, "2026-01-01", [
        ["accounts_receivable", 100_000],
        ["rent_income", -100_000],
      ]),
      await entry(a, "2026-02-01", [
        ["accounts_receivable", 50_000],
        ["rent_income", -50_000],
      ]),
      await entry(a, "2026-02-03", [
        ["undeposited_funds", 120_000],
        ["accounts_receivable", -120_000],
      ]),
      await entry(a, "2026-02-20", [
        ["undeposited_funds", 60_000],
        ["accounts_receivable", -60_000],
      ]),
      await entry(b, "2026-01-02", [
        ["undeposited_funds", 40_000],
        ["prepaid_rent", -40_000],
      ]),
      await entry(b, "2026-02-01", [
        ["accounts_receivable", 100_000],
        ["rent_income", -100_000],
      ]),
      await entry(b, "2026-02-02", [
        ["prepaid_rent", 60_000],
        ["accounts_receivable", -60_000],
      ]),
    ];
    await systemRows(t, sql`alter table journal_lines enable trigger journal_lines_open_items`);
    expect(posted.map((r) => r.statusCode)).toEqual(posted.map(() => 201));
    const [before] = await systemRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from lease_charges where lease_id in (${a.id}, ${b.id})`,
    );
    expect(Number(before?.n)).toBe(0);

    for (const statement of backfill) await systemRows(t, sql.raw(statement));

    const ledger = async (id: string) => leaseLedgerSchema.parse((await send("GET", `/leases/${id}/ledger`)).json());
    const la = await ledger(a.id);
    // 150,000 charged, 180,000 paid: both charges paid, 30,000 credit on receivables.
    expect([la.balance_cents, la.open_charges, la.credit_cents]).toEqual([-30_000, [], 30_000]);
    const lb = await ledger(b.id);
    // 40,000 prepaid, 100,000 charged, 60,000 of prepaid applied by hand: 40,000 owed on the charge
    // and 20,000 used beyond what was held.
    expect(lb.balance_cents).toBe(-40_000 + 100_000 + 60_000 - 60_000);
    expect(lb.open_charges.map((c) => c.open_cents)).toEqual([40_000, 20_000]);
    expect(lb.credit_cents).toBe(0);
  });
});
