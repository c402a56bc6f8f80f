ALTER TABLE "maintenance_requests" ADD COLUMN "property_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "location_name" text;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "tenant_name" text;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "recorded_by_name" text;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "assigned_to_name" text;--> statement-breakpoint
-- Hand-written
-- The names the requests grid shows, copied into the request (issue 28's speed, decision 034), as
-- leases keep theirs (0035): sorting or filtering on a joined name read every request with its
-- joins (1-2.5 s at 300,000 requests). The copies are kept by triggers, whoever writes: on the
-- request's own insert and change of what it refers to (BEFORE, so the row is written once), and
-- when a property, building, unit, zone, tenant, user, person or vendor is renamed, or a building,
-- unit, zone or tenant deleted or restored (undo).
--
-- What a person reads as a user's name (request-row.ts's userNameSql, the assignees list): the
-- preferred name, else first and last, else the login. Null for no user.
CREATE FUNCTION maintenance_user_name(org uuid, in_user integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(trim(coalesce(nullif(trim(pe.preferred_name), ''), pe.first_name || ' ' || pe.last_name)), ''), us.username)
    FROM users us LEFT JOIN persons pe ON pe.organization_id = us.organization_id AND pe.id = us.person_id
   WHERE us.organization_id = org AND us.id = in_user
$$;--> statement-breakpoint
-- A request's names from its references: the property's (never empty: it is required), the
-- location's (the unit, else the zone, else the building), the reporting tenant's, the recorder's,
-- and who has the work (the staff member, else the vendor). Plain SQL, inlined into the backfill.
CREATE FUNCTION maintenance_request_names(org uuid, in_property uuid, in_building bigint, in_unit bigint,
  in_zone bigint, in_tenant uuid, in_recorder integer, in_assignee integer, in_vendor uuid)
RETURNS TABLE (property_name text, location_name text, tenant_name text, recorded_by_name text, assigned_to_name text)
LANGUAGE sql STABLE AS $$
  SELECT
    coalesce((SELECT p.name FROM properties p WHERE p.organization_id = org AND p.id = in_property), ''),
    coalesce((SELECT u.unit_number FROM units u WHERE u.organization_id = org AND u.unit_id = in_unit),
             (SELECT z.name FROM zones z WHERE z.organization_id = org AND z.id = in_zone),
             (SELECT b.name FROM buildings b WHERE b.organization_id = org AND b.id = in_building)),
    (SELECT t.name FROM tenants t WHERE t.organization_id = org AND t.id = in_tenant),
    maintenance_user_name(org, in_recorder),
    coalesce(maintenance_user_name(org, in_assignee),
             (SELECT v.name FROM vendors v WHERE v.organization_id = org AND v.id = in_vendor))
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION maintenance_user_name(uuid, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION maintenance_request_names(uuid, uuid, bigint, bigint, bigint, uuid, integer, integer, uuid) FROM PUBLIC;--> statement-breakpoint
-- The backfill, before the indexes and triggers: the dictionary's and views' update triggers would
-- only net each row's unchanged values against themselves.
ALTER TABLE maintenance_requests DISABLE TRIGGER maintenance_requests_grid_values_update;--> statement-breakpoint
ALTER TABLE maintenance_requests DISABLE TRIGGER maintenance_requests_view_counts_update;--> statement-breakpoint
UPDATE maintenance_requests r
   SET (property_name, location_name, tenant_name, recorded_by_name, assigned_to_name) =
       (SELECT n.property_name, n.location_name, n.tenant_name, n.recorded_by_name, n.assigned_to_name
          FROM maintenance_request_names(r.organization_id, r.property_id, r.building_id, r.unit_id, r.zone_id,
                                         r.tenant_id, r.recorded_by, r.assigned_user_id, r.vendor_id) n);--> statement-breakpoint
ALTER TABLE maintenance_requests ENABLE TRIGGER maintenance_requests_grid_values_update;--> statement-breakpoint
ALTER TABLE maintenance_requests ENABLE TRIGGER maintenance_requests_view_counts_update;--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_property_name_idx" ON "maintenance_requests" USING btree ("organization_id","property_name","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_location_name_idx" ON "maintenance_requests" USING btree ("organization_id","location_name","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_tenant_name_idx" ON "maintenance_requests" USING btree ("organization_id","tenant_name","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_recorded_by_name_idx" ON "maintenance_requests" USING btree ("organization_id","recorded_by_name","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_assigned_to_name_idx" ON "maintenance_requests" USING btree ("organization_id","assigned_to_name","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_location_name_desc_idx" ON "maintenance_requests" USING btree ("organization_id","location_name" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_tenant_name_desc_idx" ON "maintenance_requests" USING btree ("organization_id","tenant_name" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_recorded_by_name_desc_idx" ON "maintenance_requests" USING btree ("organization_id","recorded_by_name" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_assigned_to_name_desc_idx" ON "maintenance_requests" USING btree ("organization_id","assigned_to_name" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_building_ref_idx" ON "maintenance_requests" USING btree ("organization_id","building_id") WHERE building_id is not null;--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_unit_ref_idx" ON "maintenance_requests" USING btree ("organization_id","unit_id") WHERE unit_id is not null;--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_zone_ref_idx" ON "maintenance_requests" USING btree ("organization_id","zone_id") WHERE zone_id is not null;--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_tenant_ref_idx" ON "maintenance_requests" USING btree ("organization_id","tenant_id") WHERE tenant_id is not null;--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_recorded_by_ref_idx" ON "maintenance_requests" USING btree ("organization_id","recorded_by") WHERE recorded_by is not null;--> statement-breakpoint
-- (The nullable names' descending twins: empty names sort last both ways, which the ascending
-- index read backwards does not give.)
-- The text filters' trigram indexes (decision 018), where the class exists.
SELECT grid_text_index(i.name, 'maintenance_requests', i.expr) FROM (VALUES
  ('maintenance_requests_title_trgm', 'title'),
  ('maintenance_requests_property_name_trgm', 'property_name'),
  ('maintenance_requests_location_name_trgm', 'location_name'),
  ('maintenance_requests_tenant_name_trgm', 'tenant_name'),
  ('maintenance_requests_recorded_by_name_trgm', 'recorded_by_name'),
  ('maintenance_requests_assigned_to_name_trgm', 'assigned_to_name')
) AS i(name, expr);--> statement-breakpoint
-- The request's own writes: a new request, or one moved to another property, location, reporter,
-- recorder or assignee, takes the names of what it now refers to. SECURITY DEFINER: a resident or
-- a user who works on some properties may not read every user or vendor named.
CREATE FUNCTION maintenance_requests_take_names() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  SELECT n.property_name, n.location_name, n.tenant_name, n.recorded_by_name, n.assigned_to_name
    INTO NEW.property_name, NEW.location_name, NEW.tenant_name, NEW.recorded_by_name, NEW.assigned_to_name
    FROM maintenance_request_names(NEW.organization_id, NEW.property_id, NEW.building_id, NEW.unit_id, NEW.zone_id,
                                   NEW.tenant_id, NEW.recorded_by, NEW.assigned_user_id, NEW.vendor_id) n;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER maintenance_requests_names_insert BEFORE INSERT ON maintenance_requests
  FOR EACH ROW EXECUTE FUNCTION maintenance_requests_take_names();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_names_update
  BEFORE UPDATE OF property_id, building_id, unit_id, zone_id, tenant_id, recorded_by, assigned_user_id, vendor_id
  ON maintenance_requests FOR EACH ROW
  WHEN ((OLD.property_id, OLD.building_id, OLD.unit_id, OLD.zone_id, OLD.tenant_id, OLD.recorded_by, OLD.assigned_user_id, OLD.vendor_id)
        IS DISTINCT FROM
        (NEW.property_id, NEW.building_id, NEW.unit_id, NEW.zone_id, NEW.tenant_id, NEW.recorded_by, NEW.assigned_user_id, NEW.vendor_id))
  EXECUTE FUNCTION maintenance_requests_take_names();--> statement-breakpoint
-- The names of the organization's requests given, read again (their updates keep the dictionary).
CREATE FUNCTION refresh_request_names_in(org uuid, request_ids uuid[]) RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  UPDATE maintenance_requests r
     SET (property_name, location_name, tenant_name, recorded_by_name, assigned_to_name) =
         (SELECT n.property_name, n.location_name, n.tenant_name, n.recorded_by_name, n.assigned_to_name
            FROM maintenance_request_names(r.organization_id, r.property_id, r.building_id, r.unit_id, r.zone_id,
                                           r.tenant_id, r.recorded_by, r.assigned_user_id, r.vendor_id) n)
   WHERE r.organization_id = org AND r.id = any(request_ids)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION refresh_request_names_in(uuid, uuid[]) FROM PUBLIC;--> statement-breakpoint
-- A rename, row by row (renames are few, and the WHEN of each trigger skips every other update).
-- SECURITY DEFINER: whoever renames a tenant or vendor, all of its requests follow.
CREATE FUNCTION maintenance_requests_follow_renames() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  org uuid := NEW.organization_id;
  ids uuid[];
BEGIN
  IF TG_TABLE_NAME = 'properties' THEN
    UPDATE maintenance_requests SET property_name = NEW.name WHERE organization_id = org AND property_id = NEW.id;
    RETURN NULL;
  ELSIF TG_TABLE_NAME = 'buildings' THEN
    ids := array(SELECT id FROM maintenance_requests WHERE organization_id = org AND building_id = NEW.id);
  ELSIF TG_TABLE_NAME = 'units' THEN
    ids := array(SELECT id FROM maintenance_requests WHERE organization_id = org AND unit_id = NEW.unit_id);
  ELSIF TG_TABLE_NAME = 'zones' THEN
    ids := array(SELECT id FROM maintenance_requests WHERE organization_id = org AND zone_id = NEW.id);
  ELSIF TG_TABLE_NAME = 'tenants' THEN
    ids := array(SELECT id FROM maintenance_requests WHERE organization_id = org AND tenant_id = NEW.id);
  ELSIF TG_TABLE_NAME = 'vendors' THEN
    ids := array(SELECT id FROM maintenance_requests WHERE organization_id = org AND vendor_id = NEW.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    ids := array(SELECT id FROM maintenance_requests WHERE organization_id = org AND recorded_by = NEW.id
                 UNION SELECT id FROM maintenance_requests WHERE organization_id = org AND assigned_user_id = NEW.id);
  ELSE -- persons: the requests of their users
    ids := array(SELECT r.id FROM users u JOIN maintenance_requests r ON r.organization_id = u.organization_id AND r.recorded_by = u.id
                  WHERE u.organization_id = org AND u.person_id = NEW.id
                 UNION SELECT r.id FROM users u JOIN maintenance_requests r ON r.organization_id = u.organization_id AND r.assigned_user_id = u.id
                  WHERE u.organization_id = org AND u.person_id = NEW.id);
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM refresh_request_names_in(org, ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER maintenance_requests_property_renamed AFTER UPDATE OF name ON properties FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION maintenance_requests_follow_renames();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_building_renamed AFTER UPDATE OF name ON buildings FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION maintenance_requests_follow_renames();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_unit_renamed AFTER UPDATE OF unit_number ON units FOR EACH ROW
  WHEN (OLD.unit_number IS DISTINCT FROM NEW.unit_number) EXECUTE FUNCTION maintenance_requests_follow_renames();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_zone_renamed AFTER UPDATE OF name ON zones FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION maintenance_requests_follow_renames();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_tenant_renamed AFTER UPDATE OF name ON tenants FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION maintenance_requests_follow_renames();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_vendor_renamed AFTER UPDATE OF name ON vendors FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION maintenance_requests_follow_renames();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_user_renamed AFTER UPDATE OF username, person_id ON users FOR EACH ROW
  WHEN ((OLD.username, OLD.person_id) IS DISTINCT FROM (NEW.username, NEW.person_id))
  EXECUTE FUNCTION maintenance_requests_follow_renames();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_person_renamed AFTER UPDATE OF preferred_name, first_name, last_name ON persons FOR EACH ROW
  WHEN ((OLD.preferred_name, OLD.first_name, OLD.last_name) IS DISTINCT FROM (NEW.preferred_name, NEW.first_name, NEW.last_name))
  EXECUTE FUNCTION maintenance_requests_follow_renames();--> statement-breakpoint
-- A building, unit, zone or tenant deleted (its requests keep its id and show no name), or restored
-- by an undo (its name back): once per statement, from its transition table, per organization.
CREATE FUNCTION maintenance_requests_follow_rows() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  org uuid;
  ids uuid[];
BEGIN
  FOR org IN SELECT DISTINCT c.organization_id FROM changed c
              WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = c.organization_id) LOOP
    IF TG_TABLE_NAME = 'buildings' THEN
      ids := array(SELECT r.id FROM maintenance_requests r WHERE r.organization_id = org
                      AND r.building_id IN (SELECT c.id FROM changed c WHERE c.organization_id = org));
    ELSIF TG_TABLE_NAME = 'units' THEN
      ids := array(SELECT r.id FROM maintenance_requests r WHERE r.organization_id = org
                      AND r.unit_id IN (SELECT c.unit_id FROM changed c WHERE c.organization_id = org));
    ELSIF TG_TABLE_NAME = 'zones' THEN
      ids := array(SELECT r.id FROM maintenance_requests r WHERE r.organization_id = org
                      AND r.zone_id IN (SELECT c.id FROM changed c WHERE c.organization_id = org));
    ELSE -- tenants
      ids := array(SELECT r.id FROM maintenance_requests r WHERE r.organization_id = org
                      AND r.tenant_id IN (SELECT c.id FROM changed c WHERE c.organization_id = org));
    END IF;
    IF cardinality(ids) > 0 THEN
      PERFORM refresh_request_names_in(org, ids);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER maintenance_requests_building_rows_insert AFTER INSERT ON buildings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION maintenance_requests_follow_rows();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_building_rows_delete AFTER DELETE ON buildings
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION maintenance_requests_follow_rows();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_unit_rows_insert AFTER INSERT ON units
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION maintenance_requests_follow_rows();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_unit_rows_delete AFTER DELETE ON units
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION maintenance_requests_follow_rows();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_zone_rows_insert AFTER INSERT ON zones
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION maintenance_requests_follow_rows();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_zone_rows_delete AFTER DELETE ON zones
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION maintenance_requests_follow_rows();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_tenant_rows_insert AFTER INSERT ON tenants
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION maintenance_requests_follow_rows();--> statement-breakpoint
CREATE TRIGGER maintenance_requests_tenant_rows_delete AFTER DELETE ON tenants
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION maintenance_requests_follow_rows();--> statement-breakpoint
-- The grid's dictionary (0049) also keeps the names few requests share: properties, locations,
-- recorders and assignees (a tenant's name is nearly each request's own: its trigram index serves).
CREATE OR REPLACE FUNCTION maintenance_requests_grid_values_of(r maintenance_requests) RETURNS TABLE (column_name text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES
    ('status', CASE r.status WHEN 'new' THEN 'New' WHEN 'triaged' THEN 'Triaged' WHEN 'assigned' THEN 'Assigned' WHEN 'scheduled' THEN 'Scheduled' WHEN 'in_progress' THEN 'In Progress' WHEN 'on_hold' THEN 'On Hold' WHEN 'completed' THEN 'Completed' WHEN 'canceled' THEN 'Canceled' ELSE '' END),
    ('priority', CASE r.priority WHEN 'emergency' THEN 'Emergency' WHEN 'urgent' THEN 'Urgent' WHEN 'normal' THEN 'Normal' WHEN 'low' THEN 'Low' ELSE '' END),
    ('category', CASE r.category WHEN 'plumbing' THEN 'Plumbing' WHEN 'electrical' THEN 'Electrical' WHEN 'hvac' THEN 'HVAC' WHEN 'appliance' THEN 'Appliance' WHEN 'pest' THEN 'Pest Control' WHEN 'locks' THEN 'Locks and Keys' WHEN 'grounds' THEN 'Grounds' WHEN 'other' THEN 'Other' ELSE '' END),
    ('channel', CASE r.channel WHEN 'resident_portal' THEN 'Resident Portal' WHEN 'phone' THEN 'Phone' WHEN 'email' THEN 'Email' WHEN 'walk_in' THEN 'Walk-in' WHEN 'inspection' THEN 'Inspection' WHEN 'internal' THEN 'Internal' ELSE '' END),
    ('due_on', coalesce(r.due_on::text, '')),
    ('reopened_count', r.reopened_count::text),
    ('created_date', coalesce(to_char(r.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), '')),
    ('last_modified_date', coalesce(to_char(r.last_modified_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), '')),
    ('property_name', coalesce(r.property_name, '')),
    ('location_name', coalesce(r.location_name, '')),
    ('recorded_by_name', coalesce(r.recorded_by_name, '')),
    ('assigned_to_name', coalesce(r.assigned_to_name, ''))
$$;--> statement-breakpoint
INSERT INTO grid_values (organization_id, table_name, column_name, value, row_count)
SELECT r.organization_id, 'maintenance_requests', v.column_name, v.value, count(*)
  FROM maintenance_requests r CROSS JOIN LATERAL maintenance_requests_grid_values_of(r) v
 WHERE v.column_name IN ('property_name', 'location_name', 'recorded_by_name', 'assigned_to_name')
 GROUP BY 1, 3, 4;
