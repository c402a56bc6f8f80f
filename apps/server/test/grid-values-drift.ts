import { sql } from "drizzle-orm";

/**
 * Every value of the units grid's dictionary (grid_values, migration 0017), in any organization,
 * whose kept row count differs from counting the units that hold it now: empty when the triggers
 * kept it exact. Run as the system (no row-level security), so every organization is compared.
 */
export const gridValuesDrift = sql`
  select coalesce(k.organization_id, a.organization_id) as organization_id,
         coalesce(k.column_name, a.column_name) as column_name, coalesce(k.value, a.value) as value,
         k.row_count as kept, a.n as actual
  from (select * from grid_values where table_name = 'units' and row_count <> 0) k
  full join (select u.organization_id, v.column_name, v.value, count(*) as n
               from units u cross join lateral units_grid_values_of(u) v group by 1, 2, 3) a
    on a.organization_id = k.organization_id and a.column_name = k.column_name and a.value = k.value
  where k.row_count is distinct from a.n`;
