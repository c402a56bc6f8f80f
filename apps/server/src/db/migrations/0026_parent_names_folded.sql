ALTER TABLE "buildings" ADD COLUMN "name_folded" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "name_folded" text;--> statement-breakpoint
-- A filter on a unit's building or property name is tested on the parents' names (decision 005).
-- ILIKE lower-cases every name it tests; these copies are lower-cased once, when the name is
-- written, and tested with LIKE against the lower-cased pattern, which is what ILIKE computes in a
-- multibyte encoding. A trigger rather than a generated column: Undo puts a deleted row back with
-- `insert ... select` of its kept copy, which a generated column refuses.
CREATE FUNCTION fold_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.name_folded := lower(NEW.name);
  RETURN NEW;
END $$;--> statement-breakpoint
UPDATE buildings SET name_folded = lower(name) WHERE name IS NOT NULL;--> statement-breakpoint
UPDATE properties SET name_folded = lower(name);--> statement-breakpoint
CREATE TRIGGER buildings_fold_name BEFORE INSERT OR UPDATE OF name, name_folded ON buildings
  FOR EACH ROW EXECUTE FUNCTION fold_name();--> statement-breakpoint
CREATE TRIGGER properties_fold_name BEFORE INSERT OR UPDATE OF name, name_folded ON properties
  FOR EACH ROW EXECUTE FUNCTION fold_name();--> statement-breakpoint
-- The scan of the names reads these alone: the key the filter keeps, and the unit counter whose
-- sum is its total (39,000 buildings: 3.5 ms against 17 reading the rows). Drizzle's index builder
-- has no INCLUDE; the schema declares the same names and keys.
CREATE INDEX "buildings_org_name_folded_idx" ON "buildings" USING btree ("organization_id","name_folded") INCLUDE ("id", "total_units");--> statement-breakpoint
CREATE INDEX "properties_org_name_folded_idx" ON "properties" USING btree ("organization_id","name_folded") INCLUDE ("id", "total_units");
