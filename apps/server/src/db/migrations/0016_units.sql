ALTER TABLE "units" ADD COLUMN "property_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "building_name" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "floor_plan_name" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "base_rent_estimate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "state_name" text;--> statement-breakpoint
-- units.property_name, building_name, floor_plan_name, base_rent_estimate, city and state_name are
-- what the units grid shows and sorts of the unit's property, building and floor plan, and where
-- it is (its own address, else its building's location, which is the building's address or its
-- property's, else its property's address). They are copies, as buildings keep theirs (0006), so
-- the grid of a million units sorts one table through its indexes; these triggers keep every copy
-- equal to its source. The functions run as the caller: under row-level security a request only
-- changes its own organization's rows, whose units the same policy lets it update.
CREATE FUNCTION units_fill_shown_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  property_address bigint;
  building_city text;
  building_state text;
BEGIN
  -- A property the caller cannot see leaves '' for the foreign key to refuse with its own error.
  SELECT p.name, p.address_id INTO NEW.property_name, property_address
    FROM properties p WHERE p.organization_id = NEW.organization_id AND p.id = NEW.property_id;
  NEW.property_name := coalesce(NEW.property_name, '');
  SELECT b.name, b.city, b.state_name INTO NEW.building_name, building_city, building_state
    FROM buildings b WHERE b.organization_id = NEW.organization_id AND b.id = NEW.building_id;
  SELECT fp.plan_name, fp.base_rent_estimate INTO NEW.floor_plan_name, NEW.base_rent_estimate
    FROM floor_plans fp WHERE fp.organization_id = NEW.organization_id AND fp.id = NEW.floor_plan_id;
  IF NEW.address_id IS NULL AND NEW.building_id IS NOT NULL THEN
    NEW.city := building_city;
    NEW.state_name := building_state;
  ELSE
    SELECT a.city, s.state_name INTO NEW.city, NEW.state_name
      FROM addresses a LEFT JOIN us_states s ON s.id = a.state_id
     WHERE a.organization_id = NEW.organization_id AND a.id = coalesce(NEW.address_id, property_address);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER units_shown_names BEFORE INSERT OR UPDATE OF property_id, building_id, floor_plan_id, address_id ON units
  FOR EACH ROW EXECUTE FUNCTION units_fill_shown_names();--> statement-breakpoint

-- A renamed building updates its units, and so does a building whose location changes (its own
-- address, or its property's through 0006's triggers) for those without an address of their own.
-- Not a column trigger: 0006's BEFORE trigger sets a building's city without naming it in the SET
-- list, which a column trigger would miss. The WHEN keeps the counters' updates cheap.
CREATE FUNCTION buildings_follow_unit_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE units u
     SET building_name = NEW.name,
         city = CASE WHEN u.address_id IS NULL THEN NEW.city ELSE u.city END,
         state_name = CASE WHEN u.address_id IS NULL THEN NEW.state_name ELSE u.state_name END
   WHERE u.organization_id = NEW.organization_id AND u.building_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER buildings_unit_names AFTER UPDATE ON buildings
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name OR NEW.city IS DISTINCT FROM OLD.city
                     OR NEW.state_name IS DISTINCT FROM OLD.state_name)
  EXECUTE FUNCTION buildings_follow_unit_names();--> statement-breakpoint

-- A renamed property updates its units; one given another address updates the units located by
-- it (no address of their own, no building; those in a building follow the building).
CREATE FUNCTION properties_follow_unit_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_city text;
  new_state text;
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE units u SET property_name = NEW.name
     WHERE u.organization_id = NEW.organization_id AND u.property_id = NEW.id;
  END IF;
  IF NEW.address_id IS DISTINCT FROM OLD.address_id THEN
    SELECT a.city, s.state_name INTO new_city, new_state
      FROM addresses a LEFT JOIN us_states s ON s.id = a.state_id
     WHERE a.organization_id = NEW.organization_id AND a.id = NEW.address_id;
    UPDATE units u SET city = new_city, state_name = new_state
     WHERE u.organization_id = NEW.organization_id AND u.property_id = NEW.id
       AND u.address_id IS NULL AND u.building_id IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER properties_unit_names AFTER UPDATE OF name, address_id ON properties
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name OR NEW.address_id IS DISTINCT FROM OLD.address_id)
  EXECUTE FUNCTION properties_follow_unit_names();--> statement-breakpoint

-- A floor plan renamed or given another rent updates its units.
CREATE FUNCTION floor_plans_follow_unit_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE units u SET floor_plan_name = NEW.plan_name, base_rent_estimate = NEW.base_rent_estimate
   WHERE u.organization_id = NEW.organization_id AND u.floor_plan_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER floor_plans_unit_names AFTER UPDATE OF plan_name, base_rent_estimate ON floor_plans
  FOR EACH ROW WHEN (NEW.plan_name IS DISTINCT FROM OLD.plan_name
                     OR NEW.base_rent_estimate IS DISTINCT FROM OLD.base_rent_estimate)
  EXECUTE FUNCTION floor_plans_follow_unit_names();--> statement-breakpoint

-- An address whose city or state changes updates the units located by it: those that name it, and
-- those with neither an address nor a building whose property names it (units in a building
-- follow the building, which 0006's trigger updates).
CREATE FUNCTION addresses_follow_unit_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_state text := (SELECT s.state_name FROM us_states s WHERE s.id = NEW.state_id);
BEGIN
  UPDATE units u SET city = NEW.city, state_name = new_state
   WHERE u.organization_id = NEW.organization_id AND u.address_id = NEW.id;
  UPDATE units u SET city = NEW.city, state_name = new_state
    FROM properties p
   WHERE p.organization_id = NEW.organization_id AND p.address_id = NEW.id
     AND u.organization_id = p.organization_id AND u.property_id = p.id
     AND u.address_id IS NULL AND u.building_id IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER addresses_unit_names AFTER UPDATE OF city, state_id ON addresses
  FOR EACH ROW WHEN (NEW.city IS DISTINCT FROM OLD.city OR NEW.state_id IS DISTINCT FROM OLD.state_id)
  EXECUTE FUNCTION addresses_follow_unit_names();--> statement-breakpoint

-- Reference rows, shared by every organization; only an operator's maintenance renames a state.
-- State names are unique, so the old name finds every unit shown in that state.
CREATE FUNCTION us_states_follow_unit_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE units u SET state_name = NEW.state_name WHERE u.state_name = OLD.state_name;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER us_states_unit_names AFTER UPDATE OF state_name ON us_states
  FOR EACH ROW WHEN (NEW.state_name IS DISTINCT FROM OLD.state_name) EXECUTE FUNCTION us_states_follow_unit_names();--> statement-breakpoint

-- The units grid's total_count without filters, as for buildings and floor plans (0005).
CREATE TRIGGER units_row_count_insert AFTER INSERT ON units
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
CREATE TRIGGER units_row_count_delete AFTER DELETE ON units
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint

-- The rows already there, after the triggers exist (they lock the tables against writers until
-- this commits) and before their indexes are built.
UPDATE units u SET
  property_name = x.property_name, building_name = x.building_name, floor_plan_name = x.floor_plan_name,
  base_rent_estimate = x.base_rent_estimate, city = x.city, state_name = x.state_name
  FROM (SELECT u2.organization_id, u2.unit_id, p.name AS property_name, b.name AS building_name,
               fp.plan_name AS floor_plan_name, fp.base_rent_estimate,
               CASE WHEN u2.address_id IS NULL AND u2.building_id IS NOT NULL THEN b.city ELSE a.city END AS city,
               CASE WHEN u2.address_id IS NULL AND u2.building_id IS NOT NULL THEN b.state_name ELSE s.state_name END
                 AS state_name
          FROM units u2
          JOIN properties p ON p.organization_id = u2.organization_id AND p.id = u2.property_id
          LEFT JOIN buildings b ON b.organization_id = u2.organization_id AND b.id = u2.building_id
          LEFT JOIN floor_plans fp ON fp.organization_id = u2.organization_id AND fp.id = u2.floor_plan_id
          LEFT JOIN addresses a ON a.organization_id = u2.organization_id AND a.id = coalesce(u2.address_id, p.address_id)
          LEFT JOIN us_states s ON s.id = a.state_id) x
 WHERE u.organization_id = x.organization_id AND u.unit_id = x.unit_id;--> statement-breakpoint
INSERT INTO organization_row_counts (organization_id, table_name, row_count)
SELECT organization_id, 'units', count(*) FROM units GROUP BY 1;--> statement-breakpoint
CREATE INDEX "units_org_building_name_idx" ON "units" USING btree ("organization_id","building_name","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_property_name_idx" ON "units" USING btree ("organization_id","property_name","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_plan_name_idx" ON "units" USING btree ("organization_id","floor_plan_name","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_bedrooms_idx" ON "units" USING btree ("organization_id","number_of_bedrooms","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_bathrooms_idx" ON "units" USING btree ("organization_id","number_of_bathrooms","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_square_footage_idx" ON "units" USING btree ("organization_id","square_footage","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_occupied_idx" ON "units" USING btree ("organization_id","occupied","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_date_available_idx" ON "units" USING btree ("organization_id","date_available","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_rent_idx" ON "units" USING btree ("organization_id","base_rent_estimate","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_city_idx" ON "units" USING btree ("organization_id","city","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_state_name_idx" ON "units" USING btree ("organization_id","state_name","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_created_idx" ON "units" USING btree ("organization_id","created_date","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_modified_idx" ON "units" USING btree ("organization_id","last_modified_date","unit_id");--> statement-breakpoint
CREATE INDEX "units_org_building_name_desc_idx" ON "units" USING btree ("organization_id","building_name" DESC NULLS LAST,"unit_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_org_plan_name_desc_idx" ON "units" USING btree ("organization_id","floor_plan_name" DESC NULLS LAST,"unit_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_org_bedrooms_desc_idx" ON "units" USING btree ("organization_id","number_of_bedrooms" DESC NULLS LAST,"unit_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_org_bathrooms_desc_idx" ON "units" USING btree ("organization_id","number_of_bathrooms" DESC NULLS LAST,"unit_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_org_square_footage_desc_idx" ON "units" USING btree ("organization_id","square_footage" DESC NULLS LAST,"unit_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_org_date_available_desc_idx" ON "units" USING btree ("organization_id","date_available" DESC NULLS LAST,"unit_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_org_rent_desc_idx" ON "units" USING btree ("organization_id","base_rent_estimate" DESC NULLS LAST,"unit_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_org_city_desc_idx" ON "units" USING btree ("organization_id","city" DESC NULLS LAST,"unit_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_org_state_name_desc_idx" ON "units" USING btree ("organization_id","state_name" DESC NULLS LAST,"unit_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_address_idx" ON "units" USING btree ("organization_id","address_id") WHERE address_id is not null;