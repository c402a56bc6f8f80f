import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { NOT_YET } from "../leases/lease-charges.ts";

/**
 * The lease's charges stop on the move-out day of a notice: those running past it end that day, and
 * those set to start after it (a scheduled rent increase) are parked as before move-in (never charged)
 * rather than deleted, so withdrawing the notice restores them exactly.
 */
export async function stopChargesOn(tx: Tx, leaseId: string, day: string) {
  await tx.execute(sql`update recurring_charges set end_date = ${day}::date
    where lease_id = ${leaseId} and start_date <= ${day}::date and (end_date is null or end_date > ${day}::date)`);
  await tx.execute(sql`update recurring_charges set next_period_start = ${NOT_YET}::date, late_fee_next_period = ${NOT_YET}::date
    where lease_id = ${leaseId} and start_date > ${day}::date`);
}

/** Undoes stopChargesOn: the charges that ended on `day` run to the lease's end again, parked ones start. */
export async function resumeChargesAfter(tx: Tx, leaseId: string, day: string, leaseEnd: string | null) {
  await tx.execute(sql`update recurring_charges set end_date = ${leaseEnd}::date
    where lease_id = ${leaseId} and end_date = ${day}::date`);
  await tx.execute(sql`update recurring_charges set next_period_start = date_trunc('month', start_date)::date,
      late_fee_next_period = date_trunc('month', start_date)::date
    where lease_id = ${leaseId} and start_date > ${day}::date and next_period_start = ${NOT_YET}::date`);
}
