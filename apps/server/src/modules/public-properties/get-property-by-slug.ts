import { storedOpeningHoursSchema } from "@keyholder/contracts/opening-hours";
import type { PublicPropertyDetails } from "@keyholder/contracts/public-properties";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { nullableNumber } from "../../lib/list-sql.ts";
import {
  availableUnits,
  factColumns,
  isPublic,
  planRanges,
  publicColumns,
  publicFrom,
  rowsOf,
  toListingFacts,
  toPublicProperty,
} from "./public-fields.ts";

/**
 * The page at /properties/{slug}: the property's public fields and facts, its available units (the
 * active floor plans that have some, with how many, and the units offered as themselves), its
 * office hours and the organization's public contacts (those who have accepted their invitation:
 * the public is never sent to someone who may not join), and the units on notice with the day each
 * becomes available. Undefined when no property shown online
 * has the slug.
 */
export async function getPropertyBySlug(tx: Tx, slug: string): Promise<PublicPropertyDetails | undefined> {
  const found = rowsOf(
    await tx.execute(sql`
      select ${publicColumns}, ${factColumns}, p.opening_hours, p.organization_id as owner
      from ${publicFrom}
      ${planRanges()}
      where p.property_slug = ${slug} and ${isPublic}
      limit 1`),
  )[0];
  if (!found) return undefined;
  const property = toPublicProperty(found);
  // The owner's id only scopes the two reads below; it is never part of the answer.
  const owner = String(found.owner);
  const available = availableUnits(sql`${owner}::uuid`, sql`${property.id}::uuid`);
  const plans = rowsOf(
    await tx.execute(sql`
      select o.plan_id, o.plan_name, o.beds, o.baths, o.sqft, o.rent, count(*) as available
      from ${available} o
      where o.plan_id is not null
      group by o.plan_id, o.plan_name, o.beds, o.baths, o.sqft, o.rent
      order by o.beds, o.rent, o.plan_name, o.plan_id`),
  );
  const units = rowsOf(
    await tx.execute(sql`
      select o.unit_id, o.unit_number, o.building_name, o.beds, o.baths, o.sqft
      from ${available} o
      where o.plan_id is null
      order by o.building_name nulls first, o.unit_number, o.unit_id`),
  );
  // Units on notice (decision 032): occupied until their tenant leaves, offered from the day after.
  const coming = rowsOf(
    await tx.execute(sql`
      select u.unit_id, u.unit_number, u.building_name, fp.plan_name, fp.base_rent_estimate as rent,
        case when fp.id is null then u.number_of_bedrooms else fp.bed_rooms end as beds,
        case when fp.id is null then u.number_of_bathrooms else fp.bath_rooms end as baths,
        case when fp.id is null then u.square_footage else fp.total_square_feet end as sqft,
        u.date_available::text as available_on
      from units u
      join organizations o on o.id = u.organization_id
      left join floor_plans fp on fp.organization_id = u.organization_id and fp.id = u.floor_plan_id and fp.active
      where u.organization_id = ${owner}::uuid and u.property_id = ${property.id}::uuid and u.occupied
        and u.date_available > (now() at time zone o.time_zone)::date
      order by u.date_available, u.building_name nulls first, u.unit_number, u.unit_id
      limit 100`),
  );
  const contacts = rowsOf(
    await tx.execute(sql`
      select coalesce(nullif(trim(st.name), ''), st.email) as name, st.job_title, st.phone, st.email
      from staff st
      where st.organization_id = ${owner} and st.is_public_contact and st.is_active and st.accepted_invite
      order by st.display_order, st.name, st.id`),
  );
  const hours = storedOpeningHoursSchema.safeParse(
    typeof found.opening_hours === "string" ? JSON.parse(found.opening_hours) : found.opening_hours,
  );
  return {
    ...property,
    ...toListingFacts(property.id, found),
    floor_plans: plans.map((r) => ({
      id: Number(r.plan_id),
      name: String(r.plan_name),
      bedrooms: Number(r.beds),
      bathrooms: Number(r.baths),
      square_feet: nullableNumber(r.sqft),
      rent: Number(r.rent),
      available_units: Number(r.available),
    })),
    units: units.map((r) => ({
      id: Number(r.unit_id),
      unit_number: String(r.unit_number),
      building_name: r.building_name == null ? null : String(r.building_name),
      bedrooms: nullableNumber(r.beds),
      bathrooms: nullableNumber(r.baths),
      square_feet: nullableNumber(r.sqft),
    })),
    coming_available: coming.map((r) => ({
      id: Number(r.unit_id),
      unit_number: String(r.unit_number),
      building_name: r.building_name == null ? null : String(r.building_name),
      floor_plan: r.plan_name == null ? null : String(r.plan_name),
      bedrooms: nullableNumber(r.beds),
      bathrooms: nullableNumber(r.baths),
      square_feet: nullableNumber(r.sqft),
      rent: nullableNumber(r.rent),
      available_on: String(r.available_on),
    })),
    opening_hours: hours.success ? hours.data : null,
    contacts: contacts.map((r) => ({
      name: String(r.name),
      job_title: r.job_title == null ? null : String(r.job_title),
      phone: r.phone == null ? null : String(r.phone),
      email: String(r.email),
    })),
  };
}
