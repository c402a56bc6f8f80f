import type { RelatedItemList, RelatedItemScope } from "@keyholder/contracts/related-items";
import { type SQL, sql } from "drizzle-orm";
import type { Position } from "./cursor.ts";

/** What one page asks of a list's SQL; every value reaches the database as a bound parameter. */
export interface PageParams {
  scopeId: string | number | null;
  /** A LIKE pattern (already escaped), or null for every item. */
  pattern: string | null;
  after: Position | null;
  limit: number;
}

interface ListSql {
  /** One page of (id, value) by (value, id). */
  page(p: PageParams): SQL;
  /** The scope's number of items (scoped lists only). */
  count?(scopeId: string | number): SQL;
}

/** A building as people name it: its name, else "Building {number}". */
const buildingName = (b: string) =>
  sql.raw(`coalesce(nullif(btrim(${b}.name), ''), 'Building ' || ${b}.building_number, 'Unnamed building')`);

/**
 * A page of `rows` (a select of id and value): the search applied to the shown value, keyset
 * paging after the cursor's position, ordered by value then id so repeated values neither repeat
 * nor drop out between pages. The subquery is pulled up by the planner, so an index on the
 * underlying columns (zones, properties) serves the order and the position directly.
 */
const pageOf = (rows: SQL, idType: "bigint" | "uuid", p: PageParams) => sql`
  select r.id, r.value from (${rows}) r
  where ${p.pattern === null ? sql`true` : sql`r.value ilike ${p.pattern}`}
    and ${p.after ? sql`(r.value, r.id) > (${p.after.value}::text, ${String(p.after.id)}::${sql.raw(idType)})` : sql`true`}
  order by r.value, r.id
  limit ${p.limit}`;

const count = (table: string, column: string) => (scopeId: string | number) =>
  sql`select count(*)::int as count from ${sql.raw(table)} where ${sql.raw(column)} = ${scopeId}`;

/**
 * The whitelist: one SQL per list of the contracts' RELATED_ITEM_LISTS, typed so none is missing.
 * All run inside withOrg, so row-level security confines them to the session's organization; the
 * scope filter only narrows that further.
 */
export const RELATED_LIST_SQL: Record<RelatedItemList, ListSql> = {
  "buildings-by-property": {
    page: (p) =>
      pageOf(
        sql`select b.id, ${buildingName("b")} as value from buildings b where b.property_id = ${p.scopeId}::uuid`,
        "bigint",
        p,
      ),
    count: count("buildings", "property_id"),
  },
  "floor-plans-by-property": {
    page: (p) =>
      pageOf(
        sql`select fp.id, fp.plan_name || coalesce(' (' || nullif(btrim(fp.plan_code), '') || ')', '') as value
            from floor_plans fp where fp.property_id = ${p.scopeId}::uuid`,
        "bigint",
        p,
      ),
    count: count("floor_plans", "property_id"),
  },
  // Unit numbers repeat from building to building (101 in each), so where the property's units
  // lie in more than one building each shows its building's name too: "101, Building A".
  "units-by-property": {
    page: (p) =>
      pageOf(
        sql`select u.unit_id as id,
              case when m.many and u.building_id is not null then u.unit_number || ', ' || ${buildingName("b")}
                   else u.unit_number end as value
            from units u
            left join buildings b on b.organization_id = u.organization_id and b.id = u.building_id
            cross join (select count(distinct coalesce(building_id, 0)) > 1 as many
                        from units where property_id = ${p.scopeId}::uuid) m
            where u.property_id = ${p.scopeId}::uuid`,
        "bigint",
        p,
      ),
    count: count("units", "property_id"),
  },
  "units-by-building": {
    page: (p) =>
      pageOf(
        sql`select u.unit_id as id, u.unit_number as value from units u where u.building_id = ${p.scopeId}`,
        "bigint",
        p,
      ),
    count: count("units", "building_id"),
  },
  "zones-by-property": {
    page: (p) =>
      pageOf(sql`select z.id, z.name as value from zones z where z.property_id = ${p.scopeId}::uuid`, "bigint", p),
    count: count("zones", "property_id"),
  },
  // The organization's properties by name. A search goes through property_names_matching (migration
  // 0013, decision 008): under row-level security ILIKE cannot use the trigram index, and a rare
  // term read every property of the organization.
  properties: {
    page: (p) =>
      p.pattern === null
        ? pageOf(sql`select p.id, p.name as value from properties p`, "uuid", p)
        : sql`
          select p.id, p.name as value from properties p
          where p.id in (select property_names_matching(${p.pattern}, ${p.after?.value ?? null}::text,
                                                        ${p.after ? String(p.after.id) : null}::uuid, ${p.limit}))
          order by p.name, p.id`,
  },
  // The organization's tenants (a lease's parties), shown with their email: two tenants may share a name.
  tenants: {
    page: (p) =>
      pageOf(
        sql`select t.id, t.name || coalesce(' <' || nullif(btrim(t.email), '') || '>', '') as value from tenants t`,
        "uuid",
        p,
      ),
  },
  // The organization's vendors (a bill's, a payment's).
  vendors: { page: (p) => pageOf(sql`select v.id, v.name as value from vendors v`, "uuid", p) },
};

/** A row when the property or building is in the organization (row-level security decides). */
export const SCOPE_SQL: Record<RelatedItemScope, (id: string | number) => SQL> = {
  property: (id) => sql`select 1 from properties where id = ${id}::uuid`,
  building: (id) => sql`select 1 from buildings where id = ${id}`,
};
