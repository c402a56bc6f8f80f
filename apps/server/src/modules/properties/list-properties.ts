import type { FilterCondition } from "@keyholder/contracts/list-query";
import {
  PET_POLICIES,
  PET_POLICY_LABELS,
  PROPERTY_COLUMNS,
  type PROPERTY_FILTER_TYPES,
  type PROPERTY_SORT_KEYS,
  type PropertyRow,
} from "@keyholder/contracts/properties";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { flagColumn, listSql, pageOf } from "../../lib/list-sql.ts";
import { propertyFrom, propertySelect, toPropertyRow } from "./property-select.ts";

// The property's own columns sort through their indexes; the joined ones (type, manager, address)
// sort the organization's properties, a few thousand rows even at a million units.
const { columns, sortKeys } = listSql(PROPERTY_COLUMNS, {
  name: { expr: sql`p.name` },
  property_slug: { expr: sql`p.property_slug`, nullable: true },
  status: flagColumn(sql`p.is_active`, { yes: "Active", no: "Inactive" }),
  created_date: { expr: sql`p.created_date` },
  last_modified_date: { expr: sql`p.last_modified_date` },
  type_name: { expr: sql`pt.name` },
  type_description: { expr: sql`pt.description` },
  manager_name: { expr: sql`(pm.first_name || ' ' || pm.last_name)`, nullable: true },
  manager_email: { expr: sql`pm.email`, nullable: true },
  address_line_1: { expr: sql`a.address_line_1`, nullable: true },
  address_line_2: { expr: sql`a.address_line_2`, nullable: true },
  address_line_3: { expr: sql`a.address_line_3`, nullable: true },
  city: { expr: sql`a.city`, nullable: true },
  state_name: { expr: sql`s.state_name`, nullable: true },
  zipcode: { expr: sql`a.zipcode`, nullable: true },
  latitude: { expr: sql`a.latitude`, nullable: true },
  longitude: { expr: sql`a.longitude`, nullable: true },
  total_buildings: { expr: sql`p.total_buildings`, integer: true },
  total_units: { expr: sql`p.total_units`, integer: true },
  occupied_units: { expr: sql`p.occupied_units`, integer: true },
  occupancy_rate: { expr: sql`(p.occupied_units::float / nullif(p.total_units, 0))`, nullable: true },
  lot_size: { expr: sql`p.lot_size`, nullable: true },
  lot_size_unit: { expr: sql`p.lot_size_unit`, nullable: true },
  number_of_parking_spots: { expr: sql`p.number_of_parking_spots`, nullable: true, integer: true },
  pet_policy: {
    expr: sql`(case p.pet_policy ${sql.join(
      PET_POLICIES.map((v) => sql`when ${v} then ${PET_POLICY_LABELS[v]}`),
      sql` `,
    )} end)`,
    nullable: true,
  },
  year_built: { expr: sql`p.year_built`, nullable: true, integer: true },
  last_renovated: { expr: sql`p.last_renovated`, nullable: true, day: true },
  listed_online: flagColumn(sql`p.show_property_online`, { yes: "Yes", no: "No" }),
  opening_hours: { expr: sql`p.opening_hours` },
});

export interface PropertyListQuery {
  offset: number;
  limit: number;
  sort_by: (typeof PROPERTY_SORT_KEYS)[number];
  sort_direction: "asc" | "desc";
  filters: Partial<Record<keyof typeof PROPERTY_FILTER_TYPES, string>>;
  conditions: FilterCondition[];
}

/** One page of the properties grid (spec records 3.3, 7), sorted and filtered over every row. */
export async function listProperties(tx: Tx, q: PropertyListQuery) {
  const { rows, total } = await pageOf(tx, {
    select: propertySelect,
    from: propertyFrom,
    columns,
    sortKeys,
    tieBreaker: sql`p.id`,
    tieType: "uuid",
    query: q,
    countedTable: "properties",
  });
  const properties: PropertyRow[] = rows.map(toPropertyRow);
  return {
    properties,
    count: properties.length,
    total_count: total,
    offset: q.offset,
    limit: q.limit,
    sort_by: q.sort_by,
    sort_desc: q.sort_direction === "desc",
  };
}
