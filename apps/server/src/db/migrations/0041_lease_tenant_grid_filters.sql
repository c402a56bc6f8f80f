-- Filters on the leases and tenants grids at 1,000,000 units (issue 27, decisions 018 and 033): each
-- filter tested every lease or tenant, for its rows and for its total. The units grid's remedies:
-- trigram indexes led by organization_id (migration 0015's class, where it exists), and the value
-- dictionary (grid_values, migration 0017) of the columns with few distinct values, so a filter's
-- total is the sum of its values' row counts and its page a walk along the sort index.
--
-- The names a lease or tenant shows are nearly all distinct (950,000 leases, about as many tenant
-- names), so their values would be as many as the rows. What a quick filter of one or two letters
-- ("an", "1") needs is how many rows contain it; a longer text is narrow enough for the trigram
-- index. So the dictionary keeps, for those columns, the distinct one- and two-character pieces of
-- each row's lower-cased text as values of "<column>/grams": a row contains "an" (ILIKE, which
-- lower-cases both sides in a multibyte encoding) exactly when "an" is one of its pieces.
SELECT grid_text_index(i.name, i.tbl, i.expr) FROM (VALUES
  ('leases_tenant_names_trgm', 'leases', 'tenant_names'),
  ('leases_unit_names_trgm', 'leases', 'unit_names'),
  ('leases_property_name_trgm', 'leases', 'property_name'),
  ('tenants_name_trgm', 'tenants', 'name'),
  ('tenants_email_trgm', 'tenants', 'email'),
  ('tenants_phone_trgm', 'tenants', 'phone')
) AS i(name, tbl, expr);--> statement-breakpoint
-- The leases grid's dictionary values of one lease, as units_grid_values_of (migration 0017) writes
-- them: empty cells as '', days as YYYY-MM-DD (moments as their UTC day). The names' pieces are a
-- second function, so an update that keeps the names (most) does not recompute them; callers join
-- both (one function calling the two, inlined into a lateral join that is grouped, trips
-- PostgreSQL 15's planner: "variable not found in subplan target list").
CREATE FUNCTION leases_grid_plain_values_of(l leases) RETURNS TABLE (column_name text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES
    ('property_name', coalesce(l.property_name, '')),
    ('status', coalesce(l.status, '')),
    ('term', coalesce(l.term, '')),
    ('start_date', coalesce(l.start_date::text, '')),
    ('end_date', coalesce(l.end_date::text, '')),
    ('move_out_date', coalesce(l.move_out_date::text, '')),
    ('rent_cents', coalesce(l.rent_cents::text, '')),
    ('deposit_cents', coalesce(l.deposit_cents::text, '')),
    ('created_date', coalesce(to_char(l.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), '')),
    ('last_modified_date', coalesce(to_char(l.last_modified_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), ''))
$$;--> statement-breakpoint
-- The distinct one- and two-character pieces of the names, lower-cased as ILIKE compares. Plain SQL
-- the planner inlines: a function per text called per row took twice as long.
CREATE FUNCTION leases_grid_grams_of(l leases) RETURNS TABLE (column_name text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT x.c, substr(x.t, i, n)
    FROM (VALUES ('tenant_names/grams', lower(l.tenant_names)), ('unit_names/grams', lower(l.unit_names))) x(c, t)
   CROSS JOIN generate_series(1, 2) n
   CROSS JOIN LATERAL generate_series(1, length(x.t) - n + 1) i
$$;--> statement-breakpoint
-- The tenants grid's: the type and status as the grid shows them (TENANT_KIND_LABELS and
-- TENANT_STATUS_LABELS in contracts/tenants.ts; tenants.test.ts checks each label's total against
-- the tenants counted), and the days created and modified.
CREATE FUNCTION tenants_grid_plain_values_of(t tenants) RETURNS TABLE (column_name text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES
    ('kind', CASE t.kind WHEN 'person' THEN 'Person' WHEN 'company' THEN 'Company' ELSE '' END),
    ('status', CASE t.status WHEN 'none' THEN 'No Lease' WHEN 'future' THEN 'Future' WHEN 'current' THEN 'Current'
                             WHEN 'notice' THEN 'Notice' WHEN 'past' THEN 'Past' ELSE '' END),
    ('created_date', coalesce(to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), '')),
    ('last_modified_date', coalesce(to_char(t.last_modified_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), ''))
$$;--> statement-breakpoint
CREATE FUNCTION tenants_grid_grams_of(t tenants) RETURNS TABLE (column_name text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT 'name/grams', substr(x.t, i, n)
    FROM (VALUES (lower(t.name))) x(t)
   CROSS JOIN generate_series(1, 2) n
   CROSS JOIN LATERAL generate_series(1, length(x.t) - n + 1) i
$$;--> statement-breakpoint
-- Statement-level with transition tables, one grouped upsert in key order, as the units' (migration
-- 0017, whose comment says why). An update nets old values against new, and recomputes the names'
-- pieces only for the rows whose names changed.
CREATE FUNCTION leases_grid_values_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
    SELECT c.organization_id, 'leases', c.column_name, c.value, count(*)
      FROM (SELECT n.organization_id, v.column_name, v.value FROM new_rows n CROSS JOIN LATERAL leases_grid_plain_values_of(n) v
            UNION ALL
            SELECT n.organization_id, v.column_name, v.value FROM new_rows n CROSS JOIN LATERAL leases_grid_grams_of(n) v) c
     GROUP BY 1, 3, 4
     ORDER BY 1, 3, 4
    ON CONFLICT (organization_id, table_name, column_name, value) DO UPDATE SET row_count = g.row_count + excluded.row_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
    SELECT c.organization_id, 'leases', c.column_name, c.value, -count(*)
      FROM (SELECT o.organization_id, v.column_name, v.value FROM old_rows o CROSS JOIN LATERAL leases_grid_plain_values_of(o) v
            UNION ALL
            SELECT o.organization_id, v.column_name, v.value FROM old_rows o CROSS JOIN LATERAL leases_grid_grams_of(o) v) c
     WHERE EXISTS (SELECT 1 FROM organizations org WHERE org.id = c.organization_id)
     GROUP BY 1, 3, 4
     ORDER BY 1, 3, 4
    ON CONFLICT (organization_id, table_name, column_name, value) DO UPDATE SET row_count = g.row_count + excluded.row_count;
  ELSE
    INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
    SELECT c.organization_id, 'leases', c.column_name, c.value, sum(c.delta)
      FROM (SELECT n.organization_id, v.column_name, v.value, 1 AS delta
              FROM new_rows n CROSS JOIN LATERAL leases_grid_plain_values_of(n) v
            UNION ALL
            SELECT o.organization_id, v.column_name, v.value, -1
              FROM old_rows o CROSS JOIN LATERAL leases_grid_plain_values_of(o) v
            UNION ALL
            SELECT n.organization_id, v.column_name, v.value, 1
              FROM new_rows n CROSS JOIN LATERAL leases_grid_grams_of(n) v
             WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id
                                 AND o.tenant_names IS NOT DISTINCT FROM n.tenant_names
                                 AND o.unit_names IS NOT DISTINCT FROM n.unit_names)
            UNION ALL
            SELECT o.organization_id, v.column_name, v.value, -1
              FROM old_rows o CROSS JOIN LATERAL leases_grid_grams_of(o) v
             WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id
                                 AND n.tenant_names IS NOT DISTINCT FROM o.tenant_names
                                 AND n.unit_names IS NOT DISTINCT FROM o.unit_names)) c
     GROUP BY 1, 3, 4
    HAVING sum(c.delta) <> 0
     ORDER BY 1, 3, 4
    ON CONFLICT (organization_id, table_name, column_name, value) DO UPDATE SET row_count = g.row_count + excluded.row_count;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION tenants_grid_values_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
    SELECT c.organization_id, 'tenants', c.column_name, c.value, count(*)
      FROM (SELECT n.organization_id, v.column_name, v.value FROM new_rows n CROSS JOIN LATERAL tenants_grid_plain_values_of(n) v
            UNION ALL
            SELECT n.organization_id, v.column_name, v.value FROM new_rows n CROSS JOIN LATERAL tenants_grid_grams_of(n) v) c
     GROUP BY 1, 3, 4
     ORDER BY 1, 3, 4
    ON CONFLICT (organization_id, table_name, column_name, value) DO UPDATE SET row_count = g.row_count + excluded.row_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
    SELECT c.organization_id, 'tenants', c.column_name, c.value, -count(*)
      FROM (SELECT o.organization_id, v.column_name, v.value FROM old_rows o CROSS JOIN LATERAL tenants_grid_plain_values_of(o) v
            UNION ALL
            SELECT o.organization_id, v.column_name, v.value FROM old_rows o CROSS JOIN LATERAL tenants_grid_grams_of(o) v) c
     WHERE EXISTS (SELECT 1 FROM organizations org WHERE org.id = c.organization_id)
     GROUP BY 1, 3, 4
     ORDER BY 1, 3, 4
    ON CONFLICT (organization_id, table_name, column_name, value) DO UPDATE SET row_count = g.row_count + excluded.row_count;
  ELSE
    INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
    SELECT c.organization_id, 'tenants', c.column_name, c.value, sum(c.delta)
      FROM (SELECT n.organization_id, v.column_name, v.value, 1 AS delta
              FROM new_rows n CROSS JOIN LATERAL tenants_grid_plain_values_of(n) v
            UNION ALL
            SELECT o.organization_id, v.column_name, v.value, -1
              FROM old_rows o CROSS JOIN LATERAL tenants_grid_plain_values_of(o) v
            UNION ALL
            SELECT n.organization_id, v.column_name, v.value, 1
              FROM new_rows n CROSS JOIN LATERAL tenants_grid_grams_of(n) v
             WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id
                                 AND o.name IS NOT DISTINCT FROM n.name)
            UNION ALL
            SELECT o.organization_id, v.column_name, v.value, -1
              FROM old_rows o CROSS JOIN LATERAL tenants_grid_grams_of(o) v
             WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id
                                 AND n.name IS NOT DISTINCT FROM o.name)) c
     GROUP BY 1, 3, 4
    HAVING sum(c.delta) <> 0
     ORDER BY 1, 3, 4
    ON CONFLICT (organization_id, table_name, column_name, value) DO UPDATE SET row_count = g.row_count + excluded.row_count;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER leases_grid_values_insert AFTER INSERT ON leases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leases_grid_values_follow();--> statement-breakpoint
CREATE TRIGGER leases_grid_values_update AFTER UPDATE ON leases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leases_grid_values_follow();--> statement-breakpoint
CREATE TRIGGER leases_grid_values_delete AFTER DELETE ON leases
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leases_grid_values_follow();--> statement-breakpoint
CREATE TRIGGER tenants_grid_values_insert AFTER INSERT ON tenants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenants_grid_values_follow();--> statement-breakpoint
CREATE TRIGGER tenants_grid_values_update AFTER UPDATE ON tenants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenants_grid_values_follow();--> statement-breakpoint
CREATE TRIGGER tenants_grid_values_delete AFTER DELETE ON tenants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tenants_grid_values_follow();--> statement-breakpoint
-- Backfill after the triggers exist (creating them locked the tables against writers until this
-- migration commits).
INSERT INTO grid_values (organization_id, table_name, column_name, value, row_count)
SELECT c.organization_id, 'leases', c.column_name, c.value, count(*)
  FROM (SELECT l.organization_id, v.column_name, v.value FROM leases l CROSS JOIN LATERAL leases_grid_plain_values_of(l) v
        UNION ALL
        SELECT l.organization_id, v.column_name, v.value FROM leases l CROSS JOIN LATERAL leases_grid_grams_of(l) v) c
 GROUP BY 1, 3, 4;--> statement-breakpoint
INSERT INTO grid_values (organization_id, table_name, column_name, value, row_count)
SELECT c.organization_id, 'tenants', c.column_name, c.value, count(*)
  FROM (SELECT t.organization_id, v.column_name, v.value FROM tenants t CROSS JOIN LATERAL tenants_grid_plain_values_of(t) v
        UNION ALL
        SELECT t.organization_id, v.column_name, v.value FROM tenants t CROSS JOIN LATERAL tenants_grid_grams_of(t) v) c
 GROUP BY 1, 3, 4;
