-- Zones group buildings of one property (issue 12, item 6). Until now only the demo generator wrote
-- zones, always with a property; a zone without one could be neither shown with its property nor
-- edited, so none is kept.
DELETE FROM "zones" WHERE "property_id" IS NULL;--> statement-breakpoint
ALTER TABLE "zones" ALTER COLUMN "property_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "zone_id" bigint;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "zone_name" text;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "property_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "state_name" text;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "building_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "total_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "occupied_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Deleting a zone takes its buildings out of it: only the link column is cleared (the generated
-- composite SET NULL would clear organization_id too; see 0005).
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_organization_id_zone_id_zones_organization_id_id_fk" FOREIGN KEY ("organization_id","zone_id") REFERENCES "public"."zones"("organization_id","id") ON DELETE SET NULL ("zone_id") ON UPDATE NO ACTION;--> statement-breakpoint
-- zones.property_name, city and state_name are what the grid shows of the zone's property and its
-- location (the property's address), copied like the buildings' (0006) so that every sort key is an
-- index on one table. The functions run as the caller, under row-level security.
CREATE FUNCTION zones_fill_shown_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.name, a.city, s.state_name INTO NEW.property_name, NEW.city, NEW.state_name
    FROM properties p
    LEFT JOIN addresses a ON a.organization_id = p.organization_id AND a.id = p.address_id
    LEFT JOIN us_states s ON s.id = a.state_id
   WHERE p.organization_id = NEW.organization_id AND p.id = NEW.property_id;
  -- A property the caller cannot see leaves '' for the foreign key to refuse with its own error.
  NEW.property_name := coalesce(NEW.property_name, '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER zones_shown_names BEFORE INSERT OR UPDATE OF property_id ON zones
  FOR EACH ROW EXECUTE FUNCTION zones_fill_shown_names();--> statement-breakpoint

-- A renamed property, or one given another address, updates its zones.
CREATE FUNCTION properties_follow_zone_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_city text;
  new_state text;
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE zones z SET property_name = NEW.name
     WHERE z.organization_id = NEW.organization_id AND z.property_id = NEW.id;
  END IF;
  IF NEW.address_id IS DISTINCT FROM OLD.address_id THEN
    SELECT a.city, s.state_name INTO new_city, new_state
      FROM addresses a LEFT JOIN us_states s ON s.id = a.state_id
     WHERE a.organization_id = NEW.organization_id AND a.id = NEW.address_id;
    UPDATE zones z SET city = new_city, state_name = new_state
     WHERE z.organization_id = NEW.organization_id AND z.property_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER properties_zone_names AFTER UPDATE OF name, address_id ON properties
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name OR NEW.address_id IS DISTINCT FROM OLD.address_id)
  EXECUTE FUNCTION properties_follow_zone_names();--> statement-breakpoint

-- An address whose city or state changes updates the zones of the properties it locates.
CREATE FUNCTION addresses_follow_zone_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE zones z SET city = NEW.city, state_name = (SELECT s.state_name FROM us_states s WHERE s.id = NEW.state_id)
    FROM properties p
   WHERE p.organization_id = NEW.organization_id AND p.address_id = NEW.id
     AND z.organization_id = p.organization_id AND z.property_id = p.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER addresses_zone_names AFTER UPDATE OF city, state_id ON addresses
  FOR EACH ROW WHEN (NEW.city IS DISTINCT FROM OLD.city OR NEW.state_id IS DISTINCT FROM OLD.state_id)
  EXECUTE FUNCTION addresses_follow_zone_names();--> statement-breakpoint
CREATE FUNCTION us_states_follow_zone_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE zones z SET state_name = NEW.state_name
    FROM addresses a
    JOIN properties p ON p.organization_id = a.organization_id AND p.address_id = a.id
   WHERE a.state_id = NEW.id AND z.organization_id = p.organization_id AND z.property_id = p.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER us_states_zone_names AFTER UPDATE OF state_name ON us_states
  FOR EACH ROW WHEN (NEW.state_name IS DISTINCT FROM OLD.state_name) EXECUTE FUNCTION us_states_follow_zone_names();--> statement-breakpoint

-- buildings.zone_name is the zone's name for the buildings grid's Zone column, kept like the other
-- copies: set when a building is written (or unlinked by a zone's delete), followed on a rename.
CREATE FUNCTION buildings_fill_zone_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.zone_name := CASE WHEN NEW.zone_id IS NULL THEN NULL
    ELSE (SELECT z.name FROM zones z WHERE z.organization_id = NEW.organization_id AND z.id = NEW.zone_id) END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER buildings_zone_name BEFORE INSERT OR UPDATE OF zone_id ON buildings
  FOR EACH ROW EXECUTE FUNCTION buildings_fill_zone_name();--> statement-breakpoint
CREATE FUNCTION zones_follow_building_zone_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE buildings b SET zone_name = NEW.name WHERE b.organization_id = NEW.organization_id AND b.zone_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER zones_building_zone_names AFTER UPDATE OF name ON zones
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name) EXECUTE FUNCTION zones_follow_building_zone_names();--> statement-breakpoint

-- zones.building_count, total_units and occupied_units follow every change to buildings, the unit
-- counters the units' triggers keep on them (0005) included: one grouped UPDATE per statement, the
-- same netting rule as those triggers (new rows count +1 and their units, old rows -1 and theirs),
-- so a building moved between zones, a zone unlinked, and units added or occupied are one rule.
-- Aggregating the buildings per request instead made every zones page a pass over all of them.
CREATE FUNCTION zone_building_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  ids bigint[];
  counts integer[];
  totals integer[];
  occupied integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.organization_id), array_agg(d.zone_id), array_agg(d.n), array_agg(d.total), array_agg(d.occupied)
      INTO orgs, ids, counts, totals, occupied
      FROM (SELECT n.organization_id, n.zone_id, count(*)::int AS n, sum(n.total_units)::int AS total,
                   sum(n.occupied_units)::int AS occupied
              FROM new_buildings n WHERE n.zone_id IS NOT NULL GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.organization_id), array_agg(d.zone_id), array_agg(-d.n), array_agg(-d.total), array_agg(-d.occupied)
      INTO orgs, ids, counts, totals, occupied
      FROM (SELECT o.organization_id, o.zone_id, count(*)::int AS n, sum(o.total_units)::int AS total,
                   sum(o.occupied_units)::int AS occupied
              FROM old_buildings o WHERE o.zone_id IS NOT NULL GROUP BY 1, 2) d;
  ELSE
    SELECT array_agg(d.organization_id), array_agg(d.zone_id), array_agg(d.n), array_agg(d.total), array_agg(d.occupied)
      INTO orgs, ids, counts, totals, occupied
      FROM (SELECT c.organization_id, c.zone_id, sum(c.n)::int AS n, sum(c.total)::int AS total,
                   sum(c.occupied)::int AS occupied
              FROM (SELECT n.organization_id, n.zone_id, 1 AS n, n.total_units AS total, n.occupied_units AS occupied
                      FROM new_buildings n WHERE n.zone_id IS NOT NULL
                    UNION ALL
                    SELECT o.organization_id, o.zone_id, -1, -o.total_units, -o.occupied_units
                      FROM old_buildings o WHERE o.zone_id IS NOT NULL) c
             GROUP BY 1, 2
            HAVING sum(c.n) <> 0 OR sum(c.total) <> 0 OR sum(c.occupied) <> 0) d;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- Key order, so two transactions moving buildings between the same zones queue, not deadlock.
  PERFORM 1 FROM zones z
    JOIN unnest(orgs, ids) AS d(organization_id, id) ON z.organization_id = d.organization_id AND z.id = d.id
   ORDER BY z.organization_id, z.id
     FOR NO KEY UPDATE OF z;
  UPDATE zones z
     SET building_count = z.building_count + d.n, total_units = z.total_units + d.total,
         occupied_units = z.occupied_units + d.occupied
    FROM unnest(orgs, ids, counts, totals, occupied) AS d(organization_id, id, n, total, occupied)
   WHERE z.organization_id = d.organization_id AND z.id = d.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER buildings_zone_counts_insert AFTER INSERT ON buildings
  REFERENCING NEW TABLE AS new_buildings FOR EACH STATEMENT EXECUTE FUNCTION zone_building_counts();--> statement-breakpoint
CREATE TRIGGER buildings_zone_counts_update AFTER UPDATE ON buildings
  REFERENCING OLD TABLE AS old_buildings NEW TABLE AS new_buildings FOR EACH STATEMENT EXECUTE FUNCTION zone_building_counts();--> statement-breakpoint
CREATE TRIGGER buildings_zone_counts_delete AFTER DELETE ON buildings
  REFERENCING OLD TABLE AS old_buildings FOR EACH STATEMENT EXECUTE FUNCTION zone_building_counts();--> statement-breakpoint

-- An unfiltered zones page reads its total here (0005).
CREATE TRIGGER zones_row_count_insert AFTER INSERT ON zones
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
CREATE TRIGGER zones_row_count_delete AFTER DELETE ON zones
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint

-- The zones already there (no building is in a zone yet, so their counters are right at zero),
-- after the triggers exist and before the new indexes are built.
UPDATE zones z SET property_name = p.name, city = a.city, state_name = s.state_name
  FROM properties p
  LEFT JOIN addresses a ON a.organization_id = p.organization_id AND a.id = p.address_id
  LEFT JOIN us_states s ON s.id = a.state_id
 WHERE p.organization_id = z.organization_id AND p.id = z.property_id;--> statement-breakpoint
INSERT INTO organization_row_counts (organization_id, table_name, row_count)
SELECT organization_id, 'zones', count(*) FROM zones GROUP BY 1;--> statement-breakpoint
CREATE INDEX "buildings_org_zone_name_idx" ON "buildings" USING btree ("organization_id","zone_name","id");--> statement-breakpoint
CREATE INDEX "buildings_org_zone_name_desc_idx" ON "buildings" USING btree ("organization_id","zone_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "buildings_zone_idx" ON "buildings" USING btree ("organization_id","zone_id");--> statement-breakpoint
CREATE INDEX "zones_org_property_name_idx" ON "zones" USING btree ("organization_id","property_name","id");--> statement-breakpoint
CREATE INDEX "zones_org_url_idx" ON "zones" USING btree ("organization_id","url","id");--> statement-breakpoint
CREATE INDEX "zones_org_tax_id_idx" ON "zones" USING btree ("organization_id","tax_id","id");--> statement-breakpoint
CREATE INDEX "zones_org_city_idx" ON "zones" USING btree ("organization_id","city","id");--> statement-breakpoint
CREATE INDEX "zones_org_state_name_idx" ON "zones" USING btree ("organization_id","state_name","id");--> statement-breakpoint
CREATE INDEX "zones_org_building_count_idx" ON "zones" USING btree ("organization_id","building_count","id");--> statement-breakpoint
CREATE INDEX "zones_org_total_units_idx" ON "zones" USING btree ("organization_id","total_units","id");--> statement-breakpoint
CREATE INDEX "zones_org_occupied_units_idx" ON "zones" USING btree ("organization_id","occupied_units","id");--> statement-breakpoint
CREATE INDEX "zones_org_created_idx" ON "zones" USING btree ("organization_id","created_date","id");--> statement-breakpoint
CREATE INDEX "zones_org_modified_idx" ON "zones" USING btree ("organization_id","last_modified_date","id");--> statement-breakpoint
CREATE INDEX "zones_org_url_desc_idx" ON "zones" USING btree ("organization_id","url" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "zones_org_tax_id_desc_idx" ON "zones" USING btree ("organization_id","tax_id" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "zones_org_city_desc_idx" ON "zones" USING btree ("organization_id","city" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "zones_org_state_name_desc_idx" ON "zones" USING btree ("organization_id","state_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "zones_org_occupancy_idx" ON "zones" USING btree ("organization_id",(occupied_units::float / nullif(total_units, 0)),"id","occupied_units","total_units");--> statement-breakpoint
CREATE INDEX "zones_org_occupancy_desc_idx" ON "zones" USING btree ("organization_id",(occupied_units::float / nullif(total_units, 0)) desc nulls last,"id" DESC NULLS FIRST,"occupied_units","total_units");--> statement-breakpoint
-- The counter triggers lock the rows they count on with NO KEY UPDATE, not UPDATE: the write that fired
-- them already holds KEY SHARE on the same row (its foreign key check), and two writes into one
-- building, each holding KEY SHARE and asking for UPDATE, waited on each other until PostgreSQL
-- cancelled one as a deadlock (a 500 for one of any two concurrent unit writes into a building).
-- NO KEY UPDATE does not conflict with KEY SHARE; the counters' UPDATE takes that lock anyway.
CREATE OR REPLACE FUNCTION building_unit_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  ids bigint[];
  totals integer[];
  occupied integer[];
BEGIN
  -- The net change per building: new rows count +1, old rows -1. An update that moves a unit or
  -- flips occupied nets to the right deltas; one that touches neither nets to zero and is skipped.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.organization_id), array_agg(d.building_id), array_agg(d.total), array_agg(d.occupied)
      INTO orgs, ids, totals, occupied
      FROM (SELECT n.organization_id, n.building_id, count(*)::int AS total, count(*) FILTER (WHERE n.occupied)::int AS occupied
              FROM new_units n WHERE n.building_id IS NOT NULL GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.organization_id), array_agg(d.building_id), array_agg(-d.total), array_agg(-d.occupied)
      INTO orgs, ids, totals, occupied
      FROM (SELECT o.organization_id, o.building_id, count(*)::int AS total, count(*) FILTER (WHERE o.occupied)::int AS occupied
              FROM old_units o WHERE o.building_id IS NOT NULL GROUP BY 1, 2) d;
  ELSE
    SELECT array_agg(d.organization_id), array_agg(d.building_id), array_agg(d.total), array_agg(d.occupied)
      INTO orgs, ids, totals, occupied
      FROM (SELECT c.organization_id, c.building_id, sum(c.total)::int AS total, sum(c.occupied)::int AS occupied
              FROM (SELECT n.organization_id, n.building_id, 1 AS total, n.occupied::int AS occupied FROM new_units n
                    UNION ALL
                    SELECT o.organization_id, o.building_id, -1, -(o.occupied::int) FROM old_units o) c
             WHERE c.building_id IS NOT NULL
             GROUP BY 1, 2
            HAVING sum(c.total) <> 0 OR sum(c.occupied) <> 0) d;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- Lock in key order first, so two transactions moving units between the same two buildings
  -- queue instead of deadlocking.
  PERFORM 1 FROM buildings b
    JOIN unnest(orgs, ids) AS d(organization_id, id) ON b.organization_id = d.organization_id AND b.id = d.id
   ORDER BY b.organization_id, b.id
     FOR NO KEY UPDATE OF b;
  UPDATE buildings b
     SET total_units = b.total_units + d.total, occupied_units = b.occupied_units + d.occupied
    FROM unnest(orgs, ids, totals, occupied) AS d(organization_id, id, total, occupied)
   WHERE b.organization_id = d.organization_id AND b.id = d.id;
  RETURN NULL;
END $$;
