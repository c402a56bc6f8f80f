import { type DepositStatement, lifecycleMessages, type MoveOutPreview } from "@keyholder/contracts/lease-lifecycle";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { findLease } from "../lease-ledger/find-lease.ts";
import { leaseBalance } from "../lease-ledger/lease-posting.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { depositsHeld, statementDeadline } from "./deposit-held.ts";
import { unusedCharges } from "./unused-charges.ts";

/**
 * GET /leases/{id}/move-out before the move-out: what the form's arithmetic starts from, and for a
 * move-out day asked, the unused monthly charges it could credit.
 */
export async function moveOutPreview(
  tx: Tx,
  orgId: string,
  leaseId: string,
  movedOutOn?: string,
): Promise<MoveOutPreview> {
  const lease = await findLease(tx, orgId, leaseId);
  const unused = movedOutOn ? await unusedCharges(tx, orgId, lease.id, movedOutOn) : [];
  const held = await depositsHeld(tx, orgId, lease.id);
  const { stateCode, days } = await statementDeadline(tx, lease.id);
  return {
    deposit_held_cents: held.reduce((s, d) => s + d.cents, 0),
    balance_cents: await leaseBalance(tx, orgId, lease.id),
    unused_charges: unused.map(({ description, from, to, amount_cents }) => ({ description, from, to, amount_cents })),
    state_code: stateCode,
    statement_days: days,
  };
}

/** The itemized deposit statement of a moved-out lease, as its move-out recorded it; null before. */
export async function readMoveOut(tx: Tx, leaseId: string): Promise<DepositStatement | null> {
  const [r] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select m.lease_id, l.lease_no, l.tenant_names, l.property_name, l.unit_names, m.moved_out_on::text as moved_out_on,
        m.forwarding_address, m.deposit_held_cents, m.prior_balance_cents, m.final_charges, m.applied_cents,
        m.refund_cents, m.balance_left_cents, m.state_code, m.statement_days, m.statement_due_on::text as statement_due_on
      from lease_move_outs m join leases l on l.organization_id = m.organization_id and l.id = m.lease_id
      where m.lease_id = ${leaseId}`,
  );
  if (!r) return null;
  // One list in the row: the final charges, then the unused charges credited (`credit: true`).
  const items = (typeof r.final_charges === "string" ? JSON.parse(r.final_charges) : r.final_charges) as {
    description: string;
    amount_cents: number;
    entry_id: number | null;
    credit?: boolean;
  }[];
  const item = (c: (typeof items)[number]) => ({
    description: c.description,
    amount_cents: Number(c.amount_cents),
    entry_id: c.entry_id === null ? null : Number(c.entry_id),
  });
  return {
    lease_id: String(r.lease_id),
    lease_no: Number(r.lease_no),
    tenant_names: String(r.tenant_names),
    property_name: String(r.property_name),
    unit_names: String(r.unit_names),
    moved_out_on: String(r.moved_out_on),
    forwarding_address: String(r.forwarding_address),
    deposit_held_cents: Number(r.deposit_held_cents),
    prior_balance_cents: Number(r.prior_balance_cents),
    final_charges: items.filter((c) => !c.credit).map(item),
    credits: items.filter((c) => c.credit).map(item),
    applied_cents: Number(r.applied_cents),
    refund_cents: Number(r.refund_cents),
    balance_left_cents: Number(r.balance_left_cents),
    state_code: r.state_code === null ? null : String(r.state_code),
    statement_days: Number(r.statement_days),
    statement_due_on: String(r.statement_due_on),
  };
}

export async function depositStatement(tx: Tx, orgId: string, leaseId: string): Promise<DepositStatement> {
  const lease = await findLease(tx, orgId, leaseId);
  const statement = await readMoveOut(tx, lease.id);
  if (!statement) throw notFound(lifecycleMessages.notMovedOut);
  return statement;
}
