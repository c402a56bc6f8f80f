import { maintenanceMessages } from "@keyholder/contracts/maintenance";
import type { ResidentRequestForm } from "@keyholder/contracts/resident";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { maintenanceRequestEvents, maintenanceRequests } from "../../db/schema/index.ts";
import { notFound } from "../../lib/http-error.ts";
import { dueOnFor, rowsOf } from "../maintenance/request-sql.ts";
import { readResidentRequest } from "./list-requests.ts";

/**
 * A resident's request (decision 034: channel resident_portal, tenant and lease set, recorded_by
 * null) on their lease's property and first unit. The lease is read as keyholder_resident (so it is
 * theirs); the insert then runs as keyholder_app in the same transaction and organization, since
 * the request number and the grid's counters are organization-wide rows a resident may not read.
 */
export async function createResidentRequest(
  tx: Tx,
  ctx: { orgId: string; tenantIds: string[]; leaseId: string },
  form: ResidentRequestForm,
) {
  // The tenant is the resident's record on this lease (a resident may be two tenants: decision 036).
  const tenantIds = `{${ctx.tenantIds.join(",")}}`;
  const [lease] = await rowsOf<{
    property_id: string;
    unit_id: string | number | null;
    tenant_id: string | null;
    resident: string | null;
  }>(
    tx,
    sql`select l.property_id, (select u.unit_id from lease_units u where u.organization_id = l.organization_id
        and u.lease_id = l.id and u.unit_id is not null order by u.id limit 1) as unit_id,
        p.tenant_id, t.name as resident
      from leases l
      left join lateral (select p.tenant_id from lease_parties p where p.organization_id = l.organization_id
        and p.lease_id = l.id and p.tenant_id = any(${tenantIds}::uuid[]) order by p.role <> 'primary' limit 1) p on true
      left join tenants t on t.organization_id = l.organization_id and t.id = p.tenant_id
      where l.organization_id = ${ctx.orgId} and l.id = ${ctx.leaseId}`,
  );
  if (!lease?.tenant_id) throw notFound(maintenanceMessages.leaseUnknown);
  await tx.execute(sql`select set_config('role', 'keyholder_app', true)`);
  const [num] = await rowsOf<{ last_no: string | number }>(
    tx,
    sql`insert into maintenance_request_numbers (organization_id, last_no) values (${ctx.orgId}, 1)
      on conflict (organization_id) do update set last_no = maintenance_request_numbers.last_no + 1
      returning last_no`,
  );
  const description = [form.location ? `Where: ${form.location}` : null, form.description].filter(Boolean).join("\n\n");
  const [row] = await tx
    .insert(maintenanceRequests)
    .values({
      organizationId: ctx.orgId,
      requestNo: Number(num?.last_no),
      propertyId: lease.property_id,
      unitId: lease.unit_id === null ? null : Number(lease.unit_id),
      category: form.category,
      priority: form.priority,
      title: form.title,
      description: description || null,
      permissionToEnter: form.permission_to_enter,
      petsPresent: form.pets_present,
      entryNotes: form.entry_notes,
      preferredTimes: form.preferred_times,
      channel: "resident_portal",
      recordedBy: null,
      leaseId: ctx.leaseId,
      tenantId: lease.tenant_id,
      dueOn: await dueOnFor(tx, ctx.orgId, form.priority),
    })
    .returning({ id: maintenanceRequests.id });
  if (!row) throw new Error("insert into maintenance_requests returned no row");
  await tx.insert(maintenanceRequestEvents).values({
    organizationId: ctx.orgId,
    requestId: row.id,
    fromStatus: null,
    toStatus: "new",
    changedBy: null,
    // Who reported it, as named then: the history shows "Mia Silva (resident)", not an unknown.
    changedByName: lease.resident,
  });
  // Back to the resident's role for the answer: what they read is what they may read.
  await tx.execute(sql`select set_config('role', 'keyholder_resident', true)`);
  const created = await readResidentRequest(tx, ctx.orgId, row.id);
  if (!created) throw notFound(maintenanceMessages.notFound);
  return created;
}
