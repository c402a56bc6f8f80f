import type { AiResponse, AssistantTarget } from "@keyholder/contracts/assistant";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { percent, plural, usd, whole } from "./answer-format.ts";
import type { Scope } from "./scope.ts";

type Rows<T> = { rows: T[] };
type Answer = Omit<AiResponse, "engine">;

/** "in Maple Court", "in Austin, Texas", "in ZIP code 78701", "with 2 bedrooms"; "" for everything. */
export function scopeText(scope: Scope) {
  const parts: string[] = [];
  if (scope.building) parts.push(`in ${scope.building.name}`);
  if (scope.floorPlan) parts.push(`on floor plan ${scope.floorPlan.name}`);
  // "in Maple Commons Building A", not "... at Maple Commons" as well.
  if (scope.property && !scope.building?.name.includes(scope.property.name)) parts.push(`at ${scope.property.name}`);
  const place = [scope.city, scope.state].filter(Boolean).join(", ");
  if (place) parts.push(`in ${place}`);
  if (scope.zipcode) parts.push(`in ZIP code ${scope.zipcode}`);
  if (scope.bedrooms !== undefined)
    parts.push(scope.bedrooms === 0 ? "(studios)" : `with ${plural(scope.bedrooms, "bedroom")}`);
  return parts.join(" ");
}

/** The quick filters that show a scope in a table with these columns. */
export function scopeFilters(
  scope: Scope,
  columns: { property?: string; building?: string; floorPlan?: string; city?: boolean; bedrooms?: string },
) {
  const filters: Record<string, string> = {};
  if (scope.property && columns.property) filters[columns.property] = scope.property.name;
  if (scope.building && columns.building) filters[columns.building] = scope.building.name;
  if (scope.floorPlan && columns.floorPlan) filters[columns.floorPlan] = scope.floorPlan.name;
  if (columns.city && scope.city) filters.city = scope.city;
  if (columns.city && scope.state) filters.state_name = scope.state;
  if (scope.bedrooms !== undefined && columns.bedrooms) filters[columns.bedrooms] = String(scope.bedrooms);
  return filters;
}

export const unitsTarget = (scope: Scope, status?: "vacant" | "occupied"): AssistantTarget => ({
  workspace: {
    category: "Unit",
    item: "All Units",
    filters: {
      ...(status ? { status: status === "vacant" ? "Vacant" : "Occupied" } : {}),
      ...scopeFilters(scope, {
        property: "property_name",
        building: "building_name",
        floorPlan: "floor_plan_name",
        city: true,
        bedrooms: "number_of_bedrooms",
      }),
    },
  },
});

/**
 * Conditions on units (alias u) for a scope; the joins they need. Bedrooms are the unit's own, else
 * its floor plan's: `rooms` picks either (lists), or one side alone, so a count can add the two and
 * each side stays an index-only scan (units_org_bedrooms_occupied_idx).
 */
function unitScope(scope: Scope, rooms: "either" | "unit" | "plan" = "either") {
  const where: SQL[] = [sql`true`];
  const joins: SQL[] = [];
  if (scope.property) where.push(sql`u.property_id = ${scope.property.id}`);
  if (scope.building) where.push(sql`u.building_id = ${scope.building.id}`);
  if (scope.floorPlan) where.push(sql`u.floor_plan_id = ${scope.floorPlan.id}`);
  // The city as each of the organization's addresses spells it ("Austin", "austin"): the units'
  // city index serves each spelling, where lower(u.city) would read every unit.
  if (scope.city) {
    where.push(
      sql`u.city = any(array(select distinct ca.city from addresses ca where lower(ca.city) = lower(${scope.city})))`,
    );
  }
  if (scope.state) where.push(sql`u.state_name = ${scope.state}`);
  if (scope.zipcode) {
    joins.push(sql`join properties zp on zp.organization_id = u.organization_id and zp.id = u.property_id
      join addresses za on za.organization_id = zp.organization_id and za.id = zp.address_id`);
    where.push(sql`za.zipcode = ${scope.zipcode}`);
  }
  const bedrooms = scope.bedrooms;
  if (bedrooms !== undefined) {
    const match = (column: SQL) => (bedrooms >= 3 ? sql`${column} >= ${bedrooms}` : sql`${column} = ${bedrooms}`);
    const own = match(sql`u.number_of_bedrooms`);
    const plans = sql`(u.number_of_bedrooms is null and u.floor_plan_id in
      (select bf.id from floor_plans bf where ${match(sql`bf.bed_rooms`)}))`;
    where.push(rooms === "unit" ? own : rooms === "plan" ? plans : sql`(${own} or ${plans})`);
  }
  return { where: sql.join(where, sql` and `), joins: sql.join(joins, sql` `) };
}

/** Vacant, occupied and all units in a scope. */
async function countUnits(tx: Tx, scope: Scope) {
  const count = (rooms: "either" | "unit" | "plan") => {
    const { where, joins } = unitScope(scope, rooms);
    return sql`select count(*) filter (where not u.occupied) as vacant, count(*) filter (where u.occupied) as occupied,
      count(*) as total from units u ${joins} where ${where}`;
  };
  const parts = scope.bedrooms === undefined ? count("either") : sql`${count("unit")} union all ${count("plan")}`;
  const [r] = (
    (await tx.execute(sql`select coalesce(sum(vacant), 0)::int as vacant, coalesce(sum(occupied), 0)::int as occupied,
      coalesce(sum(total), 0)::int as total from (${parts}) c`)) as unknown as Rows<{
      vacant: number;
      occupied: number;
      total: number;
    }>
  ).rows;
  return r ?? { vacant: 0, occupied: 0, total: 0 };
}

/** Vacant or occupied units (or both) in a scope: counts, or the first ten when a list is asked for. */
export async function answerUnits(
  tx: Tx,
  scope: Scope,
  status: "vacant" | "occupied" | undefined,
  list: boolean,
): Promise<Answer> {
  const { vacant, occupied, total } = await countUnits(tx, scope);
  const where2 = scopeText(scope);
  const place = where2 ? ` ${where2}` : "";
  const links = [{ label: `Open these units`, target: unitsTarget(scope, status) }];
  if (total === 0) return { response: `There are no units${place}.`, links };
  const n = status === "vacant" ? vacant : occupied;
  if (list && status && n === 0) return { response: `There are no ${status} units${place}.`, links };
  if (list && status) {
    const { where, joins } = unitScope(scope);
    const { rows } = (await tx.execute(sql`select u.unit_number, u.property_name, u.building_name from units u ${joins}
      where ${where} and u.occupied = ${status === "occupied"} order by u.property_name, u.building_name, u.unit_number limit 10`)) as unknown as Rows<{
      unit_number: string;
      property_name: string;
      building_name: string | null;
    }>;
    const shown = rows.map(
      (r) => `${r.unit_number} (${[r.property_name, r.building_name].filter(Boolean).join(", ")})`,
    );
    return {
      response: `${plural(n, `${status} unit`)}${place}${n > shown.length ? `; the first ${shown.length}` : ""}: ${shown.join("; ")}.`,
      links,
    };
  }
  const rate = `${percent(occupied, total)} occupied`;
  if (status === "vacant")
    return { response: `${plural(vacant, "vacant unit")}${place}, of ${plural(total, "unit")} (${rate}).`, links };
  if (status === "occupied")
    return { response: `${plural(occupied, "occupied unit")}${place}, of ${plural(total, "unit")} (${rate}).`, links };
  return {
    response: `${plural(total, "unit")}${place}: ${whole(occupied)} occupied and ${whole(vacant)} vacant (${rate}).`,
    links,
  };
}

/** Occupancy of a scope, or the properties ranked by it (highest or lowest first, five of them). */
export async function answerOccupancy(tx: Tx, scope: Scope, order: "highest" | "lowest" | undefined): Promise<Answer> {
  if (!order || scope.property) {
    const r = await countUnits(tx, scope);
    const place = scopeText(scope);
    if (!r || r.total === 0)
      return { response: `There are no units${place ? ` ${place}` : ""} to measure occupancy by.` };
    return {
      response: `Occupancy${place ? ` ${place}` : " across your properties"} is ${percent(r.occupied, r.total)}: ${whole(r.occupied)} of ${plural(r.total, "unit")} occupied.`,
      links: [{ label: "Open these units", target: unitsTarget(scope) }],
    };
  }
  const where: SQL[] = [sql`p.total_units > 0`];
  if (scope.city) where.push(sql`lower(a.city) = lower(${scope.city})`);
  if (scope.state) where.push(sql`s.state_name = ${scope.state}`);
  if (scope.zipcode) where.push(sql`a.zipcode = ${scope.zipcode}`);
  const { rows } = (await tx.execute(sql`select p.name, p.occupied_units, p.total_units
    from properties p
    left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
    left join us_states s on s.id = a.state_id
    where ${sql.join(where, sql` and `)}
    order by p.occupied_units::float / p.total_units ${order === "lowest" ? sql`asc` : sql`desc`}, p.total_units desc, p.name
    limit 5`)) as unknown as Rows<{ name: string; occupied_units: number; total_units: number }>;
  const place = scopeText(scope);
  if (rows.length === 0) return { response: `No property${place ? ` ${place}` : ""} has units yet.` };
  const ranked = rows.map(
    (r, i) =>
      `${i + 1}. ${r.name}: ${percent(r.occupied_units, r.total_units)} (${whole(r.occupied_units)} of ${whole(r.total_units)})`,
  );
  return {
    response: `${order === "lowest" ? "Lowest" : "Highest"} occupancy${place ? ` ${place}` : ""}:\n${ranked.join("\n")}`,
    links: [
      {
        label: "Open properties by occupancy",
        target: {
          workspace: { category: "Property", item: "All Properties", filters: scopeFilters(scope, { city: true }) },
        },
      },
    ],
  };
}

/** Rents of the active floor plans in a scope: range, average, how many plans. */
export async function answerRent(tx: Tx, scope: Scope): Promise<Answer> {
  const where: SQL[] = [sql`fp.active`];
  if (scope.property) where.push(sql`fp.property_id = ${scope.property.id}`);
  if (scope.floorPlan) where.push(sql`fp.id = ${scope.floorPlan.id}`);
  if (scope.bedrooms !== undefined) {
    where.push(scope.bedrooms >= 3 ? sql`fp.bed_rooms >= ${scope.bedrooms}` : sql`fp.bed_rooms = ${scope.bedrooms}`);
  }
  if (scope.city) where.push(sql`lower(a.city) = lower(${scope.city})`);
  if (scope.state) where.push(sql`s.state_name = ${scope.state}`);
  if (scope.zipcode) where.push(sql`a.zipcode = ${scope.zipcode}`);
  const [r] = (
    (await tx.execute(sql`select count(*)::int as plans, min(fp.base_rent_estimate) as low,
        max(fp.base_rent_estimate) as high, avg(fp.base_rent_estimate) as mean
      from floor_plans fp
      left join properties p on p.organization_id = fp.organization_id and p.id = fp.property_id
      left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
      left join us_states s on s.id = a.state_id
      where ${sql.join(where, sql` and `)}`)) as unknown as Rows<{
      plans: number;
      low: string;
      high: string;
      mean: string;
    }>
  ).rows;
  // Rents are the floor plans', not a building's: the answer names what it measured.
  const place = scopeText({ ...scope, building: undefined });
  const links = [
    {
      label: "Open the floor plans",
      target: {
        workspace: {
          category: "Unit",
          item: "Floor Plans",
          filters: scopeFilters(scope, { property: "property_name", floorPlan: "plan_name", bedrooms: "bed_rooms" }),
        },
      },
    },
  ];
  if (!r || r.plans === 0) return { response: `There are no active floor plans${place ? ` ${place}` : ""}.`, links };
  return {
    response: `Rents of the ${plural(r.plans, "active floor plan")}${place ? ` ${place}` : ""} run from ${usd(Number(r.low))} to ${usd(Number(r.high))} a month; the average is ${usd(Number(r.mean))}.`,
    links,
  };
}

/** A property's buildings, units, floor plans and zones. */
export async function answerContents(tx: Tx, property: { id: string; name: string }): Promise<Answer> {
  const [r] = (
    (await tx.execute(sql`select p.total_buildings, p.total_units, p.occupied_units,
        (select count(*)::int from floor_plans fp where fp.organization_id = p.organization_id and fp.property_id = p.id) as plans,
        (select count(*)::int from zones z where z.organization_id = p.organization_id and z.property_id = p.id) as zones
      from properties p where p.id = ${property.id}`)) as unknown as Rows<{
      total_buildings: number;
      total_units: number;
      occupied_units: number;
      plans: number;
      zones: number;
    }>
  ).rows;
  if (!r) return { response: `I could not find ${property.name}.` };
  return {
    response: `${property.name} has ${plural(r.total_buildings, "building")}, ${plural(r.total_units, "unit")} (${whole(r.occupied_units)} occupied), ${plural(r.plans, "floor plan")} and ${plural(r.zones, "zone")}.`,
    links: [
      {
        label: `Open ${property.name}'s buildings`,
        target: {
          workspace: { category: "Building", item: "All Buildings", filters: { property_name: property.name } },
        },
      },
      { label: `Open ${property.name}'s units`, target: unitsTarget({ property }) },
    ],
  };
}

/** Properties in a place: how many, and their names (ten at most). */
export async function answerProperties(tx: Tx, scope: Scope): Promise<Answer> {
  const where: SQL[] = [sql`true`];
  if (scope.city) where.push(sql`lower(a.city) = lower(${scope.city})`);
  if (scope.state) where.push(sql`s.state_name = ${scope.state}`);
  if (scope.zipcode) where.push(sql`a.zipcode = ${scope.zipcode}`);
  const { rows } = (await tx.execute(sql`select p.name, count(*) over ()::int as total
    from properties p
    left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
    left join us_states s on s.id = a.state_id
    where ${sql.join(where, sql` and `)} order by p.name, p.id limit 10`)) as unknown as Rows<{
    name: string;
    total: number;
  }>;
  const place = scopeText({
    ...scope,
    property: undefined,
    building: undefined,
    floorPlan: undefined,
    bedrooms: undefined,
  });
  const total = rows[0]?.total ?? 0;
  const links = [
    {
      label: "Open these properties",
      target: {
        workspace: { category: "Property", item: "All Properties", filters: scopeFilters(scope, { city: true }) },
      },
    },
  ];
  if (total === 0) return { response: `You have no properties${place ? ` ${place}` : ""}.`, links };
  return {
    response: `${plural(total, "property", "properties")}${place ? ` ${place}` : ""}: ${rows.map((r) => r.name).join(", ")}${total > rows.length ? ", and more" : ""}.`,
    links,
  };
}
