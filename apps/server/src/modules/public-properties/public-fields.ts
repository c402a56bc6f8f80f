import type { PublicProperty } from "@keyholder/contracts/public-properties";
import { sql } from "drizzle-orm";

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
