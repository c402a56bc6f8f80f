import { BUILDING_COLUMNS, type BUILDING_SORT_KEYS, type BuildingRow } from "@keyholder/contracts/buildings";
import type { FilterCondition } from "@keyholder/contracts/list-query";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  columnsSql,
  isoTimestampSql,
  nullableKey,
  nullableNumber,
  pageOf,
  requiredKey,
  type SortKey,
} from "../../lib/list-sql.ts";

// Counters on the building row, kept exact by triggers on units: sorting or filtering on them is an
// index scan, where aggregating the organization's units took a pass over all of them per request.
const totalUnits = sql`b.total_units`;
const occupiedUnits = sql`b.occupied_units`;

const sortKeys: Record<(typeof BUILDING_SORT_KEYS)[number], SortKey> = {
  "b.name": nullableKey(sql`b.name`),
  "b.building_number": nullableKey(sql`b.building_number`),
  "b.created_date": requiredKey(sql`b.created_date`),
  "b.last_modified_date": requiredKey(sql`b.last_modified_date`),
  // The spec's keys name the joined tables; the values are the building's copies of them.
  "p.name": requiredKey(sql`b.property_name`),
  "bt.name": nullableKey(sql`b.building_type_name`),
  total_units: requiredKey(totalUnits),
  occupied_units: requiredKey(occupiedUnits),
  "occupied_units/total_units": nullableKey(sql`(${occupiedUnits}::float / nullif(${totalUnits}, 0))`),
  "a.city": nullableKey(sql`b.city`),
  "s.state_name": nullableKey(sql`b.state_name`),
};

const columns = columnsSql(BUILDING_COLUMNS, {
  name: sql`b.name`,
  building_number: sql`b.building_number`,
  property_name: sql`b.property_name`,
  building_type_name: sql`b.building_type_name`,
  total_units: totalUnits,
  occupied_units: occupiedUnits,
  city: sql`b.city`,
  state_name: sql`b.state_name`,
  created_date: sql`b.created_date`,
  last_modified_date: sql`b.last_modified_date`,
});

export interface BuildingListQuery {
  offset: number;
  limit: number;
  sort_by: (typeof BUILDING_SORT_KEYS)[number];
  sort_direction: "asc" | "desc";
  filters: Partial<Record<keyof typeof BUILDING_COLUMNS, string>>;
  conditions: FilterCondition[];
}

/**
 * One page of the buildings grid with property, type, location and unit totals, sorted and filtered
 * on the server over every row (row-level security limits it to the caller's organization).
 */
export async function listBuildings(tx: Tx, q: BuildingListQuery) {
  const { rows, total } = await pageOf(tx, {
    select: sql`b.id, b.name, b.building_number, b.number_of_units, b.building_type_id, b.building_type_name,
      b.property_id, b.property_name, ${totalUnits} as total_units, ${occupiedUnits} as occupied_units,
      b.city, b.state_name, b.created_by, ${isoTimestampSql(sql`b.created_date`)} as created_date,
      b.last_modified_by, ${isoTimestampSql(sql`b.last_modified_date`)} as last_modified_date`,
    // One table: the property, type and location the grid shows are kept on the building by
    // triggers (migration 0006), so every sort key and filter is a column here.
    from: sql`buildings b`,
    columns,
    sortKeys,
    tieBreaker: sql`b.id`,
    query: q,
    countedTable: "buildings",
  });
  const buildings: BuildingRow[] = rows.map((r) => ({
    id: Number(r.id),
    name: (r.name as string | null) ?? null,
    building_number: nullableNumber(r.building_number),
    number_of_units: Number(r.number_of_units),
    building_type: nullableNumber(r.building_type_id),
    building_type_name: (r.building_type_name as string | null) ?? null,
    property_id: String(r.property_id),
    property_name: String(r.property_name),
    total_units: Number(r.total_units),
    occupied_units: Number(r.occupied_units),
    address: {
      city: (r.city as string | null) ?? null,
      state: { state_name: (r.state_name as string | null) ?? null },
    },
    created_by: nullableNumber(r.created_by),
    created_date: String(r.created_date),
    last_modified_by: nullableNumber(r.last_modified_by),
    last_modified_date: String(r.last_modified_date),
  }));
  return { buildings, offset: q.offset, count: buildings.length, total_count: total };
}
