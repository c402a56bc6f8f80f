import { addDays } from "@keyholder/contracts/civil-date";
import {
  lifecycleMessages,
  type MoveOut,
  type MoveOutResponse,
  unusedChargeMemo,
} from "@keyholder/contracts/lease-lifecycle";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { findLease, lockLease as lockLeasePostings } from "../lease-ledger/find-lease.ts";
import { accountsByRole, leaseBalance, leaseLine } from "../lease-ledger/lease-posting.ts";
import { postRefund } from "../lease-ledger/post-refund.ts";
import { refundCashAccount } from "../lease-ledger/refund-cash.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { type NewEntry, postEntries } from "../ledger/post-entries.ts";
import { depositsHeld, statementDeadline } from "./deposit-held.ts";
import {
  audited,
  conflict,
  leaseNow,
  lockLifecycleLease,
  refreshPartiesStatus,
  setHoldRange,
  setUnitsAvailable,
} from "./lifecycle-lease.ts";
import { readMoveOut } from "./read-move-out.ts";
import { unusedCharges } from "./unused-charges.ts";

export const moveOutKey = (leaseId: string, what: string) => `move_out:${leaseId}:${what}`;

/**
 * Moves the tenants out (decision 032), in one transaction:
 * - the final charges (damages, cleaning...): D receivables / C the income account, each an open
 *   item by the tenant ledger's trigger (`move_out:<lease>:charge:<n>`);
 * - when asked, the monthly charges already posted for days after the move-out credited back for
 *   those days (D the charge's account / C receivables, `move_out:<lease>:unused:<charge>:<month>`);
 * - the deposits held pay what the lease then owes: D deposits held / C receivables with the lease,
 *   which the trigger applies to the oldest open charges (`move_out:<lease>:deposit_applied`);
 * - where deposits are kept in escrow, the part applied leaves it: D trust (else operating) cash /
 *   C escrow cash (`move_out:<lease>:deposit_withheld_transfer`);
 * - the rest of the deposits is refunded: D deposits held / C escrow, else trust, else operating cash
 *   (`move_out:<lease>:deposit_refund`), and a credit the lease held (prepaid rent) through the tenant
 *   ledger's refund path (`refund:<lease>:move_out`);
 * - what the deposit does not cover stays owed on the ended lease, collectible and visible (its tenant
 *   becomes past, with the balance);
 * - the lease ends: status ended, moved out that day, its units held through it, charges stop, the
 *   units available the next day, the deposit statement due by the state's deadline.
 * The lease row is locked; a second move-out answers the first and posts nothing.
 */
export async function moveOut(tx: Tx, actor: Actor, id: string, input: MoveOut): Promise<MoveOutResponse> {
  const lease = await lockLifecycleLease(tx, id);
  const done = await readMoveOut(tx, id);
  if (done) return { lease: await leaseNow(tx, id), statement: done };
  if (lease.status !== "active" && lease.status !== "notice")
    throw conflict(lifecycleMessages.moveOutNotOpen(lease.status));
  if (input.moved_out_on < lease.start_date)
    throw badRequest(lifecycleMessages.moveOutBeforeStart, { moved_out_on: [lifecycleMessages.moveOutBeforeStart] });
  if (lease.moved_in_on && input.moved_out_on < lease.moved_in_on)
    throw badRequest(lifecycleMessages.moveOutBeforeMoveIn, { moved_out_on: [lifecycleMessages.moveOutBeforeMoveIn] });

  const ref = await findLease(tx, actor.orgId, id);
  const account = await accountsByRole(tx, actor.orgId);
  // Final charges credit an active income account: the one chosen, else other income.
  const chosen = [...new Set(input.final_charges.flatMap((c) => (c.account_id === null ? [] : [c.account_id])))];
  if (chosen.length > 0) {
    const ok = await rowsOf<{ id: number }>(
      tx,
      sql`select id from ledger_accounts where id = any(${`{${chosen.join(",")}}`}::bigint[]) and type = 'income' and is_active`,
    );
    const valid = new Set(ok.map((a) => Number(a.id)));
    const bad = input.final_charges.findIndex((c) => c.account_id !== null && !valid.has(c.account_id));
    if (bad >= 0)
      throw new HttpError(422, "VALIDATION_FAILED", lifecycleMessages.chargeAccount, {
        [`final_charges.${bad}.account_id`]: [lifecycleMessages.chargeAccount],
      });
  }

  await lockLeasePostings(tx, actor.orgId, id);
  const day = input.moved_out_on;
  const priorBalance = await leaseBalance(tx, actor.orgId, id);
  const entry = (key: string, memo: string, lines: NewEntry["lines"]): NewEntry => ({
    idempotencyKey: moveOutKey(id, key),
    postedOn: day,
    memo,
    source: "move_out",
    createdBy: actor.userId,
    lines,
  });
  const charges = input.final_charges.map((c, i) =>
    entry(`charge:${i + 1}`, c.description, [
      leaseLine(ref, account("accounts_receivable"), c.amount_cents),
      leaseLine(ref, c.account_id ?? account("other_income"), -c.amount_cents),
    ]),
  );
  const chargeIds = await postEntries(tx, actor.orgId, charges);
  // Credited in their own statement after the final charges, so the trigger applies them to what is open.
  const unused = input.credit_unused_charges ? await unusedCharges(tx, actor.orgId, id, day) : [];
  const creditIds = await postEntries(
    tx,
    actor.orgId,
    unused.map((c) =>
      entry(c.key, unusedChargeMemo(c), [
        leaseLine(ref, c.accountId, c.amount_cents),
        leaseLine(ref, account("accounts_receivable"), -c.amount_cents),
      ]),
    ),
  );

  const owed = await leaseBalance(tx, actor.orgId, id);
  const held = await depositsHeld(tx, actor.orgId, id);
  const heldCents = held.reduce((s, d) => s + d.cents, 0);
  let toApply = Math.min(heldCents, Math.max(owed, 0));
  const applied = held.map((d) => {
    const take = Math.min(d.cents, toApply);
    toApply -= take;
    return { ...d, applied: take, refund: d.cents - take };
  });
  const appliedCents = applied.reduce((s, d) => s + d.applied, 0);
  const depositRefund = heldCents - appliedCents;
  // Where deposits are kept (escrow, else trust) and where the tenants' other money is (trust, else operating).
  const depositCash = await refundCashAccount(tx, actor.orgId, "deposit", lease.property_id);
  const tenantCash = await refundCashAccount(tx, actor.orgId, "credit", lease.property_id);
  const later: NewEntry[] = [];
  if (appliedCents > 0)
    later.push(
      entry("deposit_applied", "Security deposit applied to the balance", [
        ...applied.filter((d) => d.applied > 0).map((d) => leaseLine(ref, d.accountId, d.applied)),
        leaseLine(ref, account("accounts_receivable"), -appliedCents),
      ]),
    );
  // The part withheld is no longer a deposit: its money leaves escrow for the account that holds
  // what the tenant paid (issue 29 item 6), so escrow keeps exactly the deposits still held.
  if (appliedCents > 0 && depositCash !== tenantCash)
    later.push(
      entry("deposit_withheld_transfer", "Withheld deposit moved out of escrow", [
        leaseLine(ref, tenantCash, appliedCents),
        leaseLine(ref, depositCash, -appliedCents),
      ]),
    );
  if (depositRefund > 0)
    later.push(
      entry("deposit_refund", "Security deposit refunded", [
        ...applied.filter((d) => d.refund > 0).map((d) => leaseLine(ref, d.accountId, d.refund)),
        leaseLine(ref, depositCash, -depositRefund),
      ]),
    );
  // Applied in its own statement after the charges, so the trigger sees them open.
  await postEntries(tx, actor.orgId, later);
  const credit = Math.max(-owed, 0);
  if (credit > 0)
    await postRefund(tx, actor, id, {
      idempotency_key: "move_out",
      posted_on: day,
      amount_cents: credit,
      method: "check",
      reference: null,
    });

  const { stateCode, days } = await statementDeadline(tx, id);
  const dueOn = addDays(day, days);
  await audited(tx, actor, id, async () => {
    await tx.execute(sql`update leases set status = 'ended', moved_out_on = ${day}::date, move_out_date = ${day}::date,
      forwarding_address = ${input.forwarding_address}, deposit_statement_due_on = ${dueOn}::date where id = ${id}`);
    // The units are held through the move-out day: another lease may start the next.
    await setHoldRange(tx, id, { startsOn: lease.start_date, endsOn: day, holds: true });
    // Charges stop: months not charged yet are not charged (one already charged stays, decision 032).
    await tx.execute(sql`delete from recurring_charges where lease_id = ${id} and start_date > ${day}::date`);
    await tx.execute(sql`update recurring_charges set end_date = ${day}::date
      where lease_id = ${id} and (end_date is null or end_date > ${day}::date)`);
    await setUnitsAvailable(tx, id, addDays(day, 1));
  });
  await tx.execute(sql`insert into lease_move_outs (organization_id, lease_id, property_id, moved_out_on, forwarding_address,
      deposit_held_cents, prior_balance_cents, final_charges, applied_cents, refund_cents, balance_left_cents, state_code,
      statement_days, statement_due_on, created_by, last_modified_by)
    values (${actor.orgId}, ${id}, ${lease.property_id}, ${day}::date, ${input.forwarding_address}, ${heldCents},
      ${priorBalance}, ${JSON.stringify([
        ...input.final_charges.map((c, i) => ({
          description: c.description,
          amount_cents: c.amount_cents,
          entry_id: chargeIds[i] ?? null,
        })),
        ...unused.map((c, i) => ({
          description: unusedChargeMemo(c),
          amount_cents: c.amount_cents,
          entry_id: creditIds[i] ?? null,
          credit: true,
        })),
      ])}::jsonb, ${appliedCents}, ${depositRefund + credit}, ${Math.max(owed - appliedCents, 0)}, ${stateCode}, ${days},
      ${dueOn}::date, ${actor.userId}, ${actor.userId})`);
  await refreshPartiesStatus(tx, id);
  const statement = await readMoveOut(tx, id);
  if (!statement) throw new Error("move-out not recorded");
  return { lease: await leaseNow(tx, id), statement };
}
