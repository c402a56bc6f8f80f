import { randomUUID } from "node:crypto";
import { moveOutResponseSchema } from "@keyholder/contracts/lease-lifecycle";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseTestApp, movedInLeases } from "../../../test/lease-fixture.ts";
import { systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Refund Row", { properties: 3 });

/** Where money goes back to a tenant from (issue 29 item 6, decision 038). */
describe("refunds out of the account the tenants' money is kept in", () => {
  const movedIn = movedInLeases({ t, org, send });
  const onAccount = async (lease: string, accountId: number) => {
    const [row] = await systemRows<{ cents: string }>(
      t,
      sql`select coalesce(sum(amount_cents), 0) as cents from journal_lines
        where organization_id = ${org.orgId} and lease_id = ${lease} and account_id = ${accountId}`,
    );
    return Number(row?.cents);
  };
  /** A lease moved in with a $1,500.00 deposit, all paid, then moved out with nothing owed: the deposit refunded whole. */
  const refundedDeposit = async () => {
    const lease = await movedIn({
      start_date: "2026-03-01",
      end_date: "2027-02-28",
      rent_cents: 100_000,
      deposit_cents: 150_000,
    });
    const paid = await send("POST", `/leases/${lease.id}/payments`, {
      payload: { idempotency_key: randomUUID(), method: "check", received_on: "2026-03-02", amount_cents: 250_000 },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const res = await send("POST", `/leases/${lease.id}/move-out`, {
      payload: { moved_out_on: "2026-03-31", forwarding_address: "9 Oak Lane, Springfield, IL 62704" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(moveOutResponseSchema.parse(res.json()).statement.refund_cents).toBe(150_000);
    return lease.id;
  };
  const bank = async (name: string, kind: string) => {
    const res = await send("POST", "/bank-accounts", { payload: { name, kind } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; ledger_account: { id: number } };
  };

  it("refunds a deposit from operating cash while no trust or escrow account is kept, then from trust, then from escrow", async () => {
    const landlord = await refundedDeposit();
    expect(await onAccount(landlord, org.account("operating_cash"))).toBe(-150_000);

    const trust = await bank("Client Trust", "trust");
    const fromTrust = await refundedDeposit();
    expect(await onAccount(fromTrust, trust.ledger_account.id)).toBe(-150_000);
    expect(await onAccount(fromTrust, org.account("operating_cash"))).toBe(0);

    const escrow = await bank("Deposit Escrow", "escrow");
    const fromEscrow = await refundedDeposit();
    expect(await onAccount(fromEscrow, escrow.ledger_account.id)).toBe(-150_000);
    expect(await onAccount(fromEscrow, trust.ledger_account.id)).toBe(0);

    // A retired escrow account is not used: back to trust.
    await send("PATCH", `/bank-accounts/${escrow.id}`, { payload: { is_active: false } });
    const retired = await refundedDeposit();
    expect(await onAccount(retired, trust.ledger_account.id)).toBe(-150_000);
  });

  it("moves the part of a deposit kept for what the tenant owed out of escrow, into trust", async () => {
    const escrow = await bank("Escrow Two", "escrow");
    const [trust] = await systemRows<{ id: number }>(
      t,
      sql`select b.ledger_account_id as id from bank_accounts b
        where b.organization_id = ${org.orgId} and b.kind = 'trust' and b.is_active order by lower(b.name) limit 1`,
    );
    const rent = 100_000;
    const deposit = 150_000;
    const lease = await movedIn({
      start_date: "2026-03-01",
      end_date: "2027-02-28",
      rent_cents: rent,
      deposit_cents: deposit,
    });
    // Only the deposit paid: the month's rent is still owed at move-out, and the deposit pays it.
    const paid = await send("POST", `/leases/${lease.id}/payments`, {
      payload: { idempotency_key: randomUUID(), method: "check", received_on: "2026-03-02", amount_cents: deposit },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const res = await send("POST", `/leases/${lease.id}/move-out`, {
      payload: { moved_out_on: "2026-03-31", forwarding_address: "9 Oak Lane, Springfield, IL 62704" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const statement = moveOutResponseSchema.parse(res.json()).statement;
    expect(statement.applied_cents).toBe(rent);
    expect(statement.refund_cents).toBe(deposit - rent);
    // Escrow paid out the whole deposit: the refund to the tenant and the part withheld to trust.
    expect(await onAccount(lease.id, escrow.ledger_account.id)).toBe(-deposit);
    expect(await onAccount(lease.id, Number(trust?.id))).toBe(rent);
    // A second move-out request posts nothing more.
    const again = await send("POST", `/leases/${lease.id}/move-out`, {
      payload: { moved_out_on: "2026-03-31", forwarding_address: "9 Oak Lane, Springfield, IL 62704" },
    });
    expect(again.statusCode).toBe(200);
    expect(await onAccount(lease.id, escrow.ledger_account.id)).toBe(-deposit);
  });
});
