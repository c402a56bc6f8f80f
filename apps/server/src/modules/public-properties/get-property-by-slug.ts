import { storedOpeningHoursSchema } from "@keyholder/contracts/opening-hours";
import type { PublicPropertyDetails } from "@keyholder/contracts/public-properties";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
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
 * The page at /properties/{slug}: the property's public fields and facts, its active floor plans
 * with their vacant units, its office hours and the organization's public contacts (those who have
 * accepted their invitation: the public is never sent to someone who may not join). Undefined when
 * no property shown online has the slug.
 */
export async function getPropertyBySlug(tx: Tx, slug: string): Promise<PublicPropertyDetails | undefined> {
  const found = rowsOf(
    await tx.execute(sql`
      select ${publicColumns}, ${factColumns}, p.opening_hours, p.organization_id as owner
      from ${publicFrom}
      ${planRanges}
      where p.property_slug = ${slug} and ${isPublic}
      limit 1`),
  )[0];
  if (!found) return undefined;
  const property = toPublicProperty(found);
  // The owner's id only scopes the two reads below; it is never part of the answer.
  const owner = String(found.owner);
  const plans = rowsOf(
    await tx.execute(sql`
      select fp.id, fp.plan_name, fp.bed_rooms, fp.bath_rooms, fp.total_square_feet, fp.base_rent_estimate,
        (select count(*) from units u
          where u.organization_id = fp.organization_id and u.floor_plan_id = fp.id and not u.occupied) as available
      from floor_plans fp
      where fp.organization_id = ${owner} and fp.property_id = ${property.id} and fp.active
      order by fp.bed_rooms, fp.base_rent_estimate, fp.plan_name, fp.id`),
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
      id: Number(r.id),
      name: String(r.plan_name),
      bedrooms: Number(r.bed_rooms),
      bathrooms: Number(r.bath_rooms),
      square_feet: r.total_square_feet == null ? null : Number(r.total_square_feet),
      rent: Number(r.base_rent_estimate),
      available_units: Number(r.available),
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
