import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import type { Actor } from "./audit.ts";
import { RESTORE_WINDOW_DAYS } from "./trash.ts";

/**
 * Undo of a delete for the records keyed by uuid (tenants, vendors; decision 010): the same bin as
 * trash.ts, `deleted_records`, with the entity's id as text. The module keeps the rows, deletes
 * them, and writes their history; these are the steps it shares with the others.
 */
type Rows<T> = { rows: T[] };

/** Uuids as one array literal parameter, which PGlite and node-postgres both accept (validated as uuids by the contract). */
export const uuidList = (ids: readonly string[]) => `{${ids.join(",")}}`;

/** A kept copy as a driver hands it back: jsonb, or its text. */
const parsed = (record: unknown) =>
  (typeof record === "string" ? JSON.parse(record) : record) as Record<string, unknown>;

/**
 * Keeps the rows `ids` of `table` in the caller's organization as `entity` copies, before the delete
 * that removes them (same transaction, so a delete that rolls back keeps nothing): each copy is
 * `record` of the row `t` (the row itself unless told). The entity's copies past the restore window
 * are purged on the way; the answer holds them, for what must go with them (a tenant's files).
 */
export async function keepDeletedRows(
  tx: Tx,
  actor: Actor,
  entity: string,
  table: string,
  ids: readonly string[],
  record: SQL = sql`to_jsonb(t)`,
): Promise<Record<string, unknown>[]> {
  const purged = (await tx.execute(sql`
    delete from deleted_records
     where organization_id = ${actor.orgId} and entity = ${entity}
       and deleted_at < now() - make_interval(days => ${RESTORE_WINDOW_DAYS})
    returning record`)) as unknown as Rows<{ record: unknown }>;
  await tx.execute(sql`
    insert into deleted_records (organization_id, entity, entity_id, record, deleted_by)
    select t.organization_id, ${entity}, t.id::text, ${record}, ${actor.userId}
      from ${sql.identifier(table)} t where t.organization_id = ${actor.orgId} and t.id = any(${uuidList(ids)}::uuid[])`);
  return purged.rows.map((r) => parsed(r.record));
}

/**
 * Takes out of the bin the most recent kept copy of each of `ids` (the entity's, in the caller's
 * organization), and the older copies of the same records with it: they are live again. Ids with
 * no copy (unknown, another organization's, already back) are left out of the answer.
 */
export async function takeDeletedRows(
  tx: Tx,
  actor: Actor,
  entity: string,
  ids: readonly string[],
): Promise<Record<string, unknown>[]> {
  const taken = (await tx.execute(sql`
    delete from deleted_records d
     using (select distinct on (entity_id) id from deleted_records
             where organization_id = ${actor.orgId} and entity = ${entity} and entity_id = any(${uuidList(ids)}::text[])
             order by entity_id, deleted_at desc, id desc) latest
     where d.organization_id = ${actor.orgId} and d.id = latest.id
    returning d.entity_id, d.record`)) as unknown as Rows<{ entity_id: string; record: unknown }>;
  if (taken.rows.length === 0) return [];
  await tx.execute(sql`
    delete from deleted_records
     where organization_id = ${actor.orgId} and entity = ${entity}
       and entity_id = any(${uuidList(taken.rows.map((r) => r.entity_id))}::text[])`);
  return taken.rows.map((r) => parsed(r.record));
}

/**
 * Puts kept rows back into `table` with their ids and values, marked modified by the caller now;
 * answers the rows as inserted.
 */
export async function putBackRows(
  tx: Tx,
  actor: Actor,
  table: string,
  rows: readonly unknown[],
): Promise<Record<string, unknown>[]> {
  const name = sql.identifier(table);
  const inserted = (await tx.execute(sql`
    insert into ${name}
    select (jsonb_populate_record(null::${name}, r.record || jsonb_build_object(
             'last_modified_by', ${actor.userId}::int, 'last_modified_date', now()))).*
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as r(record)
    returning *`)) as unknown as Rows<Record<string, unknown>>;
  return inserted.rows;
}
