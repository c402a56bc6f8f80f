DROP INDEX "properties_org_name_idx";--> statement-breakpoint
CREATE INDEX "properties_org_slug_idx" ON "properties" USING btree ("organization_id","property_slug","id");--> statement-breakpoint
CREATE INDEX "properties_org_active_idx" ON "properties" USING btree ("organization_id","is_active","id");--> statement-breakpoint
CREATE INDEX "properties_org_created_idx" ON "properties" USING btree ("organization_id","created_date","id");--> statement-breakpoint
CREATE INDEX "properties_org_modified_idx" ON "properties" USING btree ("organization_id","last_modified_date","id");--> statement-breakpoint
CREATE INDEX "properties_org_total_units_idx" ON "properties" USING btree ("organization_id","total_units","id");--> statement-breakpoint
CREATE INDEX "properties_org_occupied_units_idx" ON "properties" USING btree ("organization_id","occupied_units","id");--> statement-breakpoint
CREATE INDEX "properties_org_total_buildings_idx" ON "properties" USING btree ("organization_id","total_buildings","id");--> statement-breakpoint
CREATE INDEX "properties_org_slug_desc_idx" ON "properties" USING btree ("organization_id","property_slug" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "properties_org_occupancy_idx" ON "properties" USING btree ("organization_id",(occupied_units::float / nullif(total_units, 0)),"id");--> statement-breakpoint
CREATE INDEX "properties_org_occupancy_desc_idx" ON "properties" USING btree ("organization_id",(occupied_units::float / nullif(total_units, 0)) desc nulls last,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "zones_property_idx" ON "zones" USING btree ("organization_id","property_id","name","id");--> statement-breakpoint
CREATE INDEX "properties_org_name_idx" ON "properties" USING btree ("organization_id","name","id");--> statement-breakpoint
-- properties.total_units / occupied_units follow every change to units, and total_buildings every
-- change to buildings, as the buildings' counters do (0005): statement triggers with transition
-- tables, one grouped UPDATE per statement, locks taken in key order. A unit or building moved to
-- another property nets -1 on the old one and +1 on the new. Each event reads only the transition
-- tables it has (a query naming the other would fail), hence the branches.
CREATE FUNCTION property_counts_apply(orgs uuid[], ids uuid[], units integer[], occupied integer[], buildings integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN
    RETURN;
  END IF;
  PERFORM 1 FROM properties p
    JOIN unnest(orgs, ids) AS d(organization_id, id) ON p.organization_id = d.organization_id AND p.id = d.id
   ORDER BY p.organization_id, p.id
     FOR NO KEY UPDATE OF p;
  UPDATE properties p
     SET total_units = p.total_units + d.units,
         occupied_units = p.occupied_units + d.occupied,
         total_buildings = p.total_buildings + d.buildings
    FROM unnest(orgs, ids, units, occupied, buildings) AS d(organization_id, id, units, occupied, buildings)
   WHERE p.organization_id = d.organization_id AND p.id = d.id;
END $$;--> statement-breakpoint
CREATE FUNCTION property_unit_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  ids uuid[];
  totals integer[];
  occupied integer[];
  zeros integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.organization_id), array_agg(d.property_id), array_agg(d.total), array_agg(d.occupied), array_agg(0)
      INTO orgs, ids, totals, occupied, zeros
      FROM (SELECT n.organization_id, n.property_id, count(*)::int AS total, count(*) FILTER (WHERE n.occupied)::int AS occupied
              FROM new_units n GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.organization_id), array_agg(d.property_id), array_agg(-d.total), array_agg(-d.occupied), array_agg(0)
      INTO orgs, ids, totals, occupied, zeros
      FROM (SELECT o.organization_id, o.property_id, count(*)::int AS total, count(*) FILTER (WHERE o.occupied)::int AS occupied
              FROM old_units o GROUP BY 1, 2) d;
  ELSE
    SELECT array_agg(d.organization_id), array_agg(d.property_id), array_agg(d.total), array_agg(d.occupied), array_agg(0)
      INTO orgs, ids, totals, occupied, zeros
      FROM (SELECT c.organization_id, c.property_id, sum(c.total)::int AS total, sum(c.occupied)::int AS occupied
              FROM (SELECT n.organization_id, n.property_id, 1 AS total, n.occupied::int AS occupied FROM new_units n
                    UNION ALL
                    SELECT o.organization_id, o.property_id, -1, -(o.occupied::int) FROM old_units o) c
             GROUP BY 1, 2
            HAVING sum(c.total) <> 0 OR sum(c.occupied) <> 0) d;
  END IF;
  PERFORM property_counts_apply(orgs, ids, totals, occupied, zeros);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION property_building_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  ids uuid[];
  totals integer[];
  zeros integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.organization_id), array_agg(d.property_id), array_agg(d.total), array_agg(0)
      INTO orgs, ids, totals, zeros
      FROM (SELECT n.organization_id, n.property_id, count(*)::int AS total FROM new_buildings n GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.organization_id), array_agg(d.property_id), array_agg(-d.total), array_agg(0)
      INTO orgs, ids, totals, zeros
      FROM (SELECT o.organization_id, o.property_id, count(*)::int AS total FROM old_buildings o GROUP BY 1, 2) d;
  ELSE
    SELECT array_agg(d.organization_id), array_agg(d.property_id), array_agg(d.total), array_agg(0)
      INTO orgs, ids, totals, zeros
      FROM (SELECT c.organization_id, c.property_id, sum(c.total)::int AS total
              FROM (SELECT n.organization_id, n.property_id, 1 AS total FROM new_buildings n
                    UNION ALL
                    SELECT o.organization_id, o.property_id, -1 FROM old_buildings o) c
             GROUP BY 1, 2
            HAVING sum(c.total) <> 0) d;
  END IF;
  PERFORM property_counts_apply(orgs, ids, zeros, zeros, totals);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER units_property_counts_insert AFTER INSERT ON units
  REFERENCING NEW TABLE AS new_units FOR EACH STATEMENT EXECUTE FUNCTION property_unit_counts();--> statement-breakpoint
CREATE TRIGGER units_property_counts_update AFTER UPDATE ON units
  REFERENCING OLD TABLE AS old_units NEW TABLE AS new_units FOR EACH STATEMENT EXECUTE FUNCTION property_unit_counts();--> statement-breakpoint
CREATE TRIGGER units_property_counts_delete AFTER DELETE ON units
  REFERENCING OLD TABLE AS old_units FOR EACH STATEMENT EXECUTE FUNCTION property_unit_counts();--> statement-breakpoint
CREATE TRIGGER buildings_property_counts_insert AFTER INSERT ON buildings
  REFERENCING NEW TABLE AS new_buildings FOR EACH STATEMENT EXECUTE FUNCTION property_building_counts();--> statement-breakpoint
CREATE TRIGGER buildings_property_counts_update AFTER UPDATE ON buildings
  REFERENCING OLD TABLE AS old_buildings NEW TABLE AS new_buildings FOR EACH STATEMENT EXECUTE FUNCTION property_building_counts();--> statement-breakpoint
CREATE TRIGGER buildings_property_counts_delete AFTER DELETE ON buildings
  REFERENCING OLD TABLE AS old_buildings FOR EACH STATEMENT EXECUTE FUNCTION property_building_counts();--> statement-breakpoint
CREATE TRIGGER properties_row_count_insert AFTER INSERT ON properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
CREATE TRIGGER properties_row_count_delete AFTER DELETE ON properties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
-- Backfill after the triggers exist (they lock the tables against writers until this commits).
UPDATE properties p
   SET total_units = coalesce(u.total, 0), occupied_units = coalesce(u.occupied, 0), total_buildings = coalesce(b.total, 0)
  FROM properties q
  LEFT JOIN (SELECT organization_id, property_id, count(*)::int AS total, count(*) FILTER (WHERE occupied)::int AS occupied
               FROM units GROUP BY 1, 2) u ON u.organization_id = q.organization_id AND u.property_id = q.id
  LEFT JOIN (SELECT organization_id, property_id, count(*)::int AS total FROM buildings GROUP BY 1, 2) b
         ON b.organization_id = q.organization_id AND b.property_id = q.id
 WHERE p.organization_id = q.organization_id AND p.id = q.id;--> statement-breakpoint
INSERT INTO organization_row_counts (organization_id, table_name, row_count)
SELECT organization_id, 'properties', count(*) FROM properties GROUP BY 1;--> statement-breakpoint
-- A property's public address is unique across organizations (the public route names none), which
-- the request role cannot see past its own. This answers, for the caller's organization, the first
-- free address from `base` ("maple-lofts", "maple-lofts-2", ...), ignoring the property `except`
-- (the one being saved); it reveals no more than the public pages already do.
CREATE FUNCTION free_property_slug(base text, except_id uuid) RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  candidate text := base;
  n integer := 1;
BEGIN
  IF nullif(current_setting('app.org_id', true), '') IS NULL THEN
    RETURN NULL;
  END IF;
  WHILE EXISTS (SELECT 1 FROM properties p WHERE p.property_slug = candidate AND p.id IS DISTINCT FROM except_id) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION free_property_slug(text, uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION free_property_slug(text, uuid) TO keyholder_app;--> statement-breakpoint
-- The property dropdown's search (GET /api/v1/properties/get-id-name?search-term=, decision 014), in
-- the shape of decision 008: under row-level security ILIKE cannot use the trigram index of 0003,
-- so a rare term read every property of the organization. This function runs as the tables' owner,
-- confined by its first condition to the transaction's organization (app.org_id; unset means
-- nothing), and returns the ids of one keyset page: the matches after (after_name, after_id) by
-- name then id, at most max_rows. The planner, given the actual pattern by EXECUTE, walks
-- properties_org_name_idx in order for a common term and stops at the page's end, or takes the
-- trigram index for a rare one. The caller reads the rows under the policies.
CREATE FUNCTION property_names_matching(pattern text, after_name text, after_id uuid, max_rows integer)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  org uuid := nullif(current_setting('app.org_id', true), '')::uuid;
BEGIN
  IF org IS NULL THEN
    RETURN;
  END IF;
  IF after_name IS NULL THEN
    RETURN QUERY EXECUTE
      'SELECT p.id FROM properties p WHERE p.organization_id = $1 AND p.name ILIKE $2
        ORDER BY p.name, p.id LIMIT $3'
      USING org, pattern, max_rows;
  ELSE
    RETURN QUERY EXECUTE
      'SELECT p.id FROM properties p WHERE p.organization_id = $1 AND p.name ILIKE $2
         AND (p.name, p.id) > ($3, $4)
        ORDER BY p.name, p.id LIMIT $5'
      USING org, pattern, after_name, after_id, max_rows;
  END IF;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION property_names_matching(text, text, uuid, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION property_names_matching(text, text, uuid, integer) TO keyholder_app;
