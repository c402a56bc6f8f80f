import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, AnyPgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.ts";
import { type Actor, type AuditedFields, writeAudit } from "./audit.ts";

/** How long a deleted record can be put back. */
export const RESTORE_WINDOW_DAYS = 30;

/**
 * The records whose delete can be undone: their table and id column, the units column the delete
 * clears (units stay, unlinked), what must still exist for a restore to succeed, and the values a
 * restored row starts with instead of those it had (`r` is the kept row as jsonb).
 */
const restorable = {
  building: {
    table: "buildings",
    idColumn: "id",
    unitColumn: "building_id",
    // The unit triggers count the relinked units in, so the counters start from zero.
    startValues: (_r: SQL) => sql`, 'total_units', 0, 'occupied_units', 0`,
    parentsExist: (r: SQL) =>
      sql`exists (select 1 from properties p where p.organization_id = d.organization_id and p.id = (${r}->>'property_id')::uuid)`,
  },
  floor_plan: {
    table: "floor_plans",
    idColumn: "id",
    unitColumn: "floor_plan_id",
    startValues: (_r: SQL) => sql``,
    parentsExist: (r: SQL) =>
      sql`(${r}->>'property_id' is null or exists (select 1 from properties p where p.organization_id = d.organization_id and p.id = (${r}->>'property_id')::uuid))`,
  },
  unit: {
    table: "units",
    idColumn: "unit_id",
    unitColumn: null,
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
  },
} as const;
export type RestorableEntity = keyof typeof restorable;

/**
 * Keeps the rows `ids` of the caller's organization, and the units linked to them, before a delete
 * removes them (same transaction, so a delete that rolls back keeps nothing). Records older than the
 * restore window are purged on the way.
 */
export async function keepDeleted(tx: Tx, actor: Actor, entity: RestorableEntity, ids: number[]) {
  const { table, idColumn, unitColumn } = restorable[entity];
  const id = sql`t.${sql.identifier(idColumn)}`;
  const linkedUnits = unitColumn
    ? sql`(select array_agg(u.unit_id order by u.unit_id) from units u
            where u.organization_id = t.organization_id and u.${sql.identifier(unitColumn)} = ${id})`
    : sql`null::bigint[]`;
  await tx.execute(sql`
    delete from deleted_records
     where organization_id = ${actor.orgId} and deleted_at < now() - make_interval(days => ${RESTORE_WINDOW_DAYS})`);
  await tx.execute(sql`
    insert into deleted_records (organization_id, entity, entity_id, record, unit_ids, deleted_by)
    select t.organization_id, ${entity}, ${id}::text, to_jsonb(t), coalesce(${linkedUnits}, '{}'), ${actor.userId}
      from ${sql.identifier(table)} t
     where t.organization_id = ${actor.orgId} and ${id} = any(${idList(ids)}::bigint[])`);
}

/**
 * Puts back the most recent deleted copy of each of `ids` whose parents still exist: same id, same
 * values, units relinked when no one has linked them elsewhere since. Returns the ids put back; the others (unknown, another
 * organization's, already restored, or whose property is gone) are left as they are.
 */
export async function restoreDeleted(tx: Tx, actor: Actor, entity: RestorableEntity, ids: number[]) {
  const { table, unitColumn, parentsExist, startValues } = restorable[entity];
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
  for (const row of taken.rows) {
    const unitIds = typeof row.unit_ids === "string" ? parsePgArray(row.unit_ids) : row.unit_ids.map(Number);
    if (!unitColumn || unitIds.length === 0) continue;
    // Only units still in the record's property: a unit's building and floor plan are its property's.
    const property = row.record.property_id === null ? null : String(row.record.property_id);
    await tx.execute(sql`
      update units set ${sql.identifier(unitColumn)} = ${Number(row.entity_id)}
       where organization_id = ${actor.orgId} and unit_id = any(${idList(unitIds)}::bigint[])
         and ${sql.identifier(unitColumn)} is null
         and (${property}::uuid is null or property_id = ${property}::uuid)`);
  }
  return restoredIds;
}

/**
 * Whole-number ids as one array literal parameter, which PGlite and node-postgres both accept
 * (their JavaScript array handling differs); the ids are integers, so the literal needs no quoting.
 */
const idList = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(Number(id))).join(",")}}`;

/** A bigint[] as a driver may hand it back as text: "{1,2,3}". */
const parsePgArray = (text: string) =>
  text
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean)
    .map(Number);

/** How a module reads its records back after a restore, and which of their fields its history keeps. */
export type RestorableRecords<R> = {
  columns: Record<string, AnyPgColumn>;
  toRecord(row: Record<string, unknown>): R;
  auditFields(record: R): AuditedFields;
} & (
  | { table: AnyPgTable & { organizationId: AnyPgColumn; id: AnyPgColumn }; id?: undefined; idOf?: undefined }
  /** A table whose id column is not `id` (units: unit_id) names it, and how a record gives it. */
  | { table: AnyPgTable & { organizationId: AnyPgColumn }; id: AnyPgColumn; idOf(record: R): number }
);

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
  const restoredIds = await restoreDeleted(tx, actor, entity, [...new Set(ids)]);
  if (restoredIds.length === 0) return { restored: 0, ids: [] };
  const { columns, toRecord, auditFields } = records;
  const { table, id, idOf } =
    records.id === undefined
      ? { table: records.table, id: records.table.id, idOf: (r: R) => (r as { id: number }).id }
      : records;
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
  return { restored: restored.length, ids: restored.map(idOf) };
}
