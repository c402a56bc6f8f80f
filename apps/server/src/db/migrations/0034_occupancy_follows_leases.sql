CREATE TABLE "occupancy_refreshes" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"refreshed_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "occupancy_refreshes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "occupancy_refreshes" ADD CONSTRAINT "occupancy_refreshes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_units_org_starts_idx" ON "lease_units" USING btree ("organization_id","starts_on") WHERE unit_id is not null;--> statement-breakpoint
CREATE INDEX "lease_units_org_ends_idx" ON "lease_units" USING btree ("organization_id","ends_on") WHERE unit_id is not null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "occupancy_refreshes" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Issue 27 item 12: a unit with lease history is occupied on a day when a moved-in lease (active or
-- on notice) holds it that day; a unit without lease history keeps its manual flag. p_today null
-- means the organization's today in its time zone. Only changed flags are written, so the units'
-- counter triggers (buildings, properties, zones) and the public listings follow.
CREATE FUNCTION refresh_unit_occupancy(p_org uuid, p_units bigint[], p_today date) RETURNS void
LANGUAGE sql SET search_path = public, pg_temp AS $$
  UPDATE units u SET occupied = x.occupied
  FROM (
    SELECT lu.unit_id,
      bool_or(l.status IN ('active', 'notice') AND lu.holds AND lu.starts_on <= t.today
        AND (lu.ends_on IS NULL OR lu.ends_on >= t.today)) AS occupied
    FROM lease_units lu
    JOIN leases l ON l.organization_id = lu.organization_id AND l.id = lu.lease_id
    CROSS JOIN (
      SELECT coalesce(p_today, (now() AT TIME ZONE o.time_zone)::date) AS today FROM organizations o WHERE o.id = p_org
    ) t
    WHERE lu.organization_id = p_org AND lu.unit_id = ANY (p_units)
    GROUP BY lu.unit_id
  ) x
  WHERE u.organization_id = p_org AND u.unit_id = x.unit_id AND u.occupied IS DISTINCT FROM x.occupied
$$;--> statement-breakpoint
CREATE FUNCTION lease_units_refresh_occupancy() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.organization_id, array_agg(DISTINCT c.unit_id) AS units
    FROM changed_rows c
    WHERE c.unit_id IS NOT NULL GROUP BY c.organization_id
  LOOP
    PERFORM refresh_unit_occupancy(r.organization_id, r.units, NULL);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A transition table is per event, so one trigger per event (a delete's old rows are its changed
-- rows); an update names the old and the new units.
CREATE FUNCTION lease_units_refresh_occupancy_update() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.organization_id, array_agg(DISTINCT c.unit_id) AS units
    FROM (SELECT organization_id, unit_id FROM changed_rows UNION ALL SELECT organization_id, unit_id FROM old_rows) c
    WHERE c.unit_id IS NOT NULL GROUP BY c.organization_id
  LOOP
    PERFORM refresh_unit_occupancy(r.organization_id, r.units, NULL);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION leases_refresh_occupancy() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT lu.organization_id, array_agg(DISTINCT lu.unit_id) AS units
    FROM changed_rows n
    JOIN old_rows o ON o.organization_id = n.organization_id AND o.id = n.id
    JOIN lease_units lu ON lu.organization_id = n.organization_id AND lu.lease_id = n.id
    WHERE n.status IS DISTINCT FROM o.status AND lu.unit_id IS NOT NULL
    GROUP BY lu.organization_id
  LOOP
    PERFORM refresh_unit_occupancy(r.organization_id, r.units, NULL);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lease_units_occupancy_insert AFTER INSERT ON lease_units
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lease_units_refresh_occupancy();--> statement-breakpoint
CREATE TRIGGER lease_units_occupancy_delete AFTER DELETE ON lease_units
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lease_units_refresh_occupancy();--> statement-breakpoint
CREATE TRIGGER lease_units_occupancy_update AFTER UPDATE ON lease_units
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lease_units_refresh_occupancy_update();--> statement-breakpoint
CREATE TRIGGER leases_occupancy AFTER UPDATE ON leases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION leases_refresh_occupancy();
