import { tenantMessages } from "@keyholder/contracts/tenants";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { keepDeletedRows, putBackRows, takeDeletedRows, uuidList } from "../../lib/uuid-trash.ts";
import { tenantAuditFields, toTenantRecord } from "./tenant-record.ts";

type Rows<T> = { rows: T[] };

/**
 * Deletes the organization's tenants among `ids` (decision 010: kept in deleted_records with their
 * documents, so Undo puts them back with the same ids). A tenant who is a party to any lease is
 * never deleted: the whole request is refused with 409 and nothing changes. Unknown ids and other
 * organizations' are skipped; the answer counts those really deleted.
 */
export async function deleteTenants(
  tx: Tx,
  actor: Actor,
  ids: string[],
): Promise<{ deleted: number; purgedFiles: string[] }> {
  const unique = [...new Set(ids)];
  // Locked, so no lease can make one a party between this check and the delete.
  const found = (await tx.execute(sql`
    select t.id, tenant_lease_count(t.organization_id, t.id) as leases
      from tenants t where t.organization_id = ${actor.orgId} and t.id = any(${uuidList(unique)}::uuid[])
     for update`)) as unknown as Rows<{ id: string; leases: number }>;
  const onLease = found.rows.filter((r) => Number(r.leases) > 0);
  if (onLease.length > 0) {
    const leases = onLease.reduce((n, r) => n + Number(r.leases), 0);
    throw new HttpError(409, "TENANT_ON_LEASE", tenantMessages.onLease(leases));
  }
  const present = found.rows.map((r) => String(r.id));
  if (present.length === 0) return { deleted: 0, purgedFiles: [] };
  // Copies past the restore window go, and with them their documents' files (after commit).
  const purged = await keepDeletedRows(
    tx,
    actor,
    "tenant",
    "tenants",
    present,
    sql`jsonb_build_object('tenant', to_jsonb(t), 'documents', coalesce(
          (select jsonb_agg(to_jsonb(d)) from tenant_documents d
            where d.organization_id = t.organization_id and d.tenant_id = t.id), '[]'::jsonb))`,
  );
  const deleted = (await tx.execute(sql`
    delete from tenants t where t.organization_id = ${actor.orgId} and t.id = any(${uuidList(present)}::uuid[])
    returning t.*`)) as unknown as Rows<Record<string, unknown>>;
  await writeAudit(
    tx,
    actor,
    "tenant",
    deleted.rows.map((row) => {
      const record = toTenantRecord(row);
      return { action: "delete", entityId: record.id, before: tenantAuditFields(record) };
    }),
  );
  return { deleted: deleted.rows.length, purgedFiles: purged.flatMap(storageKeysOf) };
}

/** The storage keys of the documents in a kept copy ({tenant, documents}). */
function storageKeysOf(record: { documents?: { storage_key?: unknown }[] }): string[] {
  return (record.documents ?? []).flatMap((d) => (typeof d.storage_key === "string" ? [d.storage_key] : []));
}

/** DELETE /tenants/{id}: one tenant, 404 when the organization has none by that id. */
export async function deleteTenant(tx: Tx, actor: Actor, id: string) {
  const result = await deleteTenants(tx, actor, [id]);
  if (result.deleted === 0) throw notFound(tenantMessages.notFound);
  return result;
}

/**
 * Undo of a delete: the most recent kept copy of each of `ids` comes back with its id, values and
 * documents, and a "restore" entry in its history. Others (unknown, already back) are left alone.
 */
export async function restoreTenants(tx: Tx, actor: Actor, ids: string[]) {
  const taken = await takeDeletedRows(tx, actor, "tenant", ids);
  if (taken.length === 0) return { restored: 0, ids: [] as string[] };
  const restored = await putBackRows(
    tx,
    actor,
    "tenants",
    taken.map((r) => r.tenant),
  );
  await tx.execute(sql`
    insert into tenant_documents
    select (jsonb_populate_record(null::tenant_documents, d.doc)).*
      from jsonb_array_elements(${JSON.stringify(taken)}::jsonb) as r(record)
      cross join lateral jsonb_array_elements(r.record->'documents') as d(doc)`);
  const tenantsBack = restored.map(toTenantRecord);
  await writeAudit(
    tx,
    actor,
    "tenant",
    tenantsBack.map((t) => ({ action: "restore", entityId: t.id, after: tenantAuditFields(t) })),
  );
  return { restored: tenantsBack.length, ids: tenantsBack.map((t) => t.id) };
}
