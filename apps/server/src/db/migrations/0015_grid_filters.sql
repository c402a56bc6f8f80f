-- Grid filters that indexes serve under row-level security (decision 017). PostgreSQL evaluates a
-- policy before any condition that is not LEAKPROOF, and ILIKE, to_char and the numeric comparisons
-- are not: every quick filter read all of an organization's rows (1,000,000 units: seconds). A
-- LEAKPROOF function may run before the policy, so the planner can use an index for it.
--
-- Declaring a function LEAKPROOF takes a superuser, and so does an operator class. A migrating role
-- without it (a managed server) gets the same operators without the promise and without the
-- indexes: the filters give the same rows, at the old speed.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DO $$
DECLARE
  trusted boolean := (SELECT rolsuper FROM pg_roles WHERE rolname = current_user);
  leakproof text := CASE WHEN trusted THEN ' LEAKPROOF' ELSE '' END;
BEGIN
  -- ILIKE as its own operator. texticlike can fail only on a pattern ending in a lone escape
  -- character, a pattern the grids never build (likePattern escapes it). A caller able to send such a
  -- pattern can already send any SQL, and with it set app.org_id: the policies guard against a
  -- query that forgets its organization, which this does not weaken.
  IF trusted THEN
    CREATE FUNCTION grid_ilike(text, text) RETURNS boolean
      LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF AS 'texticlike';
  ELSE
    CREATE FUNCTION grid_ilike(text, text) RETURNS boolean
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS 'SELECT $1 ILIKE $2';
  END IF;
  CREATE OPERATOR ~~~* (LEFTARG = text, RIGHTARG = text, FUNCTION = grid_ilike,
    RESTRICT = iclikesel, JOIN = iclikejoinsel);

  -- A date as the grids show it, a UTC calendar day (11/3/2026), for the quick filter. Immutable
  -- (the zone is fixed and the format has no names) so it can be indexed; to_char never fails.
  EXECUTE 'CREATE FUNCTION grid_shown_day(timestamptz) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE'
    || leakproof || $f$ AS $b$SELECT to_char($1 AT TIME ZONE 'UTC', 'FMMM/FMDD/YYYY')$b$ $f$;
  EXECUTE 'CREATE FUNCTION grid_shown_day(date) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE'
    || leakproof || $f$ AS $b$SELECT to_char($1, 'FMMM/FMDD/YYYY')$b$ $f$;

  IF trusted THEN
    -- Comparing two numerics never fails; PostgreSQL only leaves them unmarked.
    ALTER FUNCTION numeric_eq(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_ne(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_lt(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_le(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_gt(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_ge(numeric, numeric) LEAKPROOF;
    -- pg_trgm's trigram class, with the operator above in the place of ILIKE (strategy 4).
    CREATE OPERATOR CLASS grid_trgm_ops FOR TYPE text USING gin AS
      OPERATOR 4 ~~~* (text, text),
      FUNCTION 1 btint4cmp(int4, int4),
      FUNCTION 2 gin_extract_value_trgm(text, internal),
      FUNCTION 3 gin_extract_query_trgm(text, internal, int2, internal, internal, internal, internal),
      FUNCTION 4 gin_trgm_consistent(internal, int2, text, int4, internal, internal, internal, internal),
      FUNCTION 6 gin_trgm_triconsistent(internal, int2, text, int4, internal, internal, internal),
      STORAGE int4;
  END IF;
END $$;--> statement-breakpoint
-- A grid column's trigram index, keyed by organization first (btree_gin), where the class exists.
CREATE FUNCTION grid_text_index(index_name text, table_name text, expression text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_opclass WHERE opcname = 'grid_trgm_ops') THEN
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I USING gin (organization_id, (%s) grid_trgm_ops)',
      index_name, table_name, expression);
  END IF;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION grid_text_index(text, text, text) FROM PUBLIC;--> statement-breakpoint
SELECT grid_text_index(i.name, i.tbl, i.expr) FROM (VALUES
  ('buildings_name_trgm', 'buildings', 'name'),
  ('buildings_property_name_trgm', 'buildings', 'property_name'),
  ('buildings_zone_name_trgm', 'buildings', 'zone_name'),
  ('buildings_type_name_trgm', 'buildings', 'building_type_name'),
  ('buildings_city_trgm', 'buildings', 'city'),
  ('buildings_state_name_trgm', 'buildings', 'state_name'),
  ('buildings_created_day_trgm', 'buildings', 'grid_shown_day(created_date)'),
  ('buildings_modified_day_trgm', 'buildings', 'grid_shown_day(last_modified_date)'),
  ('floor_plans_name_trgm', 'floor_plans', 'plan_name'),
  ('floor_plans_code_trgm', 'floor_plans', 'plan_code'),
  ('floor_plans_description_trgm', 'floor_plans', 'description'),
  ('floor_plans_created_day_trgm', 'floor_plans', 'grid_shown_day(created_date)'),
  ('floor_plans_modified_day_trgm', 'floor_plans', 'grid_shown_day(last_modified_date)'),
  ('zones_name_trgm', 'zones', 'name'),
  ('zones_property_name_trgm', 'zones', 'property_name'),
  ('zones_description_trgm', 'zones', 'description'),
  ('zones_logo_trgm', 'zones', 'logo'),
  ('zones_secondary_url_trgm', 'zones', 'secondary_url'),
  ('zones_url_trgm', 'zones', 'url'),
  ('zones_tax_id_trgm', 'zones', 'tax_id'),
  ('zones_city_trgm', 'zones', 'city'),
  ('zones_state_name_trgm', 'zones', 'state_name'),
  ('zones_created_day_trgm', 'zones', 'grid_shown_day(created_date)'),
  ('zones_modified_day_trgm', 'zones', 'grid_shown_day(last_modified_date)'),
  ('properties_grid_name_trgm', 'properties', 'name'),
  ('properties_slug_trgm', 'properties', 'property_slug'),
  ('properties_created_day_trgm', 'properties', 'grid_shown_day(created_date)'),
  ('properties_modified_day_trgm', 'properties', 'grid_shown_day(last_modified_date)'),
  ('addresses_line_1_trgm', 'addresses', 'address_line_1'),
  ('addresses_city_trgm', 'addresses', 'city'),
  ('addresses_zipcode_trgm', 'addresses', 'zipcode')
) AS i(name, tbl, expr);
