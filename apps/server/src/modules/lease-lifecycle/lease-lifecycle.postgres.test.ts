import { moveOutResponseSchema } from "@keyholder/contracts/lease-lifecycle";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseTestApp, movedInLeases } from "../../../test/lease-fixture.ts";
import { systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Double Click Court");
const movedIn = movedInLeases({ t, org, send });

/** Requests at once on one PostgreSQL (several connections): a double-clicked move-out posts once. */
describe("move-out under concurrent requests", () => {
  it("answers three move-outs sent at once with one move-out and one set of postings", async () => {
    const { id } = await movedIn({ start_date: "2026-03-01", end_date: "2027-02-28", deposit_cents: 120_000 });
    const body = {
      moved_out_on: "2026-03-31",
      forwarding_address: "1 Away Lane",
      final_charges: [{ description: "Cleaning", amount_cents: 15_000 }],
    };
    const results = await Promise.all([1, 2, 3].map(() => send("POST", `/leases/${id}/move-out`, { payload: body })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const statements = results.map((r) => moveOutResponseSchema.parse(r.json()).statement);
    expect(statements[1]).toEqual(statements[0]);
    expect(statements[2]).toEqual(statements[0]);
    const [count] = await systemRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from journal_entries where organization_id = ${org.orgId}
        and idempotency_key like ${`move_out:${id}:%`}`,
    );
    // The cleaning charge and the deposit applied (the deposit covers less than is owed: nothing refunded).
    expect(count?.n).toBe(2);
    // Owed: March rent, the deposit itself and the cleaning; the $1,200.00 deposit paid part of it.
    expect(statements[0]?.balance_left_cents).toBe(80_000 + 120_000 + 15_000 - 120_000);
  });
});
