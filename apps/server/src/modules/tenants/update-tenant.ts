import { type TenantForm, type TenantRecord, tenantMessages } from "@keyholder/contracts/tenants";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { tenants } from "../../db/schema/index.ts";
import { type Actor, auditChanges, writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { tenantAuditFields, tenantRecordColumns, tenantValues, toTenantRecord } from "./tenant-record.ts";

/**
 * Replaces a tenant's form fields and records what changed. A save that changes nothing leaves the
 * row, its last-modified stamp and the history as they were. The status is the leases code's.
 */
export async function updateTenant(tx: Tx, actor: Actor, id: string, form: TenantForm): Promise<TenantRecord> {
  const where = and(eq(tenants.organizationId, actor.orgId), eq(tenants.id, id));
  // Locked so two concurrent saves each diff against the row the other left.
  const [current] = await tx.select(tenantRecordColumns).from(tenants).where(where).for("update");
  if (!current) throw notFound(tenantMessages.notFound);
  const before = toTenantRecord(current);
  const values = tenantValues(form);
  const event = {
    action: "update" as const,
    entityId: id,
    before: tenantAuditFields(before),
    after: tenantAuditFields({ ...form, id, name: values.name }),
  };
  if (Object.keys(auditChanges(event)).length === 0) return before;
  const [row] = await tx
    .update(tenants)
    .set({ ...values, lastModifiedBy: actor.userId, lastModifiedDate: sql`now()` })
    .where(where)
    .returning(tenantRecordColumns);
  if (!row) throw notFound(tenantMessages.notFound);
  await writeAudit(tx, actor, "tenant", [event]);
  return toTenantRecord(row);
}
