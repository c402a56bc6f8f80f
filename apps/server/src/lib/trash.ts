import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, AnyPgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.ts";
import { type Actor, type AuditedFields, writeAudit } from "./audit.ts";

/** How long a deleted record can be put back. */
export const RESTORE_WINDOW_DAYS = 30;

/**
 * The records whose delete can be undone: their table and id column, the rows linking to them that
 * the delete unlinks (units stay without their building or plan, buildings without their zone),
 * values the restored row starts from (`r` is its kept copy), what must still exist for a restore
 * to succeed, and which linked rows may be linked again.
 */
const restorable = {
  building: {
    table: "buildings",
    idColumn: "id",
    linked: { table: "units", key: "unit_id", column: "building_id" },
    // The unit triggers count the relinked units in, so the counters start from zero; a zone deleted
    // since, or one no longer of the building's property, is not linked again.
    startValues: (r: SQL) => sql`, 'total_units', 0, 'occupied_units', 0, 'zone_id',
      (select z.id from zones z where z.organization_id = (${r}->>'organization_id')::uuid
          and z.id = (${r}->>'zone_id')::bigint and z.property_id = (${r}->>'property_id')::uuid)`,
    parentsExist: (r: SQL) =>
      sql`exists (select 1 from properties p where p.organization_id = d.organization_id and p.id = (${r}->>'property_id')::uuid)`,
    // Only units still in its property: a unit's building is its property's.
    relinkable: (id: number) =>
      sql`property_id = (select b.property_id from buildings b where b.organization_id = units.organization_id and b.id = ${id})`,
  },
  floor_plan: {
    table: "floor_plans",
    idColumn: "id",
    linked: { table: "units", key: "unit_id", column: "floor_plan_id" },
    startValues: (_r: SQL) => sql``,
    parentsExist: (r: SQL) =>
      sql`(${r}->>'property_id' is null or exists (select 1 from properties p where p.organization_id = d.organization_id and p.id = (${r}->>'property_id')::uuid))`,
    // Only units still in its property, when it has one: a unit's floor plan is its property's.
    relinkable: (id: number) =>
      sql`property_id = coalesce((select fp.property_id from floor_plans fp
            where fp.organization_id = units.organization_id and fp.id = ${id}), property_id)`,
  },
  zone: {
    table: "zones",
    idColumn: "id",
    linked: { table: "buildings", key: "id", column: "zone_id" },
    // The building triggers count the relinked buildings in.
    startValues: (_r: SQL) => sql`, 'building_count', 0, 'total_units', 0, 'occupied_units', 0`,
    parentsExist: (r: SQL) =>
      sql`exists (select 1 from properties p where p.organization_id = d.organization_id and p.id = (${r}->>'property_id')::uuid)`,
    // Only buildings still of the zone's property go back into it.
    relinkable: (id: number) =>
      sql`property_id = (select z.property_id from zones z where z.organization_id = buildings.organization_id and z.id = ${id})`,
  },
  unit: {
    table: "units",
    idColumn: "unit_id",
    linked: null,
    // Its building and floor plan come back with it only if they are still there, in its property
    // (a unit's building and floor plan are its property's); otherwise it comes back without them.
    startValues: (r: SQL) => sql`,
      'building_id', (select b.id from buildings b
                       where b.organization_id = (${r}->>'organization_id')::uuid and b.id = (${r}->>'building_id')::bigint
                         and b.property_id = (${r}->>'property_id')::uuid),
      'floor_plan_id', (select fp.id from floor_plans fp
                         where fp.organization_id = (${r}->>'organization_id')::uuid and fp.id = (${r}->>'floor_plan_id')::bigint
                           and fp.property_id = (${r}->>'property_id')::uuid)`,
    parentsExist: (r: SQL) =>
      sql`exists (select 1 from properties p where p.organization_id = d.organization_id and p.id = (${r}->>'property_id')::uuid)`,
    relinkable: (_id: number) => sql`false`,
  },
} as const;
export type RestorableEntity = keyof typeof restorable;

/**
 * Keeps the rows `ids` of the caller's organization, and the ids of the rows linked to them, before
 * a delete removes them (same transaction, so a delete that rolls back keeps nothing). Records older
 * than the restore window are purged on the way. Answers, per record kept, the linked rows' ids
 * (those the delete is about to unlink).
 */
export async function keepDeleted(tx: Tx, actor: Actor, entity: RestorableEntity, ids: number[]) {
  const { table, idColumn, linked } = restorable[entity];
  const id = sql`t.${sql.identifier(idColumn)}`;
  const linkedIds = linked
    ? sql`(select array_agg(l.${sql.identifier(linked.key)} order by l.${sql.identifier(linked.key)})
             from ${sql.identifier(linked.table)} l
            where l.organization_id = t.organization_id and l.${sql.identifier(linked.column)} = ${id})`
    : sql`null::bigint[]`;
  // Tenants purge their own copies: their documents' files go with them (modules/tenants).
  await tx.execute(sql`
    delete from deleted_records
     where organization_id = ${actor.orgId} and deleted_at < now() - make_interval(days => ${RESTORE_WINDOW_DAYS})
       and entity <> 'tenant'`);
  // unit_ids holds the linked rows' ids whatever they are (units; for a zone, its buildings).
  const kept = (await tx.execute(sql`
    insert into deleted_records (organization_id, entity, entity_id, record, unit_ids, deleted_by)
    select t.organization_id, ${entity}, ${id}::text, to_jsonb(t), coalesce(${linkedIds}, '{}'), ${actor.userId}
      from ${sql.identifier(table)} t
     where t.organization_id = ${actor.orgId} and ${id} = any(${idList(ids)}::bigint[])
    returning entity_id, unit_ids`)) as unknown as { rows: { entity_id: string; unit_ids: number[] | string }[] };
  return kept.rows.map((r) => ({ id: Number(r.entity_id), linkedIds: idsOf(r.unit_ids) }));
}

/** A record put back, and the rows linked to it again. */
export interface Restored {
  id: number;
  relinkedIds: number[];
}

/**
 * Puts back the most recent deleted copy of each of `ids` whose parents still exist: same id, same
 * values, linked rows linked again when no one has linked them elsewhere since. Returns those put
 * back; the others (unknown, another organization's, already restored, or whose property is gone)
 * are left as they are.
 */
export async function restoreDeleted(tx: Tx, actor: Actor, entity: RestorableEntity, ids: number[]) {
  const { table, linked, parentsExist, startValues, relinkable } = restorable[entity];
  const taken = (await tx.execute(sql`
    delete from deleted_records d
     using (select distinct on (entity_id) id from deleted_records
             where organization_id = ${actor.orgId} and entity = ${entity}
               and entity_id = any(${idList(ids)}::text[])
             order by entity_id, deleted_at desc, id desc) latest
     where d.organization_id = ${actor.orgId} and d.id = latest.id and ${parentsExist(sql`d.record`)}
    returning d.entity_id, d.record, d.unit_ids`)) as unknown as {
    rows: { entity_id: string; record: Record<string, unknown>; unit_ids: number[] | string }[];
  };
  if (taken.rows.length === 0) return [];
  // Older copies of the same records go too: the records are live again.
  const restoredIds = taken.rows.map((r) => Number(r.entity_id));
  await tx.execute(sql`
    delete from deleted_records
     where organization_id = ${actor.orgId} and entity = ${entity} and entity_id = any(${idList(restoredIds)}::text[])`);
  await tx.execute(sql`
    insert into ${sql.identifier(table)}
    select (jsonb_populate_record(null::${sql.identifier(table)}, r.record || jsonb_build_object(
             'last_modified_by', ${actor.userId}::int, 'last_modified_date', now()${startValues(sql`r.record`)}))).*
      from jsonb_array_elements(${JSON.stringify(taken.rows.map((r) => r.record))}::jsonb) as r(record)`);
  const restored: Restored[] = [];
  for (const row of taken.rows) {
    const id = Number(row.entity_id);
    const linkedIds = idsOf(row.unit_ids);
    if (!linked || linkedIds.length === 0) {
      restored.push({ id, relinkedIds: [] });
      continue;
    }
    const column = sql.identifier(linked.column);
    const relinked = (await tx.execute(sql`
      update ${sql.identifier(linked.table)} set ${column} = ${id}
       where organization_id = ${actor.orgId} and ${sql.identifier(linked.key)} = any(${idList(linkedIds)}::bigint[])
         and ${column} is null and ${relinkable(id)}
      returning ${sql.identifier(linked.key)} as id`)) as unknown as { rows: { id: number | string }[] };
    restored.push({ id, relinkedIds: relinked.rows.map((r) => Number(r.id)).sort((a, b) => a - b) });
  }
  return restored;
}

/**
 * Whole-number ids as one array literal parameter, which PGlite and node-postgres both accept
 * (their JavaScript array handling differs); the ids are integers, so the literal needs no quoting.
 */
const idList = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(Number(id))).join(",")}}`;

/** A bigint[] as a driver hands it back: an array, or text "{1,2,3}". */
const idsOf = (value: number[] | string) =>
  typeof value === "string"
    ? value
        .replace(/^\{|\}$/g, "")
        .split(",")
        .filter(Boolean)
        .map(Number)
    : value.map(Number);

/**
 * How a module reads its records back after a delete or restore, which of their fields its history
 * keeps, and what it records of the rows a delete unlinks and a restore links again.
 */
export interface RestorableRecords<R> {
  table: AnyPgTable & { organizationId: AnyPgColumn };
  /** The table's id column, and a record's id. */
  id: AnyPgColumn;
  idOf(record: R): number;
  columns: Record<string, AnyPgColumn>;
  toRecord(row: Record<string, unknown>): R;
  auditFields(record: R): AuditedFields;
  /** After a delete, with the rows it unlinked per deleted record (a zone's buildings). */
  unlinked?(tx: Tx, actor: Actor, deleted: { id: number; linkedIds: number[] }[]): Promise<void>;
  /** After a restore, with the rows linked again per record put back. */
  relinked?(tx: Tx, actor: Actor, restored: Restored[]): Promise<void>;
}

/**
 * Deletes the organization's records among `ids` in one statement, keeps them for Undo and records
 * the values each had; ids that are unknown or another organization's are skipped, so the answer
 * holds the records really deleted.
 */
export async function deleteWithHistory<R>(
  tx: Tx,
  actor: Actor,
  entity: RestorableEntity,
  ids: number[],
  records: RestorableRecords<R>,
): Promise<R[]> {
  const unique = [...new Set(ids)];
  const kept = await keepDeleted(tx, actor, entity, unique);
  const { table, id, idOf, columns, toRecord, auditFields } = records;
  const rows = (await tx
    .delete(table)
    .where(and(eq(table.organizationId, actor.orgId), inArray(id, unique)))
    .returning(columns)) as Record<string, unknown>[];
  const deleted = rows.map((row) => toRecord(row));
  await writeAudit(
    tx,
    actor,
    entity,
    deleted.map((r) => ({ action: "delete", entityId: idOf(r), before: auditFields(r) })),
  );
  const gone = new Set(deleted.map(idOf));
  await records.unlinked?.(
    tx,
    actor,
    kept.filter((k) => gone.has(k.id)),
  );
  return deleted;
}

/**
 * Undo of a delete as the API answers it: restores, then records a "restore" in each record's
 * history with the values it came back with.
 */
export async function restoreWithHistory<R>(
  tx: Tx,
  actor: Actor,
  entity: RestorableEntity,
  ids: number[],
  records: RestorableRecords<R>,
): Promise<{ restored: number; ids: number[] }> {
  const back = await restoreDeleted(tx, actor, entity, [...new Set(ids)]);
  if (back.length === 0) return { restored: 0, ids: [] };
  const restoredIds = back.map((r) => r.id);
  const { table, id, idOf, columns, toRecord, auditFields } = records;
  const rows = await tx
    .select(columns)
    .from(table)
    .where(and(eq(table.organizationId, actor.orgId), inArray(id, restoredIds)));
  const restored = rows.map((row) => toRecord(row));
  await writeAudit(
    tx,
    actor,
    entity,
    restored.map((r) => ({ action: "restore", entityId: idOf(r), after: auditFields(r) })),
  );
  await records.relinked?.(tx, actor, back);
  return { restored: restored.length, ids: restored.map(idOf) };
}
