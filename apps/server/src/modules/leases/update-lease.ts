import { errorCodes } from "@keyholder/contracts/errors";
import { type Lease, type LeaseUpdate, leaseMessages } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { organizationToday } from "../../lib/organization-today.ts";
import { leaseAuditFields } from "./lease-audit.ts";
import { applyTerms, type ChargeTerms, changeCharges, refreshRentCopy, replaceCharges } from "./lease-charges.ts";
import { holdRangeOf, writeHoldings } from "./lease-holdings.ts";
import { writeParties, writePets } from "./lease-parts.ts";
import { leaseReferences } from "./lease-references.ts";
import { rowsOf } from "./lease-sql.ts";
import { readLease } from "./read-lease.ts";
import { refreshLeaseNames, refreshTenantStatus } from "./tenant-status.ts";

interface Locked {
  status: string;
  moved_in_on: string | null;
  start_date: string;
  end_date: string | null;
  move_out_date: string | null;
  property_id: string;
}

/** The lease, locked for the rest of the transaction (a move-in or another save waits), or null. */
export async function lockLease(tx: Tx, id: string): Promise<Locked | null> {
  const [row] = await rowsOf<Locked>(
    tx,
    sql`select status, moved_in_on::text as moved_in_on, start_date::text as start_date, end_date::text as end_date,
        move_out_date::text as move_out_date, property_id
      from leases where id = ${id} for update`,
  );
  return row ?? null;
}

/**
 * Saves a lease's form. Before move-in everything may change and its charges are replaced; once
 * moved in, its start and property stay, and a changed rent or charge takes effect on the form's
 * effective date as a new row (the one in effect ends the day before). Its units' days, names,
 * rent copy and tenants' status follow in the same transaction. Null when it is not the caller's.
 */
export async function updateLease(tx: Tx, actor: Actor, id: string, form: LeaseUpdate): Promise<Lease | null> {
  const was = await lockLease(tx, id);
  if (!was) return null;
  if (was.status === "ended" || was.status === "canceled") {
    const message = leaseMessages.closedLease(was.status);
    throw new HttpError(409, errorCodes.conflict, message);
  }
  const movedIn = was.moved_in_on !== null;
  if (movedIn && form.start_date !== was.start_date)
    throw badRequest(leaseMessages.startAfterMoveIn, { start_date: [leaseMessages.startAfterMoveIn] });
  if (movedIn && form.property_id !== was.property_id)
    throw badRequest(leaseMessages.propertyAfterMoveIn, { property_id: [leaseMessages.propertyAfterMoveIn] });
  const refs = await leaseReferences(tx, form);
  const before = await rowsOf<{ tenant_id: string }>(
    tx,
    sql`select tenant_id from lease_parties where lease_id = ${id}`,
  );
  const audited = await leaseAuditFields(tx, id);

  await tx.execute(sql`
    update leases set property_id = ${form.property_id}, term = ${form.term}, start_date = ${form.start_date}::date,
      end_date = ${form.end_date}::date, due_day = ${form.due_day}, grace_days = ${form.grace_days},
      late_fee_type = ${form.late_fee.type}, late_fee_cents = ${form.late_fee.amount_cents},
      late_fee_percent = ${form.late_fee.percent}::numeric, late_fee_max_cents = ${form.late_fee.max_cents},
      deposit_cents = ${form.deposit_cents}, application_id = ${form.application_id},
      last_modified_by = ${actor.userId}, last_modified_date = now()
    where id = ${id}`);
  const base = { orgId: actor.orgId, leaseId: id, propertyId: form.property_id };
  const range = holdRangeOf({ status: was.status, move_out_date: was.move_out_date, ...form });
  await writeHoldings(tx, { ...base, holdings: refs.holdings, range });
  await writeParties(tx, { ...base, parties: refs.parties });
  await writePets(tx, { ...base, pets: form.pets });
  const terms: ChargeTerms = {
    ...base,
    userId: actor.userId,
    unitId: refs.mainUnitId,
    tenantId: refs.primaryTenantId,
    dueDay: form.due_day,
    graceDays: form.grace_days,
    lateFee: form.late_fee,
    startDate: form.start_date,
    endDate: form.end_date,
  };
  const today = await organizationToday(tx, actor.orgId);
  if (movedIn) {
    await applyTerms(tx, terms, was.end_date);
    await changeCharges(tx, terms, form, form.effective_date, today);
  } else {
    await replaceCharges(tx, terms, form);
  }
  await refreshLeaseNames(tx, [id]);
  await refreshRentCopy(tx, id, today);
  await refreshTenantStatus(tx, [...before.map((p) => p.tenant_id), ...refs.parties.map((p) => p.tenantId)]);
  const after = await leaseAuditFields(tx, id);
  if (audited && after)
    await writeAudit(tx, actor, "lease", [{ action: "update", entityId: id, before: audited, after }]);
  return readLease(tx, id);
}
