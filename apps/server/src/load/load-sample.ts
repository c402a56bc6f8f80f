import { sql } from "drizzle-orm";
import { asSystem, type Database } from "../db/client.ts";

export interface SampleProperty {
  id: string;
  name: string;
  addressLine1: string | null;
  city: string | null;
  zipcode: string | null;
}

/** What the request mix is made from: row counts for page offsets, real ids and real text to type. */
export interface LoadSample {
  units: number;
  buildings: number;
  floorPlans: number;
  properties: SampleProperty[];
  buildingTypeIds: number[];
}

const SAMPLE_PROPERTIES = 500;

export async function loadSample(db: Database, orgId: string): Promise<LoadSample> {
  return asSystem(db, async (tx) => {
    const counts = (await tx.execute(sql`
      select (select count(*) from units where organization_id = ${orgId})::int as units,
             (select count(*) from buildings where organization_id = ${orgId})::int as buildings,
             (select count(*) from floor_plans where organization_id = ${orgId})::int as floor_plans`)) as unknown as {
      rows: { units: number; buildings: number; floor_plans: number }[];
    };
    // Ordered by a hash of the id rather than random(): the same properties on every run.
    const properties = (await tx.execute(sql`
      select p.id, p.name, a.address_line_1, a.city, a.zipcode
      from properties p
      left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
      where p.organization_id = ${orgId}
      order by md5(p.id::text) limit ${SAMPLE_PROPERTIES}`)) as unknown as {
      rows: { id: string; name: string; address_line_1: string | null; city: string | null; zipcode: string | null }[];
    };
    const types = (await tx.execute(sql`select id from building_types where is_active order by id`)) as unknown as {
      rows: { id: number }[];
    };
    const [count] = counts.rows;
    if (!count || !properties.rows.length) throw new Error("the load organization has no properties");
    return {
      units: count.units,
      buildings: count.buildings,
      floorPlans: count.floor_plans,
      properties: properties.rows.map((p) => ({
        id: String(p.id),
        name: p.name,
        addressLine1: p.address_line_1,
        city: p.city,
        zipcode: p.zipcode,
      })),
      buildingTypeIds: types.rows.map((t) => Number(t.id)),
    };
  });
}
