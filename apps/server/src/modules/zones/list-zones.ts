import type { FilterCondition } from "@keyholder/contracts/list-query";
import { ZONE_COLUMNS, type ZONE_FILTER_TYPES, type ZONE_SORT_KEYS, type ZoneRow } from "@keyholder/contracts/zones";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isoTimestampSql, listSql, nullableNumber, pageOf, rowOf } from "../../lib/list-sql.ts";

// Counters on the zone row, kept exact by triggers on buildings (migration 0014): summing each
// zone's buildings per request made every page a pass over all of the organization's buildings.
const totalUnits = sql`z.total_units`;
const occupiedUnits = sql`z.occupied_units`;

// One table: the property's name and location are copies on the zone (migration 0014), so every
// sort key is an index on zones (the spec-style keys name the tables the values come from).
const { columns, sortKeys } = listSql(ZONE_COLUMNS, {
  name: { expr: sql`z.name` },
  property_name: { expr: sql`z.property_name` },
  description: { expr: sql`z.description`, nullable: true },
  logo: { expr: sql`z.logo`, nullable: true },
  secondary_url: { expr: sql`z.secondary_url`, nullable: true },
  url: { expr: sql`z.url`, nullable: true },
  tax_id: { expr: sql`z.tax_id`, nullable: true },
  city: { expr: sql`z.city`, nullable: true },
  state_name: { expr: sql`z.state_name`, nullable: true },
  building_count: { expr: sql`z.building_count`, integer: true },
  total_units: { expr: totalUnits, integer: true },
  occupied_units: { expr: occupiedUnits, integer: true },
  occupancy_rate: { expr: sql`(${occupiedUnits}::float / nullif(${totalUnits}, 0))`, nullable: true },
  created_date: { expr: sql`z.created_date` },
  last_modified_date: { expr: sql`z.last_modified_date` },
});

export interface ZoneListQuery {
  offset: number;
  limit: number;
  sort_by: (typeof ZONE_SORT_KEYS)[number];
  sort_direction: "asc" | "desc";
  filters: Partial<Record<keyof typeof ZONE_FILTER_TYPES, string>>;
  conditions: FilterCondition[];
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * One page of the zones grid with each zone's property, location and its buildings' figures,
 * sorted and filtered on the server over every row (row-level security limits it to the caller's
 * organization).
 */
export async function listZones(tx: Tx, q: ZoneListQuery) {
  const { rows, total } = await pageOf(tx, {
    select,
    from,
    columns,
    sortKeys,
    tieBreaker: sql`z.id`,
    query: q,
    countedTable: "zones",
  });
  const zones = rows.map(toZoneRow);
  return { zones, offset: q.offset, count: zones.length, total_count: total };
}

/** One zone as the grid shows it (for a related record opened by id), or null. */
export async function getZone(tx: Tx, id: number): Promise<ZoneRow | null> {
  const row = await rowOf(tx, { select, from, key: sql`z.id`, id });
  return row ? toZoneRow(row) : null;
}

const select = sql`z.id, z.property_id, z.name, z.description, z.logo, z.secondary_url, z.url, z.tax_id,
  z.property_name, z.city, z.state_name, z.building_count, ${totalUnits} as total_units,
  ${occupiedUnits} as occupied_units, z.created_by, ${isoTimestampSql(sql`z.created_date`)} as created_date,
  z.last_modified_by, ${isoTimestampSql(sql`z.last_modified_date`)} as last_modified_date`;
const from = sql`zones z`;

function toZoneRow(r: Record<string, unknown>): ZoneRow {
  return {
    id: Number(r.id),
    property_id: String(r.property_id),
    name: String(r.name),
    description: text(r.description),
    logo: text(r.logo),
    secondary_url: text(r.secondary_url),
    url: text(r.url),
    tax_id: text(r.tax_id),
    property: { name: String(r.property_name) },
    address: { city: text(r.city), state: { state_name: text(r.state_name) } },
    building_count: Number(r.building_count),
    total_units: Number(r.total_units),
    occupied_units: Number(r.occupied_units),
    created_by: nullableNumber(r.created_by),
    created_date: String(r.created_date),
    last_modified_by: nullableNumber(r.last_modified_by),
    last_modified_date: String(r.last_modified_date),
  };
}
