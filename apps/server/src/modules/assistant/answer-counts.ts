import type { AiResponse, AssistantTarget } from "@keyholder/contracts/assistant";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { plural, whole } from "./answer-format.ts";
import { scopeFilters, scopeText } from "./answer-records.ts";
import type { Counted } from "./parse-question.ts";
import type { Scope } from "./scope.ts";

type Rows<T> = { rows: T[] };
type Answer = Omit<AiResponse, "engine">;

/** The place conditions of a scope on a record with a property (alias x) and, for buildings, a city of its own. */
function placeOf(scope: Scope, ownCity: boolean) {
  const where: SQL[] = [sql`true`];
  if (scope.property) where.push(sql`x.property_id = ${scope.property.id}`);
  // A building's city is its own address's, else its property's (copied on the row, as units do).
  if (scope.city && ownCity) {
    where.push(
      sql`x.city = any(array(select distinct ca.city from addresses ca where lower(ca.city) = lower(${scope.city})))`,
    );
  } else if (scope.city) where.push(sql`lower(a.city) = lower(${scope.city})`);
  if (scope.state) where.push(ownCity ? sql`x.state_name = ${scope.state}` : sql`s.state_name = ${scope.state}`);
  if (scope.zipcode) where.push(sql`a.zipcode = ${scope.zipcode}`);
  return sql.join(where, sql` and `);
}

/** The property's address and state of a record (alias x), for the place conditions. */
const propertyPlace = sql`left join properties p on p.organization_id = x.organization_id and p.id = x.property_id
  left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
  left join us_states s on s.id = a.state_id`;

const TABLES: Record<Counted, { category: string; item: string }> = {
  buildings: { category: "Building", item: "All Buildings" },
  "floor plans": { category: "Unit", item: "Floor Plans" },
  zones: { category: "Zone", item: "All Zones" },
};

/**
 * How many buildings, floor plans or zones the caller has in all, or in a place ("how many
 * buildings do we have in total", "how many zones in Austin"): one count, within what row-level
 * security lets the caller read, and at how many properties they are.
 */
export async function answerCount(tx: Tx, counted: Counted, scope: Scope): Promise<Answer> {
  const query = {
    buildings: sql`select count(*)::int as n, count(distinct x.property_id)::int as properties, 0 as active
      from buildings x ${propertyPlace} where ${placeOf(scope, true)}`,
    "floor plans": sql`select count(*)::int as n, count(distinct x.property_id)::int as properties,
        count(*) filter (where x.active)::int as active
      from floor_plans x ${propertyPlace} where ${placeOf(scope, false)}
      ${
        scope.bedrooms === undefined
          ? sql``
          : scope.bedrooms >= 3
            ? sql`and x.bed_rooms >= ${scope.bedrooms}`
            : sql`and x.bed_rooms = ${scope.bedrooms}`
      }`,
    zones: sql`select count(*)::int as n, count(distinct x.property_id)::int as properties, 0 as active
      from zones x ${propertyPlace} where ${placeOf(scope, false)}`,
  }[counted];
  const [r] = ((await tx.execute(query)) as unknown as Rows<{ n: number; properties: number; active: number }>).rows;
  const n = Number(r?.n ?? 0);
  const properties = Number(r?.properties ?? 0);
  const place = scopeText(counted === "floor plans" ? scope : { ...scope, bedrooms: undefined });
  const target: AssistantTarget = {
    workspace: {
      ...TABLES[counted],
      filters: scopeFilters(
        scope,
        counted === "floor plans"
          ? { property: "property_name", bedrooms: "bed_rooms" }
          : { property: "property_name", city: true },
      ),
    },
  };
  const one = counted === "floor plans" ? "floor plan" : counted.slice(0, -1);
  const links = [{ label: `Open these ${counted}`, target }];
  if (n === 0) return { response: `There are no ${counted}${place ? ` ${place}` : ""}.`, links };
  const detail =
    counted === "floor plans"
      ? `${whole(Number(r?.active ?? 0))} of them active`
      : `at ${plural(properties, "property", "properties")}`;
  return { response: `${plural(n, one)}${place ? ` ${place}` : ""}, ${detail}.`, links };
}
