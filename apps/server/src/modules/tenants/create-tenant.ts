import type { TenantForm, TenantRecord } from "@keyholder/contracts/tenants";
import type { Tx } from "../../db/client.ts";
import { tenants } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { tenantAuditFields, tenantRecordColumns, tenantValues, toTenantRecord } from "./tenant-record.ts";

/** Adds a tenant (no lease yet: status none) and records its creation. */
export async function createTenant(tx: Tx, actor: Actor, form: TenantForm): Promise<TenantRecord> {
  const [row] = await tx
    .insert(tenants)
    .values({
      organizationId: actor.orgId,
      ...tenantValues(form),
      createdBy: actor.userId,
      lastModifiedBy: actor.userId,
    })
    .returning(tenantRecordColumns);
  if (!row) throw new Error("insert into tenants returned no row");
  const tenant = toTenantRecord(row);
  await writeAudit(tx, actor, "tenant", [{ action: "create", entityId: tenant.id, after: tenantAuditFields(tenant) }]);
  return tenant;
}
