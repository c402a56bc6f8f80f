import { errorCodes } from "@keyholder/contracts/errors";
import { lifecycleMessages } from "@keyholder/contracts/lease-lifecycle";
import type { LateFee, Lease } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { leaseAuditFields } from "../leases/lease-audit.ts";
import type { ChargeTerms } from "../leases/lease-charges.ts";
import { type HoldRange, updateHoldRange } from "../leases/lease-holdings.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { readLease } from "../leases/read-lease.ts";
import { refreshTenantStatus } from "../leases/tenant-status.ts";

/** What notice, renewal and move-out read of a lease, locked for the rest of the transaction. */
export interface LockedLease {
  id: string;
  status: string;
  term: "fixed" | "month_to_month";
  start_date: string;
  end_date: string | null;
  moved_in_on: string | null;
  notice_given_on: string | null;
  move_out_date: string | null;
  property_id: string;
  rent_cents: number;
  due_day: number;
  grace_days: number;
  late_fee_type: string;
  late_fee_cents: number;
  late_fee_percent: string;
  late_fee_max_cents: number | null;
}

/** The lease locked FOR UPDATE (a second notice, renewal or move-out waits for this one), else 404. */
export async function lockLifecycleLease(tx: Tx, id: string): Promise<LockedLease> {
  const [row] = await rowsOf<LockedLease>(
    tx,
    sql`select id, status, term, start_date::text as start_date, end_date::text as end_date,
        moved_in_on::text as moved_in_on, notice_given_on::text as notice_given_on,
        move_out_date::text as move_out_date, property_id, rent_cents, due_day, grace_days, late_fee_type,
        late_fee_cents, late_fee_percent::text as late_fee_percent, late_fee_max_cents
      from leases where id = ${id} for update`,
  );
  if (!row) throw notFound(lifecycleMessages.notFound);
  return {
    ...row,
    rent_cents: Number(row.rent_cents),
    due_day: Number(row.due_day),
    grace_days: Number(row.grace_days),
    late_fee_cents: Number(row.late_fee_cents),
    late_fee_max_cents: row.late_fee_max_cents === null ? null : Number(row.late_fee_max_cents),
  };
}

export const conflict = (message: string, field?: string) =>
  new HttpError(409, errorCodes.conflict, message, field ? { [field]: [message] } : undefined);

/** Runs a change of the lease and records it in its history (the fields of LEASE_FIELD_LABELS). */
export async function audited<T>(tx: Tx, actor: Actor, id: string, change: () => Promise<T>): Promise<T> {
  const before = await leaseAuditFields(tx, id);
  const result = await change();
  await tx.execute(
    sql`update leases set last_modified_by = ${actor.userId}, last_modified_date = now() where id = ${id}`,
  );
  const after = await leaseAuditFields(tx, id);
  if (before && after) await writeAudit(tx, actor, "lease", [{ action: "update", entityId: id, before, after }]);
  return result;
}

/** Every tenant of the lease gets their status again from all their leases (decision 029's function). */
export async function refreshPartiesStatus(tx: Tx, leaseId: string) {
  const parties = await rowsOf<{ tenant_id: string }>(
    tx,
    sql`select tenant_id from lease_parties where lease_id = ${leaseId}`,
  );
  await refreshTenantStatus(
    tx,
    parties.map((p) => p.tenant_id),
  );
}

/** The days the lease holds its units and zones, through the constraint's savepoint (409 naming a unit another lease holds). */
export async function setHoldRange(tx: Tx, leaseId: string, range: HoldRange) {
  const units = await rowsOf<{ unit_id: number | null; zone_id: number | null }>(
    tx,
    sql`select unit_id, zone_id from lease_units where lease_id = ${leaseId}`,
  );
  const holdings = units.map((u) => ({
    unitId: u.unit_id === null ? null : Number(u.unit_id),
    zoneId: u.zone_id === null ? null : Number(u.zone_id),
    name: "",
  }));
  await updateHoldRange(tx, { leaseId, holdings, range });
}

/**
 * The day leasing can offer the lease's units again (the public listing and the units grid read
 * `date_available`); null clears it where it is still the day this lease set (`was`).
 */
export async function setUnitsAvailable(tx: Tx, leaseId: string, day: string | null, was?: string) {
  await tx.execute(sql`
    update units u set date_available = ${day}::date
    from lease_units lu
    where lu.lease_id = ${leaseId} and lu.unit_id is not null
      and u.organization_id = lu.organization_id and u.unit_id = lu.unit_id
      ${was === undefined ? sql`` : sql`and u.date_available = ${was}::date`}`);
}

/** The charge terms of a lease (what the leases module's charge helpers need). */
export async function chargeTermsOf(
  tx: Tx,
  actor: Actor,
  lease: LockedLease,
  endDate: string | null,
): Promise<ChargeTerms> {
  const [ref] = await rowsOf<{ unit_id: number | null; tenant_id: string }>(
    tx,
    sql`select (select lu.unit_id from lease_units lu where lu.lease_id = l.id and lu.unit_id is not null order by lu.id limit 1) as unit_id,
        (select p.tenant_id from lease_parties p where p.lease_id = l.id and p.role = 'primary') as tenant_id
      from leases l where l.id = ${lease.id}`,
  );
  const lateFee: LateFee = {
    type: lease.late_fee_type as LateFee["type"],
    amount_cents: lease.late_fee_cents,
    percent: lease.late_fee_percent.includes(".")
      ? lease.late_fee_percent.replace(/\.?0+$/, "") || "0"
      : lease.late_fee_percent,
    max_cents: lease.late_fee_max_cents,
  };
  return {
    orgId: actor.orgId,
    userId: actor.userId,
    leaseId: lease.id,
    propertyId: lease.property_id,
    unitId: ref?.unit_id === null || ref?.unit_id === undefined ? null : Number(ref.unit_id),
    tenantId: ref?.tenant_id ?? "",
    dueDay: lease.due_day,
    graceDays: lease.grace_days,
    lateFee,
    startDate: lease.start_date,
    endDate,
  };
}

export async function leaseNow(tx: Tx, id: string): Promise<Lease> {
  const lease = await readLease(tx, id);
  if (!lease) throw notFound(lifecycleMessages.notFound);
  return lease;
}
