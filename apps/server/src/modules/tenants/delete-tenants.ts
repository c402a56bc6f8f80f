import { tenantMessages } from "@keyholder/contracts/tenants";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { tenantAuditFields, toTenantRecord } from "./tenant-record.ts";

type Rows<T> = { rows: T[] };
/** Uuids as one array literal parameter, which PGlite and node-postgres both accept (validated as uuids by the contract). */
const uuidList = (ids: readonly string[]) => `{${ids.join(",")}}`;

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
  const purged = (await tx.execute(sql`
    delete from deleted_records
     where organization_id = ${actor.orgId} and entity = 'tenant'
       and deleted_at < now() - make_interval(days => ${RESTORE_WINDOW_DAYS})
    returning record`)) as unknown as Rows<{ record: unknown }>;
  await tx.execute(sql`
    insert into deleted_records (organization_id, entity, entity_id, record, deleted_by)
    select t.organization_id, 'tenant', t.id::text,
           jsonb_build_object('tenant', to_jsonb(t), 'documents', coalesce(
             (select jsonb_agg(to_jsonb(d)) from tenant_documents d
               where d.organization_id = t.organization_id and d.tenant_id = t.id), '[]'::jsonb)),
           ${actor.userId}
      from tenants t where t.organization_id = ${actor.orgId} and t.id = any(${uuidList(present)}::uuid[])`);
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
  return { deleted: deleted.rows.length, purgedFiles: purged.rows.flatMap((r) => storageKeysOf(r.record)) };
}

/** The storage keys of the documents in a kept copy ({tenant, documents}). */
function storageKeysOf(record: unknown): string[] {
  const parsed = (typeof record === "string" ? JSON.parse(record) : record) as {
    documents?: { storage_key?: unknown }[];
  };
  return (parsed.documents ?? []).flatMap((d) => (typeof d.storage_key === "string" ? [d.storage_key] : []));
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
  const taken = (await tx.execute(sql`
    delete from deleted_records d
     using (select distinct on (entity_id) id from deleted_records
             where organization_id = ${actor.orgId} and entity = 'tenant' and entity_id = any(${uuidList(ids)}::text[])
             order by entity_id, deleted_at desc, id desc) latest
     where d.organization_id = ${actor.orgId} and d.id = latest.id
    returning d.entity_id, d.record`)) as unknown as Rows<{ entity_id: string; record: unknown }>;
  if (taken.rows.length === 0) return { restored: 0, ids: [] as string[] };
  const back = taken.rows.map((r) => r.entity_id);
  await tx.execute(sql`
    delete from deleted_records
     where organization_id = ${actor.orgId} and entity = 'tenant' and entity_id = any(${uuidList(back)}::text[])`);
  const records = JSON.stringify(
    taken.rows.map((r) => (typeof r.record === "string" ? JSON.parse(r.record) : r.record)),
  );
  const restored = (await tx.execute(sql`
    insert into tenants
    select (jsonb_populate_record(null::tenants, r.record->'tenant' || jsonb_build_object(
             'last_modified_by', ${actor.userId}::int, 'last_modified_date', now()))).*
      from jsonb_array_elements(${records}::jsonb) as r(record)
    returning *`)) as unknown as Rows<Record<string, unknown>>;
  await tx.execute(sql`
    insert into tenant_documents
    select (jsonb_populate_record(null::tenant_documents, d.doc)).*
      from jsonb_array_elements(${records}::jsonb) as r(record)
      cross join lateral jsonb_array_elements(r.record->'documents') as d(doc)`);
  const tenantsBack = restored.rows.map(toTenantRecord);
  await writeAudit(
    tx,
    actor,
    "tenant",
    tenantsBack.map((t) => ({ action: "restore", entityId: t.id, after: tenantAuditFields(t) })),
  );
  return { restored: tenantsBack.length, ids: tenantsBack.map((t) => t.id) };
}
