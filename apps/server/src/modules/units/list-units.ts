import type { FilterCondition } from "@keyholder/contracts/list-query";
import { UNIT_COLUMNS, type UNIT_FILTER_TYPES, type UNIT_SORT_KEYS, type UnitRow } from "@keyholder/contracts/units";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { flagColumn, isoTimestampSql, listSql, nullableNumber, pageOf, rowOf } from "../../lib/list-sql.ts";

/*
 * One table for every sort key: the names the grid shows of the unit's property, building and floor
 * plan, its rent and its city and state are the unit's own copies, kept by triggers (migration
 * 0016), each behind an index. The floor plan's other details and the building's number are only
 * shown and filtered, so they are read through to-one joins, which the planner drops from the
 * statements that only find a page's keys. The `covered` columns are in every sort index too
 * (migration 0025), so a filter on them is tested on a walk along any sort index without the rows;
 * so are the property's, building's and floor plan's keys, against which a filter on their names
 * is tested (`parent`).
 */
const { columns, sortKeys } = listSql(UNIT_COLUMNS, {
  unit_number: { expr: sql`u.unit_number` },
  building_name: {
    expr: sql`u.building_name`,
    nullable: true,
    parent: {
      link: sql`u.building_id`,
      rows: sql`buildings pb`,
      key: sql`pb.id`,
      keyType: "bigint",
      name: sql`pb.name`,
      counter: sql`pb.total_units`,
      folded: sql`pb.name_folded`,
    },
  },
  property_name: {
    expr: sql`u.property_name`,
    parent: {
      link: sql`u.property_id`,
      rows: sql`properties pp`,
      key: sql`pp.id`,
      keyType: "uuid",
      name: sql`pp.name`,
      counter: sql`pp.total_units`,
      folded: sql`pp.name_folded`,
    },
  },
  floor_plan_name: {
    expr: sql`u.floor_plan_name`,
    nullable: true,
    parent: {
      link: sql`u.floor_plan_id`,
      rows: sql`floor_plans pf`,
      key: sql`pf.id`,
      keyType: "bigint",
      name: sql`pf.plan_name`,
    },
  },
  floor_plan_code: { expr: sql`fp.plan_code`, nullable: true },
  number_of_bedrooms: { expr: sql`u.number_of_bedrooms`, nullable: true, covered: true },
  number_of_bathrooms: { expr: sql`u.number_of_bathrooms`, nullable: true, covered: true },
  square_footage: { expr: sql`u.square_footage`, nullable: true, integer: true, covered: true },
  status: { ...flagColumn(sql`u.occupied`, { yes: "Occupied", no: "Vacant" }), covered: true },
  date_available: { expr: sql`u.date_available`, nullable: true, day: true, covered: true },
  base_rent_estimate: { expr: sql`u.base_rent_estimate`, nullable: true, covered: true },
  rentable_square_feet: { expr: sql`fp.rentable_square_feet`, nullable: true, integer: true },
  usable_square_feet: { expr: sql`fp.usable_square_feet`, nullable: true, integer: true },
  laundry_type: { expr: sql`fp.laundry_type`, nullable: true },
  room_count_total: { expr: sql`fp.room_count_total`, nullable: true, integer: true },
  number_of_levels: { expr: sql`fp.number_of_levels`, nullable: true, integer: true },
  building_number: { expr: sql`b.building_number`, nullable: true, integer: true },
  city: { expr: sql`u.city`, nullable: true },
  state_name: { expr: sql`u.state_name`, nullable: true },
  created_date: { expr: sql`u.created_date` },
  last_modified_date: { expr: sql`u.last_modified_date` },
});

/** The columns units_grid_values_of (migration 0017) keeps in the dictionary, all the unit's own. */
const DICTIONARY_COLUMNS = [
  "unit_number",
  "property_name",
  "building_name",
  "floor_plan_name",
  "number_of_bedrooms",
  "number_of_bathrooms",
  "square_footage",
  "base_rent_estimate",
  "status",
  "date_available",
  "city",
  "state_name",
  "created_date",
  "last_modified_date",
] as const;

const from = sql`units u
  left join floor_plans fp on fp.organization_id = u.organization_id and fp.id = u.floor_plan_id
  left join buildings b on b.organization_id = u.organization_id and b.id = u.building_id`;

const select = sql`u.unit_id, u.unit_number, u.property_id, u.property_name, u.building_id, u.building_name,
  b.building_number, u.floor_plan_id, u.floor_plan_name, fp.plan_code, u.address_id,
  u.date_available::text as date_available, u.number_of_bedrooms, u.number_of_bathrooms, u.square_footage,
  u.occupied, u.organization_id, fp.bed_rooms, fp.bath_rooms, fp.total_square_feet, u.base_rent_estimate,
  fp.rentable_square_feet, fp.usable_square_feet, fp.laundry_type, fp.room_count_total, fp.number_of_levels,
  u.city, u.state_name, u.created_by, ${isoTimestampSql(sql`u.created_date`)} as created_date,
  u.last_modified_by, ${isoTimestampSql(sql`u.last_modified_date`)} as last_modified_date`;

export interface UnitListQuery {
  offset: number;
  limit: number;
  sort_by: (typeof UNIT_SORT_KEYS)[number];
  sort_direction: "asc" | "desc";
  filters: Partial<Record<keyof typeof UNIT_FILTER_TYPES, string>>;
  conditions: FilterCondition[];
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * One page of the units grid (spec records 3.8, 7), sorted and filtered on the server over every
 * row (row-level security limits it to the caller's organization).
 */
export async function listUnits(tx: Tx, q: UnitListQuery) {
  const { rows, total } = await pageOf(tx, {
    select,
    from,
    columns,
    sortKeys,
    tieBreaker: sql`u.unit_id`,
    query: q,
    countedTable: "units",
    keysFrom: sql`units u`,
    dictionary: { table: "units", columns: DICTIONARY_COLUMNS },
  });
  const units = rows.map(toUnitRow);
  return { units, count: units.length, total_count: total, offset: q.offset };
}

/** One unit as the grid shows it, or null when the caller's organization has none with that id. */
export async function getUnit(tx: Tx, id: number): Promise<UnitRow | null> {
  const row = await rowOf(tx, { select, from, key: sql`u.unit_id`, id });
  return row ? toUnitRow(row) : null;
}

function toUnitRow(r: Record<string, unknown>): UnitRow {
  return {
    unit_id: Number(r.unit_id),
    unit_number: String(r.unit_number),
    property_id: String(r.property_id),
    property_name: String(r.property_name),
    building_id: nullableNumber(r.building_id),
    building_name: text(r.building_name),
    building_number: nullableNumber(r.building_number),
    floor_plan_id: nullableNumber(r.floor_plan_id),
    floor_plan_name: text(r.floor_plan_name),
    floor_plan_code: text(r.plan_code),
    address_id: nullableNumber(r.address_id),
    date_available: text(r.date_available),
    number_of_bedrooms: nullableNumber(r.number_of_bedrooms),
    number_of_bathrooms: nullableNumber(r.number_of_bathrooms),
    square_footage: nullableNumber(r.square_footage),
    occupied: Boolean(r.occupied),
    organization_id: String(r.organization_id),
    bed_rooms: nullableNumber(r.bed_rooms),
    bath_rooms: nullableNumber(r.bath_rooms),
    total_square_feet: nullableNumber(r.total_square_feet),
    base_rent_estimate: nullableNumber(r.base_rent_estimate),
    rentable_square_feet: nullableNumber(r.rentable_square_feet),
    usable_square_feet: nullableNumber(r.usable_square_feet),
    laundry_type: text(r.laundry_type),
    room_count_total: nullableNumber(r.room_count_total),
    number_of_levels: nullableNumber(r.number_of_levels),
    address: { city: text(r.city), state: { state_name: text(r.state_name) } },
    created_by: nullableNumber(r.created_by),
    created_date: String(r.created_date),
    last_modified_by: nullableNumber(r.last_modified_by),
    last_modified_date: String(r.last_modified_date),
  };
}
