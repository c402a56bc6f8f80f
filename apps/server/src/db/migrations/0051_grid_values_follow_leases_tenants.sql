-- The leases' and tenants' grid dictionaries (migration 0041) kept by the one trigger function of
-- migration 0049, grid_values_follow, instead of a copy of its body each. Their dictionaries are
-- two functions of the row (the plain values, and the names' one- and two-character pieces, kept
-- apart: one function calling the two trips PostgreSQL 15's planner, see 0041), and an update
-- recomputes the pieces only of the rows whose names changed (decision 033). So grid_values_follow
-- takes, after its values function, an optional pieces function and the columns the pieces are of
-- (comma-separated); with one argument (maintenance requests) it does what it did. The triggers
-- keep their names, so they fire in the same order; the dictionary's rows are not touched.
CREATE OR REPLACE FUNCTION grid_values_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  values_of text := TG_ARGV[0];
  pieces_of text := CASE WHEN TG_NARGS > 1 THEN TG_ARGV[1] END;
  pieces_columns text[] := CASE WHEN TG_NARGS > 2 THEN string_to_array(TG_ARGV[2], ',') END;
  -- One function's values of one transition table's rows: its alias, the table, +1 or -1, the function.
  rows_of text := 'SELECT %1$s.organization_id, v.column_name, v.value, %3$s AS delta FROM %2$s %1$s CROSS JOIN LATERAL %4$s(%1$s) v';
  same_names text;
  parts text[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    parts := parts || format(rows_of, 'n', 'new_rows', '1', values_of);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    parts := parts || format(rows_of, 'o', 'old_rows', '-1', values_of);
  END IF;
  IF pieces_of IS NOT NULL THEN
    IF TG_OP = 'INSERT' THEN
      parts := parts || format(rows_of, 'n', 'new_rows', '1', pieces_of);
    ELSIF TG_OP = 'DELETE' THEN
      parts := parts || format(rows_of, 'o', 'old_rows', '-1', pieces_of);
    ELSE
      -- An update: only the rows whose names changed (the rows are keyed by id).
      SELECT string_agg(format('o.%1$I IS NOT DISTINCT FROM n.%1$I', c), ' AND ') INTO same_names
        FROM unnest(pieces_columns) c;
      parts := parts
        || (format(rows_of, 'n', 'new_rows', '1', pieces_of)
            || format(' WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id AND %s)', same_names))
        || (format(rows_of, 'o', 'old_rows', '-1', pieces_of)
            || format(' WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND %s)', same_names));
    END IF;
  END IF;
  -- One grouped upsert in key order, as the units' (0017): an insert counts its rows' values, a
  -- delete takes them away (a deleted organization's are left to its cascade), an update nets old
  -- values against new.
  EXECUTE format('INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
    SELECT c.organization_id, %L, c.column_name, c.value, sum(c.delta)
      FROM (%s) c %s
     GROUP BY 1, 3, 4 HAVING sum(c.delta) <> 0 ORDER BY 1, 3, 4
    ON CONFLICT (organization_id, table_name, column_name, value) DO UPDATE SET row_count = g.row_count + excluded.row_count',
    TG_TABLE_NAME, array_to_string(parts, ' UNION ALL '),
    CASE WHEN TG_OP = 'DELETE' THEN 'WHERE EXISTS (SELECT 1 FROM organizations org WHERE org.id = c.organization_id)' ELSE '' END);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER leases_grid_values_insert ON leases;--> statement-breakpoint
DROP TRIGGER leases_grid_values_update ON leases;--> statement-breakpoint
DROP TRIGGER leases_grid_values_delete ON leases;--> statement-breakpoint
DROP TRIGGER tenants_grid_values_insert ON tenants;--> statement-breakpoint
DROP TRIGGER tenants_grid_values_update ON tenants;--> statement-breakpoint
DROP TRIGGER tenants_grid_values_delete ON tenants;--> statement-breakpoint
DROP FUNCTION leases_grid_values_follow();--> statement-breakpoint
DROP FUNCTION tenants_grid_values_follow();--> statement-breakpoint
CREATE TRIGGER leases_grid_values_insert AFTER INSERT ON leases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION grid_values_follow('leases_grid_plain_values_of', 'leases_grid_grams_of', 'tenant_names,unit_names');--> statement-breakpoint
CREATE TRIGGER leases_grid_values_update AFTER UPDATE ON leases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION grid_values_follow('leases_grid_plain_values_of', 'leases_grid_grams_of', 'tenant_names,unit_names');--> statement-breakpoint
CREATE TRIGGER leases_grid_values_delete AFTER DELETE ON leases
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION grid_values_follow('leases_grid_plain_values_of', 'leases_grid_grams_of', 'tenant_names,unit_names');--> statement-breakpoint
CREATE TRIGGER tenants_grid_values_insert AFTER INSERT ON tenants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION grid_values_follow('tenants_grid_plain_values_of', 'tenants_grid_grams_of', 'name');--> statement-breakpoint
CREATE TRIGGER tenants_grid_values_update AFTER UPDATE ON tenants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION grid_values_follow('tenants_grid_plain_values_of', 'tenants_grid_grams_of', 'name');--> statement-breakpoint
CREATE TRIGGER tenants_grid_values_delete AFTER DELETE ON tenants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION grid_values_follow('tenants_grid_plain_values_of', 'tenants_grid_grams_of', 'name');
