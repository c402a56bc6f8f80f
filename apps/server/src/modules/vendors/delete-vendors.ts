import { vendorMessages } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { toVendorRow, vendorAuditFields, vendorSelect, vendorsFrom } from "./vendor-row.ts";

type Rows<T> = { rows: T[] };
/** Uuids as one array literal parameter, which PGlite and node-postgres both accept (validated as uuids by the contract). */
const uuidList = (ids: readonly string[]) => `{${ids.join(",")}}`;

/**
 * Deletes the organization's vendors among `ids` as tenants are deleted (decision 010): each is kept
 * whole in deleted_records (its sealed taxpayer id included, still sealed), so Undo puts it back
 * with the same id. Unknown ids and other organizations' are skipped; the answer counts those
 * really deleted. Nothing refers to a vendor by a foreign key, so a later table (work orders, bills)
 * that names one keeps its history when the vendor goes.
 */
export async function deleteVendors(tx: Tx, actor: Actor, ids: string[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  // Read as the grid shows them (for the history), locked so a concurrent save waits.
  const found = (await tx.execute(
    sql`select ${vendorSelect} from ${vendorsFrom(
      sql`(select * from vendors where id = any(${uuidList(unique)}::uuid[]) for update)`,
    )}`,
  )) as unknown as Rows<Record<string, unknown>>;
  const present = found.rows.map(toVendorRow);
  if (present.length === 0) return { deleted: 0 };
  const presentIds = uuidList(present.map((v) => v.id));
  await tx.execute(sql`
    delete from deleted_records
     where organization_id = ${actor.orgId} and entity = 'vendor'
       and deleted_at < now() - make_interval(days => ${RESTORE_WINDOW_DAYS})`);
  await tx.execute(sql`
    insert into deleted_records (organization_id, entity, entity_id, record, deleted_by)
    select v.organization_id, 'vendor', v.id::text, to_jsonb(v), ${actor.userId}
      from vendors v where v.organization_id = ${actor.orgId} and v.id = any(${presentIds}::uuid[])`);
  const deleted = (await tx.execute(sql`
    delete from vendors v where v.organization_id = ${actor.orgId} and v.id = any(${presentIds}::uuid[])
    returning v.id`)) as unknown as Rows<{ id: string }>;
  const gone = new Set(deleted.rows.map((r) => String(r.id)));
  await writeAudit(
    tx,
    actor,
    "vendor",
    present
      .filter((v) => gone.has(v.id))
      .map((v) => ({ action: "delete", entityId: v.id, before: vendorAuditFields(v) })),
  );
  return { deleted: gone.size };
}

/** DELETE /vendors/{id}: one vendor, 404 when the organization has none by that id. */
export async function deleteVendor(tx: Tx, actor: Actor, id: string) {
  const result = await deleteVendors(tx, actor, [id]);
  if (result.deleted === 0) throw notFound(vendorMessages.notFound);
  return result;
}

/**
 * Undo of a delete: the most recent kept copy of each of `ids` comes back with its id and values,
 * and a "restore" entry in its history. Others (unknown, already back) are left alone. An expense
 * account is never deleted, so the copy's account is still there.
 */
export async function restoreVendors(tx: Tx, actor: Actor, ids: string[]) {
  const taken = (await tx.execute(sql`
    delete from deleted_records d
     using (select distinct on (entity_id) id from deleted_records
             where organization_id = ${actor.orgId} and entity = 'vendor' and entity_id = any(${uuidList(ids)}::text[])
             order by entity_id, deleted_at desc, id desc) latest
     where d.organization_id = ${actor.orgId} and d.id = latest.id
    returning d.entity_id, d.record`)) as unknown as Rows<{ entity_id: string; record: unknown }>;
  if (taken.rows.length === 0) return { restored: 0, ids: [] as string[] };
  const back = taken.rows.map((r) => r.entity_id);
  await tx.execute(sql`
    delete from deleted_records
     where organization_id = ${actor.orgId} and entity = 'vendor' and entity_id = any(${uuidList(back)}::text[])`);
  const records = JSON.stringify(
    taken.rows.map((r) => (typeof r.record === "string" ? JSON.parse(r.record) : r.record)),
  );
  const restored = (await tx.execute(sql`
    insert into vendors
    select (jsonb_populate_record(null::vendors, r.record || jsonb_build_object(
             'last_modified_by', ${actor.userId}::int, 'last_modified_date', now()))).*
      from jsonb_array_elements(${records}::jsonb) as r(record)
    returning id`)) as unknown as Rows<{ id: string }>;
  const restoredIds = restored.rows.map((r) => String(r.id));
  const rows = (await tx.execute(
    sql`select ${vendorSelect} from ${vendorsFrom(
      sql`(select * from vendors where id = any(${uuidList(restoredIds)}::uuid[]))`,
    )}`,
  )) as unknown as Rows<Record<string, unknown>>;
  const vendorsBack = rows.rows.map(toVendorRow);
  await writeAudit(
    tx,
    actor,
    "vendor",
    vendorsBack.map((v) => ({ action: "restore", entityId: v.id, after: vendorAuditFields(v) })),
  );
  return { restored: vendorsBack.length, ids: vendorsBack.map((v) => v.id) };
}
