DROP INDEX "buildings_org_name_idx";--> statement-breakpoint
DROP INDEX "buildings_org_number_idx";--> statement-breakpoint
DROP INDEX "buildings_org_created_idx";--> statement-breakpoint
DROP INDEX "buildings_org_modified_idx";--> statement-breakpoint
DROP INDEX "buildings_org_total_units_idx";--> statement-breakpoint
DROP INDEX "buildings_org_occupied_units_idx";--> statement-breakpoint
DROP INDEX "buildings_org_occupancy_idx";--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "property_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "building_type_name" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "state_name" text;--> statement-breakpoint
-- buildings.property_name, building_type_name, city and state_name are what the grid shows of the
-- building's property, type and location (its own address, else its property's). They are copies,
-- so the grid sorts and filters one table through its indexes; these triggers keep every copy equal
-- to its source. The functions run as the caller: under row-level security a request only changes
-- its own organization's rows, whose buildings the same policy lets it update.
CREATE FUNCTION buildings_fill_shown_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A property the caller cannot see leaves '' for the foreign key to refuse with its own error.
  NEW.property_name := coalesce((SELECT p.name FROM properties p
                                  WHERE p.organization_id = NEW.organization_id AND p.id = NEW.property_id), '');
  SELECT bt.name INTO NEW.building_type_name FROM building_types bt WHERE bt.id = NEW.building_type_id;
  SELECT a.city, s.state_name INTO NEW.city, NEW.state_name
    FROM addresses a LEFT JOIN us_states s ON s.id = a.state_id
   WHERE a.organization_id = NEW.organization_id
     AND a.id = coalesce(NEW.address_id, (SELECT p.address_id FROM properties p
                                           WHERE p.organization_id = NEW.organization_id AND p.id = NEW.property_id));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER buildings_shown_names BEFORE INSERT OR UPDATE OF property_id, building_type_id, address_id ON buildings
  FOR EACH ROW EXECUTE FUNCTION buildings_fill_shown_names();--> statement-breakpoint

-- A renamed property, or one given another address, updates its buildings (the address only where
-- a building has none of its own).
CREATE FUNCTION properties_follow_shown_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_city text;
  new_state text;
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE buildings b SET property_name = NEW.name
     WHERE b.organization_id = NEW.organization_id AND b.property_id = NEW.id;
  END IF;
  IF NEW.address_id IS DISTINCT FROM OLD.address_id THEN
    SELECT a.city, s.state_name INTO new_city, new_state
      FROM addresses a LEFT JOIN us_states s ON s.id = a.state_id
     WHERE a.organization_id = NEW.organization_id AND a.id = NEW.address_id;
    UPDATE buildings b SET city = new_city, state_name = new_state
     WHERE b.organization_id = NEW.organization_id AND b.property_id = NEW.id AND b.address_id IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER properties_shown_names AFTER UPDATE OF name, address_id ON properties
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name OR NEW.address_id IS DISTINCT FROM OLD.address_id)
  EXECUTE FUNCTION properties_follow_shown_names();--> statement-breakpoint

-- An address whose city or state changes updates the buildings located by it: those that name it,
-- and those without an address of their own whose property names it.
CREATE FUNCTION addresses_follow_shown_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_state text := (SELECT s.state_name FROM us_states s WHERE s.id = NEW.state_id);
BEGIN
  UPDATE buildings b SET city = NEW.city, state_name = new_state
   WHERE b.organization_id = NEW.organization_id AND b.address_id = NEW.id;
  UPDATE buildings b SET city = NEW.city, state_name = new_state
    FROM properties p
   WHERE p.organization_id = NEW.organization_id AND p.address_id = NEW.id
     AND b.organization_id = p.organization_id AND b.property_id = p.id AND b.address_id IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER addresses_shown_names AFTER UPDATE OF city, state_id ON addresses
  FOR EACH ROW WHEN (NEW.city IS DISTINCT FROM OLD.city OR NEW.state_id IS DISTINCT FROM OLD.state_id)
  EXECUTE FUNCTION addresses_follow_shown_names();--> statement-breakpoint

-- Reference rows, shared by every organization; only an operator's maintenance renames them.
CREATE FUNCTION building_types_follow_shown_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE buildings b SET building_type_name = NEW.name WHERE b.building_type_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER building_types_shown_names AFTER UPDATE OF name ON building_types
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name) EXECUTE FUNCTION building_types_follow_shown_names();--> statement-breakpoint
CREATE FUNCTION us_states_follow_shown_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE buildings b SET state_name = NEW.state_name
    FROM addresses a
    LEFT JOIN properties p ON p.organization_id = a.organization_id AND p.address_id = a.id
   WHERE a.state_id = NEW.id AND b.organization_id = a.organization_id
     AND (b.address_id = a.id OR (b.address_id IS NULL AND b.property_id = p.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER us_states_shown_names AFTER UPDATE OF state_name ON us_states
  FOR EACH ROW WHEN (NEW.state_name IS DISTINCT FROM OLD.state_name) EXECUTE FUNCTION us_states_follow_shown_names();--> statement-breakpoint

-- The rows already there, before their indexes are built.
UPDATE buildings b SET
  property_name = x.property_name, building_type_name = x.building_type_name, city = x.city, state_name = x.state_name
  FROM (SELECT b2.organization_id, b2.id, p.name AS property_name, bt.name AS building_type_name, a.city, s.state_name
          FROM buildings b2
          JOIN properties p ON p.organization_id = b2.organization_id AND p.id = b2.property_id
          LEFT JOIN building_types bt ON bt.id = b2.building_type_id
          LEFT JOIN addresses a ON a.organization_id = b2.organization_id AND a.id = coalesce(b2.address_id, p.address_id)
          LEFT JOIN us_states s ON s.id = a.state_id) x
 WHERE b.organization_id = x.organization_id AND b.id = x.id;--> statement-breakpoint
CREATE INDEX "buildings_org_property_name_idx" ON "buildings" USING btree ("organization_id","property_name","id");--> statement-breakpoint
CREATE INDEX "buildings_org_type_name_idx" ON "buildings" USING btree ("organization_id","building_type_name","id");--> statement-breakpoint
CREATE INDEX "buildings_org_city_idx" ON "buildings" USING btree ("organization_id","city","id");--> statement-breakpoint
CREATE INDEX "buildings_org_state_name_idx" ON "buildings" USING btree ("organization_id","state_name","id");--> statement-breakpoint
CREATE INDEX "buildings_org_name_desc_idx" ON "buildings" USING btree ("organization_id","name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "buildings_org_number_desc_idx" ON "buildings" USING btree ("organization_id","building_number" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "buildings_org_type_name_desc_idx" ON "buildings" USING btree ("organization_id","building_type_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "buildings_org_city_desc_idx" ON "buildings" USING btree ("organization_id","city" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "buildings_org_state_name_desc_idx" ON "buildings" USING btree ("organization_id","state_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "buildings_org_occupancy_desc_idx" ON "buildings" USING btree ("organization_id",(occupied_units::float / nullif(total_units, 0)) desc nulls last,"id" DESC NULLS FIRST,"occupied_units","total_units");--> statement-breakpoint
CREATE INDEX "buildings_address_idx" ON "buildings" USING btree ("organization_id","address_id") WHERE address_id is not null;--> statement-breakpoint
CREATE INDEX "floor_plans_org_code_desc_idx" ON "floor_plans" USING btree ("organization_id","plan_code" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "floor_plans_org_square_feet_desc_idx" ON "floor_plans" USING btree ("organization_id","total_square_feet" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "buildings_org_name_idx" ON "buildings" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "buildings_org_number_idx" ON "buildings" USING btree ("organization_id","building_number","id");--> statement-breakpoint
CREATE INDEX "buildings_org_created_idx" ON "buildings" USING btree ("organization_id","created_date","id");--> statement-breakpoint
CREATE INDEX "buildings_org_modified_idx" ON "buildings" USING btree ("organization_id","last_modified_date","id");--> statement-breakpoint
CREATE INDEX "buildings_org_total_units_idx" ON "buildings" USING btree ("organization_id","total_units","id");--> statement-breakpoint
CREATE INDEX "buildings_org_occupied_units_idx" ON "buildings" USING btree ("organization_id","occupied_units","id");--> statement-breakpoint
CREATE INDEX "buildings_org_occupancy_idx" ON "buildings" USING btree ("organization_id",(occupied_units::float / nullif(total_units, 0)),"id","occupied_units","total_units");