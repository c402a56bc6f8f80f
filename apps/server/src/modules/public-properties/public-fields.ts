import { PET_POLICY_LABELS, type PetPolicy } from "@keyholder/contracts/properties";
import {
  type PublicListingFacts,
  type PublicProperty,
  publicPropertyImageUrl,
} from "@keyholder/contracts/public-properties";
import { type SQL, sql } from "drizzle-orm";

/*
 * The one definition of "public" for properties, shared by every public read (they run as the
 * schema owner, across organizations, so nothing but these clauses keeps private rows out): the
 * property is shown online and active, and its organization has been approved. Only the columns
 * below are ever selected; no organization id or internal field is read, so none can leak.
 */

/** FROM properties p with the joins the public columns need. */
export const publicFrom = sql`properties p
  join organizations o on o.id = p.organization_id
  join property_types pt on pt.id = p.property_type_id
  left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
  left join us_states s on s.id = a.state_id`;

export const isPublic = sql`(p.show_property_online and p.is_active and o.waitlist_status = 'approved')`;

export const publicColumns = sql`p.id, p.name, p.property_slug, pt.name as property_type_name,
  a.address_line_1, a.city, s.state_name, a.zipcode`;

export type PublicRow = Record<string, unknown>;

export const rowsOf = (result: unknown) => (result as { rows: PublicRow[] }).rows;

export function toPublicProperty(r: PublicRow): PublicProperty {
  return {
    id: String(r.id),
    name: String(r.name),
    property_slug: r.property_slug == null ? null : String(r.property_slug),
    property_type: { name: String(r.property_type_name) },
    address:
      r.address_line_1 == null
        ? null
        : {
            address_line_1: String(r.address_line_1),
            city: String(r.city),
            state: { state_name: String(r.state_name ?? "") },
            zipcode: String(r.zipcode),
          },
  };
}

/**
 * A property's available (vacant) units as the public sees them, one row each (decision 021): by
 * their active floor plan (its bedrooms, bathrooms, size and rent), or as themselves when they have
 * none or an inactive one (their own bedrooms, bathrooms and size; no rent, which is a plan's).
 * Every public figure of availability reads this one definition, so the card's ranges, its count,
 * the page's rows and what can be applied for always agree. Vacant units come from
 * units_vacant_property_idx.
 */
export const availableUnits = (organizationId: SQL, propertyId: SQL) => sql`(
  select u.unit_id, u.unit_number, u.building_name, fp.id as plan_id, fp.plan_name,
    case when fp.id is null then u.number_of_bedrooms else fp.bed_rooms end as beds,
    case when fp.id is null then u.number_of_bathrooms else fp.bath_rooms end as baths,
    case when fp.id is null then u.square_footage else fp.total_square_feet end as sqft,
    fp.base_rent_estimate as rent
  from units u
  left join floor_plans fp on fp.organization_id = u.organization_id and fp.id = u.floor_plan_id and fp.active
  where u.organization_id = ${organizationId} and u.property_id = ${propertyId} and not u.occupied
)`;

/** The available units of the property `p` of a query. */
export const availableUnitsOfP = availableUnits(sql`p.organization_id`, sql`p.id`);

/**
 * The ranges over a public property's available units and their count, as a lateral subquery
 * `plans`; with a condition on an available unit `o`, `plans.wanted` says whether one meets it (the
 * search's filters, read in the same pass).
 */
export const planRanges = (wanted: SQL | null = null) => sql`left join lateral (
    select min(o.rent) as rent_min, max(o.rent) as rent_max, min(o.beds) as bed_min, max(o.beds) as bed_max,
      min(o.sqft) as sqft_min, max(o.sqft) as sqft_max, count(*) as available,
      ${wanted ? sql`coalesce(bool_or(${wanted}), false)` : sql`true`} as wanted
    from ${availableUnitsOfP} o
  ) plans on true`;

export const factColumns = sql`plans.rent_min, plans.rent_max, plans.bed_min, plans.bed_max, plans.sqft_min,
  plans.sqft_max, plans.available as available_units,
  p.number_of_parking_spots, p.pet_policy,
  (select i.public_id from property_images pi
    join images i on i.organization_id = pi.organization_id and i.id = pi.image_id
    where pi.organization_id = p.organization_id and pi.property_id = p.id
    order by pi.display_order, pi.image_id limit 1) as cover_image_id`;

const rangeOf = (min: unknown, max: unknown) => (min == null ? null : { min: Number(min), max: Number(max) });

export function toListingFacts(propertyId: string, r: PublicRow): PublicListingFacts {
  return {
    rent: rangeOf(r.rent_min, r.rent_max),
    bedrooms: rangeOf(r.bed_min, r.bed_max),
    square_feet: rangeOf(r.sqft_min, r.sqft_max),
    available_units: Number(r.available_units ?? 0),
    parking_spots: r.number_of_parking_spots == null ? null : Number(r.number_of_parking_spots),
    pets: PET_POLICY_LABELS[r.pet_policy as PetPolicy] ?? null,
    cover_image:
      r.cover_image_id == null ? null : { url: publicPropertyImageUrl(propertyId, String(r.cover_image_id)) },
  };
}
