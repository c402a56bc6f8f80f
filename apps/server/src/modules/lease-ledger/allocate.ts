import { type AllocationInput, leaseLedgerMessages } from "@keyholder/contracts/lease-ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";

/** Applying money to a lease's open charges: oldest first, or as the user picked. */

export interface OpenItem {
  entryId: number;
  lineNo: number;
  postedOn: string;
  propertyId: string | null;
  openCents: number;
}

export interface Allocation {
  entryId: number;
  lineNo: number;
  propertyId: string | null;
  amountCents: number;
}

/** The lease's open charges, oldest first (the partial index of open items). Call after lockLease. */
export async function openCharges(tx: Tx, orgId: string, leaseId: string): Promise<OpenItem[]> {
  const { rows } = (await tx.execute(sql`
    select entry_id, line_no, posted_on::text as posted_on, property_id, open_cents from lease_charges
    where organization_id = ${orgId} and lease_id = ${leaseId} and open_cents > 0
    order by posted_on, entry_id, line_no`)) as unknown as {
    rows: {
      entry_id: number | string;
      line_no: number;
      posted_on: string;
      property_id: string | null;
      open_cents: number | string;
    }[];
  };
  return rows.map((r) => ({
    entryId: Number(r.entry_id),
    lineNo: Number(r.line_no),
    postedOn: r.posted_on,
    propertyId: r.property_id,
    openCents: Number(r.open_cents),
  }));
}

const refused = (field: string, message: string) =>
  new HttpError(422, "ALLOCATION_REFUSED", message, { [field]: [message] });

/**
 * What `amountCents` pays: the charges the user picked (each open on the lease, at most its open
 * cents, together at most the amount), else the oldest open charges first. The rest is not applied.
 */
export function allocate(open: readonly OpenItem[], amountCents: number, picked?: readonly AllocationInput[]) {
  const allocations: Allocation[] = [];
  if (picked && picked.length > 0) {
    const seen = new Set<string>();
    picked.forEach((p, i) => {
      const key = `${p.entry_id}:${p.line_no}`;
      if (seen.has(key)) throw refused(`allocations.${i}.entry_id`, leaseLedgerMessages.allocationTwice);
      seen.add(key);
      const item = open.find((o) => o.entryId === p.entry_id && o.lineNo === p.line_no);
      if (!item) throw refused(`allocations.${i}.entry_id`, leaseLedgerMessages.allocationUnknown);
      if (p.amount_cents > item.openCents) {
        throw refused(`allocations.${i}.amount_cents`, leaseLedgerMessages.allocationTooMuch(item.openCents));
      }
      allocations.push({
        entryId: item.entryId,
        lineNo: item.lineNo,
        propertyId: item.propertyId,
        amountCents: p.amount_cents,
      });
    });
    const total = allocations.reduce((s, a) => s + a.amountCents, 0);
    if (total > amountCents) throw refused("allocations", leaseLedgerMessages.allocationsExceed);
    return { allocations, appliedCents: total };
  }
  let left = amountCents;
  for (const item of open) {
    if (left === 0) break;
    const take = Math.min(left, item.openCents);
    allocations.push({ entryId: item.entryId, lineNo: item.lineNo, propertyId: item.propertyId, amountCents: take });
    left -= take;
  }
  return { allocations, appliedCents: amountCents - left };
}

/**
 * Records what an entry applied (its trigger takes the open cents off each charge, refusing more than
 * is open). `sourceEntryId` is whose money it is: the payment or credit itself.
 */
export async function insertAllocations(
  tx: Tx,
  orgId: string,
  leaseId: string,
  entryId: number,
  rows: readonly {
    sourceEntryId: number;
    propertyId: string | null;
    charge?: { entryId: number; lineNo: number } | null;
    credit?: { entryId: number; lineNo: number } | null;
    amountCents: number;
  }[],
) {
  if (rows.length === 0) return;
  const data = rows.map((r) => ({
    source: r.sourceEntryId,
    property_id: r.propertyId,
    charge_entry: r.charge?.entryId ?? null,
    charge_line: r.charge?.lineNo ?? null,
    credit_entry: r.credit?.entryId ?? null,
    credit_line: r.credit?.lineNo ?? null,
    cents: r.amountCents,
  }));
  await tx.execute(sql`
    insert into lease_allocations (organization_id, lease_id, property_id, entry_id, source_entry_id, charge_entry_id,
      charge_line_no, credit_entry_id, credit_line_no, amount_cents)
    select ${orgId}, ${leaseId}, a.property_id, ${entryId}, a.source, a.charge_entry, a.charge_line, a.credit_entry,
      a.credit_line, a.cents
    from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as a(source bigint, property_id uuid, charge_entry bigint,
      charge_line smallint, credit_entry bigint, credit_line smallint, cents bigint)`);
}

/** The allocations a payment or credit (entry `entryId`) makes to the charges it pays. */
export const insertChargeAllocations = (
  tx: Tx,
  orgId: string,
  leaseId: string,
  entryId: number,
  allocations: readonly Allocation[],
) =>
  insertAllocations(
    tx,
    orgId,
    leaseId,
    entryId,
    allocations.map((a) => ({
      sourceEntryId: entryId,
      propertyId: a.propertyId,
      charge: { entryId: a.entryId, lineNo: a.lineNo },
      amountCents: a.amountCents,
    })),
  );
