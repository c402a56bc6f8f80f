import { sql } from "drizzle-orm";
import type { E2e } from "./harness.ts";

type Rows<T> = { rows: T[] };

/**
 * The start the maintenance, vendor and resident tests share: the organization of an owner who
 * signed up, with one property, Harbor Lofts, and its unit 4B. `one` runs a statement as the system
 * and answers its first row, for what each test adds on top.
 */
export async function harborLofts(e2e: E2e, ownerEmail: string) {
  const one = async <T>(query: ReturnType<typeof sql>) =>
    e2e.app.asSystem(async (tx) => ((await tx.execute(query)) as unknown as Rows<T>).rows[0] as T);
  const org = await one<{ id: string }>(
    sql`select organization_id as id from users where username = ${ownerEmail.toLowerCase()}`,
  );
  const property = await one<{ id: string }>(sql`insert into properties (organization_id, name, property_type_id)
    values (${org.id}, 'Harbor Lofts', (select id from property_types order by id limit 1)) returning id`);
  const unit = await one<{ unit_id: number }>(sql`insert into units (organization_id, property_id, unit_number)
    values (${org.id}, ${property.id}, '4B') returning unit_id`);
  return { one, orgId: org.id, propertyId: property.id, unitId: unit.unit_id };
}
