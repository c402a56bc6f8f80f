import {
  FLOOR_PLAN_COLUMNS,
  type FLOOR_PLAN_FILTER_TYPES,
  type FLOOR_PLAN_SORT_KEYS,
  type FloorPlanRow,
} from "@keyholder/contracts/floor-plans";
import type { FilterCondition } from "@keyholder/contracts/list-query";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { flagColumn, isoTimestampSql, listSql, nullableNumber, pageOf, rowOf } from "../../lib/list-sql.ts";

const { columns, sortKeys } = listSql(FLOOR_PLAN_COLUMNS, {
  plan_name: { expr: sql`fp.plan_name` },
  plan_code: { expr: sql`fp.plan_code`, nullable: true },
  property_name: { expr: sql`p.name`, nullable: true },
  bed_rooms: { expr: sql`fp.bed_rooms` },
  bath_rooms: { expr: sql`fp.bath_rooms` },
  number_of_levels: { expr: sql`fp.number_of_levels`, integer: true },
  total_square_feet: { expr: sql`fp.total_square_feet`, nullable: true, integer: true },
  base_rent_estimate: { expr: sql`fp.base_rent_estimate` },
  status: flagColumn(sql`fp.active`, { yes: "Active", no: "Inactive" }),
  description: { expr: sql`fp.description`, nullable: true },
  created_date: { expr: sql`fp.created_date` },
  last_modified_date: { expr: sql`fp.last_modified_date` },
});

const select = sql`fp.id, fp.plan_name, fp.plan_code, fp.bed_rooms, fp.bath_rooms, fp.number_of_levels, fp.total_square_feet,
      fp.base_rent_estimate, fp.description, fp.active, fp.property_id, p.name as property_name, fp.organization_id,
      fp.created_by,
      ${isoTimestampSql(sql`fp.created_date`)} as created_date, fp.last_modified_by,
      ${isoTimestampSql(sql`fp.last_modified_date`)} as last_modified_date`;
// To one property at most: the planner leaves the join out of pages that neither show nor sort by it.
const from = sql`floor_plans fp left join properties p on p.organization_id = fp.organization_id and p.id = fp.property_id`;

export interface FloorPlanListQuery {
  offset: number;
  limit: number;
  sort_by: (typeof FLOOR_PLAN_SORT_KEYS)[number];
  sort_direction: "asc" | "desc";
  filters: Partial<Record<keyof typeof FLOOR_PLAN_FILTER_TYPES, string>>;
  conditions: FilterCondition[];
}

/** One page of the floor plans grid, sorted and filtered on the server over every row. */
export async function listFloorPlans(tx: Tx, q: FloorPlanListQuery) {
  const { rows, total } = await pageOf(tx, {
    select,
    from,
    columns,
    sortKeys,
    tieBreaker: sql`fp.id`,
    query: q,
    countedTable: "floor_plans",
  });
  const floorPlans = rows.map(toFloorPlanRow);
  return { floor_plans: floorPlans, offset: q.offset, count: floorPlans.length, total_count: total };
}

/** One floor plan as the grid shows it (for a related record opened by id), or null. */
export async function getFloorPlan(tx: Tx, id: number): Promise<FloorPlanRow | null> {
  const row = await rowOf(tx, { select, from, key: sql`fp.id`, id });
  return row ? toFloorPlanRow(row) : null;
}

function toFloorPlanRow(r: Record<string, unknown>): FloorPlanRow {
  return {
    id: Number(r.id),
    plan_name: String(r.plan_name),
    plan_code: (r.plan_code as string | null) ?? null,
    bed_rooms: Number(r.bed_rooms),
    bath_rooms: Number(r.bath_rooms),
    number_of_levels: Number(r.number_of_levels),
    total_square_feet: nullableNumber(r.total_square_feet),
    base_rent_estimate: Number(r.base_rent_estimate),
    description: (r.description as string | null) ?? null,
    active: Boolean(r.active),
    property_id: (r.property_id as string | null) ?? null,
    property_name: (r.property_name as string | null) ?? null,
    organization_id: String(r.organization_id),
    created_by: nullableNumber(r.created_by),
    created_date: String(r.created_date),
    last_modified_by: nullableNumber(r.last_modified_by),
    last_modified_date: String(r.last_modified_date),
  };
}
