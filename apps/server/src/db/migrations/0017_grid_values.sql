CREATE TABLE "grid_values" (
	"organization_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"column_name" text NOT NULL,
	"value" text NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "grid_values_organization_id_table_name_column_name_value_pk" PRIMARY KEY("organization_id","table_name","column_name","value")
);
--> statement-breakpoint
ALTER TABLE "grid_values" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "grid_values" ADD CONSTRAINT "grid_values_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The values of a column with their row counts in one index, so testing a filter on them reads no
-- table page (the primary key alone leaves row_count in the table: 45 ms for 39,000 building names).
CREATE INDEX "grid_values_counts_idx" ON "grid_values" ("organization_id", "table_name", "column_name", "value") INCLUDE ("row_count");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "grid_values" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- The values of the units grid's columns that filters are tested on, one row per column: empty
-- cells as '', dates as their UTC calendar day, the status badge as its text. One definition, used
-- by the triggers below, the backfill and the tests that check the dictionary against the rows.
CREATE FUNCTION units_grid_values_of(u units) RETURNS TABLE (column_name text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES
    ('unit_number', coalesce(u.unit_number, '')),
    ('property_name', coalesce(u.property_name, '')),
    ('building_name', coalesce(u.building_name, '')),
    ('floor_plan_name', coalesce(u.floor_plan_name, '')),
    ('number_of_bedrooms', coalesce(u.number_of_bedrooms::text, '')),
    ('number_of_bathrooms', coalesce(u.number_of_bathrooms::text, '')),
    ('square_footage', coalesce(u.square_footage::text, '')),
    ('base_rent_estimate', coalesce(u.base_rent_estimate::text, '')),
    ('status', CASE WHEN u.occupied THEN 'Occupied' ELSE 'Vacant' END),
    ('date_available', coalesce(u.date_available::text, '')),
    ('city', coalesce(u.city, '')),
    ('state_name', coalesce(u.state_name, '')),
    ('created_date', coalesce(to_char(u.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), '')),
    ('last_modified_date', coalesce(to_char(u.last_modified_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), ''))
$$;--> statement-breakpoint
-- Statement-level, like the unit counters (migration 0005): a batch of a thousand units is one
-- grouped upsert. Rows are upserted in key order, so two transactions touching the same values
-- queue instead of deadlocking. Runs as the caller: row-level security confines it to the caller's
-- organization, as it does the units that fired it. While an organization is being deleted its
-- values go with it (cascade) and must not be recreated, hence the check that it still exists.
CREATE FUNCTION units_grid_values_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
    SELECT n.organization_id, 'units', v.column_name, v.value, count(*)
      FROM new_rows n CROSS JOIN LATERAL units_grid_values_of(n) v
     GROUP BY 1, 3, 4
     ORDER BY 1, 3, 4
    ON CONFLICT (organization_id, table_name, column_name, value) DO UPDATE SET row_count = g.row_count + excluded.row_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
    SELECT o.organization_id, 'units', v.column_name, v.value, -count(*)
      FROM old_rows o CROSS JOIN LATERAL units_grid_values_of(o) v
     WHERE EXISTS (SELECT 1 FROM organizations org WHERE org.id = o.organization_id)
     GROUP BY 1, 3, 4
     ORDER BY 1, 3, 4
    ON CONFLICT (organization_id, table_name, column_name, value) DO UPDATE SET row_count = g.row_count + excluded.row_count;
  ELSE
    -- An update nets out: only the values that changed move from one row count to another.
    INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
    SELECT c.organization_id, 'units', c.column_name, c.value, sum(c.delta)
      FROM (SELECT n.organization_id, v.column_name, v.value, 1 AS delta
              FROM new_rows n CROSS JOIN LATERAL units_grid_values_of(n) v
            UNION ALL
            SELECT o.organization_id, v.column_name, v.value, -1
              FROM old_rows o CROSS JOIN LATERAL units_grid_values_of(o) v) c
     GROUP BY 1, 3, 4
    HAVING sum(c.delta) <> 0
     ORDER BY 1, 3, 4
    ON CONFLICT (organization_id, table_name, column_name, value) DO UPDATE SET row_count = g.row_count + excluded.row_count;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER units_grid_values_insert AFTER INSERT ON units
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION units_grid_values_follow();--> statement-breakpoint
CREATE TRIGGER units_grid_values_update AFTER UPDATE ON units
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION units_grid_values_follow();--> statement-breakpoint
CREATE TRIGGER units_grid_values_delete AFTER DELETE ON units
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION units_grid_values_follow();--> statement-breakpoint
-- Backfill after the triggers exist: creating them locked units against writers until this
-- migration commits.
INSERT INTO grid_values (organization_id, table_name, column_name, value, row_count)
SELECT u.organization_id, 'units', v.column_name, v.value, count(*)
  FROM units u CROSS JOIN LATERAL units_grid_values_of(u) v
 GROUP BY 1, 3, 4;
