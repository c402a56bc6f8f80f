import { sql } from "drizzle-orm";

/**
 * Each unit (u) with the rows the grid's copies on it come from: its property (p), building (b),
 * floor plan (fp), and the address that locates it (a: its own, else its building's, else its
 * property's) with that address's state (s). Tests compare the copies and the list with these.
 */
export const unitSources = sql`units u
  join properties p on p.organization_id = u.organization_id and p.id = u.property_id
  left join buildings b on b.organization_id = u.organization_id and b.id = u.building_id
  left join floor_plans fp on fp.organization_id = u.organization_id and fp.id = u.floor_plan_id
  left join addresses a on a.organization_id = u.organization_id and a.id = coalesce(u.address_id, b.address_id, p.address_id)
  left join us_states s on s.id = a.state_id`;
