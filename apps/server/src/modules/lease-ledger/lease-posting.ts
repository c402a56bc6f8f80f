import { type LeasePayment, type LeasePosting, leaseLedgerMessages } from "@keyholder/contracts/lease-ledger";
import type { LedgerRole } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import type { NewLine } from "../ledger/post-entries.ts";
import type { LeaseRef } from "./find-lease.ts";

/** Shared by the tenant ledger's postings: accounts by role, lines with the lease's dimensions, keys. */

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

export async function accountsByRole(tx: Tx, orgId: string): Promise<(role: LedgerRole) => number> {
  const found = rows<{ role: LedgerRole; id: number }>(
    await tx.execute(sql`select role, id from ledger_accounts where organization_id = ${orgId} and role is not null`),
  );
  const byRole = new Map(found.map((a) => [a.role, Number(a.id)]));
  return (role) => {
    const id = byRole.get(role);
    if (id === undefined) throw new Error(`the organization has no ${role} account`);
    return id;
  };
}

/** A line of the lease: its property, first unit, primary tenant and the lease itself. */
export const leaseLine = (lease: LeaseRef, accountId: number, amountCents: number, memo?: string): NewLine => ({
  accountId,
  amountCents,
  propertyId: lease.propertyId,
  unitId: lease.unitId,
  leaseId: lease.id,
  tenantId: lease.tenantId,
  memo: memo ?? null,
});

/** The entry posted under a key, with what it put on the lease's receivables. */
export async function entryByKey(tx: Tx, orgId: string, key: string) {
  const [row] = rows<{ id: number | string; posted_on: string; total: number | string }>(
    await tx.execute(sql`select e.id, e.posted_on::text as posted_on,
        (select coalesce(sum(greatest(l.amount_cents, 0)), 0) from journal_lines l
          where l.organization_id = e.organization_id and l.entry_id = e.id) as total
      from journal_entries e where e.organization_id = ${orgId} and e.idempotency_key = ${key}`),
  );
  return row ? { id: Number(row.id), postedOn: row.posted_on, debitsCents: Number(row.total) } : null;
}

export async function leaseBalance(tx: Tx, orgId: string, leaseId: string): Promise<number> {
  const [row] = rows<{ balance_cents: number | string }>(
    await tx.execute(
      sql`select balance_cents from lease_balances where organization_id = ${orgId} and lease_id = ${leaseId}`,
    ),
  );
  return Number(row?.balance_cents ?? 0);
}

export async function readPayment(tx: Tx, orgId: string, where: { id?: string; entryId?: number }) {
  const [row] = rows<{
    id: string;
    lease_id: string;
    property_id: string;
    entry_id: number | string;
    method: LeasePayment["method"];
    reference: string | null;
    received_on: string;
    amount_cents: number | string;
    returned_on: string | null;
    return_entry_id: number | string | null;
    return_fee_entry_id: number | string | null;
  }>(
    await tx.execute(sql`select id, lease_id, property_id, entry_id, method, reference, received_on::text as received_on,
        amount_cents, returned_on::text as returned_on, return_entry_id, return_fee_entry_id
      from lease_payments where organization_id = ${orgId}
        and ${where.id !== undefined ? sql`id = ${where.id}` : sql`entry_id = ${where.entryId ?? 0}`}`),
  );
  if (!row) return null;
  const payment: LeasePayment = {
    id: row.id,
    lease_id: row.lease_id,
    entry_id: Number(row.entry_id),
    method: row.method,
    reference: row.reference,
    received_on: row.received_on,
    amount_cents: Number(row.amount_cents),
    returned_on: row.returned_on,
    return_entry_id: row.return_entry_id === null ? null : Number(row.return_entry_id),
    return_fee_entry_id: row.return_fee_entry_id === null ? null : Number(row.return_fee_entry_id),
  };
  return { ...payment, propertyId: row.property_id };
}

export const keyReused = () => new HttpError(409, "KEY_REUSED", leaseLedgerMessages.keyReused);

/** What a posting answers: its entry and the lease's balance after it. */
export const balanceAnswer =
  (tx: Tx, orgId: string, leaseId: string) =>
  async (entryId: number, created: boolean): Promise<{ posting: LeasePosting; created: boolean }> => ({
    posting: { entry_id: entryId, payment: null, balance_cents: await leaseBalance(tx, orgId, leaseId) },
    created,
  });

/**
 * A tenant-ledger posting made once per request key. An entry already under the key is the answer
 * when it posted the same amount (else the key is refused), and so is one a concurrent request (a
 * double click) committed while `post` ran: `post` answers undefined then, and the new entry's id
 * otherwise.
 */
export async function postOnce<T>(
  tx: Tx,
  orgId: string,
  key: string,
  amountCents: number,
  answer: (entryId: number, created: boolean) => Promise<T>,
  post: () => Promise<number | undefined>,
): Promise<T> {
  const posted = async () => {
    const entry = await entryByKey(tx, orgId, key);
    if (!entry || entry.debitsCents !== amountCents) throw keyReused();
    return answer(entry.id, false);
  };
  if (await entryByKey(tx, orgId, key)) return posted();
  const id = await post();
  return id === undefined ? posted() : answer(id, true);
}
