import {
  BUILDING_COLUMNS,
  type BUILDING_FILTER_TYPES,
  type BUILDING_SORT_KEYS,
  type BuildingRow,
} from "@keyholder/contracts/buildings";
import type { FilterCondition } from "@keyholder/contracts/list-query";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isoTimestampSql, listSql, nullableNumber, pageOf, rowOf } from "../../lib/list-sql.ts";

// Counters on the building row, kept exact by triggers on units: sorting or filtering on them is an
// index scan, where aggregating the organization's units took a pass over all of them per request.
const totalUnits = sql`b.total_units`;
const occupiedUnits = sql`b.occupied_units`;

// One table: the property, zone, type and location the grid shows are kept on the building by triggers
// (migrations 0006, 0013), so every sort key and filter is a column here (the spec's keys name the joined
// tables; the values are the building's copies of them).
const { columns, sortKeys } = listSql(BUILDING_COLUMNS, {
  name: { expr: sql`b.name`, nullable: true },
  building_number: { expr: sql`b.building_number`, nullable: true, integer: true },
  created_date: { expr: sql`b.created_date` },
  last_modified_date: { expr: sql`b.last_modified_date` },
  property_name: { expr: sql`b.property_name` },
  zone_name: { expr: sql`b.zone_name`, nullable: true },
  building_type_name: { expr: sql`b.building_type_name`, nullable: true },
  number_of_units: { expr: sql`b.number_of_units`, integer: true },
  total_units: { expr: totalUnits, integer: true },
  occupied_units: { expr: occupiedUnits, integer: true },
  occupancy_rate: { expr: sql`(${occupiedUnits}::float / nullif(${totalUnits}, 0))`, nullable: true },
  city: { expr: sql`b.city`, nullable: true },
  state_name: { expr: sql`b.state_name`, nullable: true },
});

export interface BuildingListQuery {
  offset: number;
  limit: number;
  sort_by: (typeof BUILDING_SORT_KEYS)[number];
  sort_direction: "asc" | "desc";
  filters: Partial<Record<keyof typeof BUILDING_FILTER_TYPES, string>>;
  conditions: FilterCondition[];
}

/**
 * One page of the buildings grid with property, type, location and unit totals, sorted and filtered
 * on the server over every row (row-level security limits it to the caller's organization).
 */
export async function listBuildings(tx: Tx, q: BuildingListQuery) {
  const { rows, total } = await pageOf(tx, {
    select,
    from,
    columns,
    sortKeys,
    tieBreaker: sql`b.id`,
    query: q,
    countedTable: "buildings",
  });
  const buildings = rows.map(toBuildingRow);
  return { buildings, offset: q.offset, count: buildings.length, total_count: total };
}

/** One building as the grid shows it (for a related record opened by id), or null. */
export async function getBuilding(tx: Tx, id: number): Promise<BuildingRow | null> {
  const row = await rowOf(tx, { select, from, key: sql`b.id`, id });
  return row ? toBuildingRow(row) : null;
}

const select = sql`b.id, b.name, b.building_number, b.number_of_units, b.building_type_id, b.building_type_name,
  b.property_id, b.property_name, b.zone_id, b.zone_name, ${totalUnits} as total_units, ${occupiedUnits} as occupied_units,
  b.city, b.state_name, b.created_by, ${isoTimestampSql(sql`b.created_date`)} as created_date,
  b.last_modified_by, ${isoTimestampSql(sql`b.last_modified_date`)} as last_modified_date`;
const from = sql`buildings b`;

function toBuildingRow(r: Record<string, unknown>): BuildingRow {
  return {
    id: Number(r.id),
    name: (r.name as string | null) ?? null,
    building_number: nullableNumber(r.building_number),
    number_of_units: Number(r.number_of_units),
    building_type: nullableNumber(r.building_type_id),
    building_type_name: (r.building_type_name as string | null) ?? null,
    property_id: String(r.property_id),
    property_name: String(r.property_name),
    zone_id: nullableNumber(r.zone_id),
    zone_name: (r.zone_name as string | null) ?? null,
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
  };
}
