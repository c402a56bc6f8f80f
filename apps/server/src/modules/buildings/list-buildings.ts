import type { BUILDING_FILTER_COLUMNS, BUILDING_SORT_KEYS, BuildingRow } from "@keyholder/contracts/buildings";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type ColumnSql, nullableNumber, pageOf } from "../../lib/list-sql.ts";

const totalUnits = sql`coalesce(u.total_units, 0)`;
const occupiedUnits = sql`coalesce(u.occupied_units, 0)`;

const sortKeys: Record<(typeof BUILDING_SORT_KEYS)[number], SQL> = {
  "b.name": sql`b.name`,
  "b.building_number": sql`b.building_number`,
  "b.created_date": sql`b.created_date`,
  "b.last_modified_date": sql`b.last_modified_date`,
  "p.name": sql`p.name`,
  "bt.name": sql`bt.name`,
  total_units: totalUnits,
  occupied_units: occupiedUnits,
  "occupied_units/total_units": sql`(${occupiedUnits}::float / nullif(${totalUnits}, 0))`,
  "a.city": sql`a.city`,
  "s.state_name": sql`s.state_name`,
};

const columns: Record<(typeof BUILDING_FILTER_COLUMNS)[number], ColumnSql> = {
  name: { expr: sql`b.name` },
  building_number: { expr: sql`b.building_number`, numeric: true },
  property_name: { expr: sql`p.name` },
  building_type_name: { expr: sql`bt.name` },
  total_units: { expr: totalUnits, numeric: true },
  occupied_units: { expr: occupiedUnits, numeric: true },
  city: { expr: sql`a.city` },
  state_name: { expr: sql`s.state_name` },
};

export interface BuildingListQuery {
  offset: number;
  limit: number;
  sort_by: (typeof BUILDING_SORT_KEYS)[number];
  sort_direction: "asc" | "desc";
  filters: Partial<Record<(typeof BUILDING_FILTER_COLUMNS)[number], string>>;
}

/**
 * One page of the buildings grid with property, type, location and unit totals, sorted and filtered
 * on the server over every row (row-level security limits it to the caller's organization).
 */
export async function listBuildings(tx: Tx, q: BuildingListQuery) {
  const { rows, total } = await pageOf(tx, {
    select: sql`b.id, b.name, b.building_number, b.number_of_units, b.building_type_id, bt.name as building_type_name,
      b.property_id, p.name as property_name, ${totalUnits} as total_units, ${occupiedUnits} as occupied_units,
      a.city, s.state_name, b.created_by, b.created_date, b.last_modified_by, b.last_modified_date`,
    from: sql`buildings b
      join properties p on p.organization_id = b.organization_id and p.id = b.property_id
      left join building_types bt on bt.id = b.building_type_id
      left join addresses a on a.organization_id = b.organization_id and a.id = coalesce(b.address_id, p.address_id)
      left join us_states s on s.id = a.state_id
      left join (
        select building_id, count(*)::int as total_units, count(*) filter (where occupied)::int as occupied_units
        from units where building_id is not null group by building_id
      ) u on u.building_id = b.id`,
    columns,
    sortKeys,
    tieBreaker: sql`b.id`,
    query: q,
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
    created_date: new Date(String(r.created_date)).toISOString(),
    last_modified_by: nullableNumber(r.last_modified_by),
    last_modified_date: new Date(String(r.last_modified_date)).toISOString(),
  }));
  return { buildings, offset: q.offset, count: buildings.length, total_count: total };
}
