import type { Lease, LeaseCreate } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { organizationToday } from "../../lib/organization-today.ts";
import { leaseAuditFields } from "./lease-audit.ts";
import { insertFormCharges, refreshRentCopy } from "./lease-charges.ts";
import { holdRangeOf, writeHoldings } from "./lease-holdings.ts";
import { writeParties, writePets } from "./lease-parts.ts";
import { leaseReferences } from "./lease-references.ts";
import { rowsOf } from "./lease-sql.ts";
import { readLease } from "./read-lease.ts";
import { refreshLeaseNames, refreshTenantStatus } from "./tenant-status.ts";

/**
 * A new lease, pending until move-in: its units held for its dates (refused when another lease
 * holds one of them on one of those days), its parties, pets and recurring charges (which the
 * charge run reads only once it is moved in), and its tenants' status, in one transaction.
 */
export async function createLease(tx: Tx, actor: Actor, form: LeaseCreate): Promise<Lease> {
  const refs = await leaseReferences(tx, form);
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into leases (organization_id, property_id, status, term, start_date, end_date, due_day, grace_days,
        late_fee_type, late_fee_cents, late_fee_percent, late_fee_max_cents, deposit_cents, rent_cents,
        property_name, application_id, created_by, last_modified_by)
      values (${actor.orgId}, ${form.property_id}, 'pending', ${form.term}, ${form.start_date}::date, ${form.end_date}::date,
        ${form.due_day}, ${form.grace_days}, ${form.late_fee.type}, ${form.late_fee.amount_cents},
        ${form.late_fee.percent}::numeric, ${form.late_fee.max_cents}, ${form.deposit_cents}, ${form.rent_cents},
        ${refs.propertyName}, ${form.application_id}, ${actor.userId}, ${actor.userId})
      returning id`,
  );
  if (!row) throw new Error("insert into leases returned no row");
  const leaseId = row.id;
  const base = { orgId: actor.orgId, leaseId, propertyId: form.property_id };
  const range = holdRangeOf({ status: "pending", move_out_date: null, ...form });
  await writeHoldings(tx, { ...base, holdings: refs.holdings, range });
  await writeParties(tx, { ...base, parties: refs.parties });
  await writePets(tx, { ...base, pets: form.pets });
  await insertFormCharges(
    tx,
    {
      ...base,
      userId: actor.userId,
      unitId: refs.mainUnitId,
      tenantId: refs.primaryTenantId,
      dueDay: form.due_day,
      graceDays: form.grace_days,
      lateFee: form.late_fee,
      startDate: form.start_date,
      endDate: form.end_date,
    },
    form,
  );
  await refreshLeaseNames(tx, [leaseId]);
  await refreshRentCopy(tx, leaseId, await organizationToday(tx, actor.orgId));
  await refreshTenantStatus(
    tx,
    refs.parties.map((p) => p.tenantId),
  );
  const after = await leaseAuditFields(tx, leaseId);
  if (after) await writeAudit(tx, actor, "lease", [{ action: "create", entityId: leaseId, after }]);
  const lease = await readLease(tx, leaseId);
  if (!lease) throw new Error("the new lease cannot be read");
  return lease;
}
