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

/**
 * The same for the leases' or tenants' dictionary (migration lease_tenant_grid_filters): every value,
 * including their names' pieces ("tenant_names/grams"), whose kept count differs from counting.
 */
export const listValuesDrift = (table: "leases" | "tenants") => {
  const rowsOf = (of: string) =>
    sql`select r.organization_id, v.column_name, v.value from ${sql.raw(table)} r cross join lateral ${sql.raw(`${table}_grid_${of}_of`)}(r) v`;
  return sql`
  select coalesce(k.organization_id, a.organization_id) as organization_id,
         coalesce(k.column_name, a.column_name) as column_name, coalesce(k.value, a.value) as value,
         k.row_count as kept, a.n as actual
  from (select * from grid_values where table_name = ${table} and row_count <> 0) k
  full join (select c.organization_id, c.column_name, c.value, count(*) as n
               from (${rowsOf("plain_values")} union all ${rowsOf("grams")}) c group by 1, 2, 3) a
    on a.organization_id = k.organization_id and a.column_name = k.column_name and a.value = k.value
  where k.row_count is distinct from a.n`;
};

/** The same for the maintenance requests' dictionary (migration maintenance_grid_filters). */
export const requestValuesDrift = sql`
  select coalesce(k.organization_id, a.organization_id) as organization_id,
         coalesce(k.column_name, a.column_name) as column_name, coalesce(k.value, a.value) as value,
         k.row_count as kept, a.n as actual
  from (select * from grid_values where table_name = 'maintenance_requests' and row_count <> 0) k
  full join (select r.organization_id, v.column_name, v.value, count(*) as n
               from maintenance_requests r cross join lateral maintenance_requests_grid_values_of(r) v group by 1, 2, 3) a
    on a.organization_id = k.organization_id and a.column_name = k.column_name and a.value = k.value
  where k.row_count is distinct from a.n`;
