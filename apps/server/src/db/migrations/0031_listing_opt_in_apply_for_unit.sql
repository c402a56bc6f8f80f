ALTER TABLE "properties" ALTER COLUMN "show_property_online" SET DEFAULT false;--> statement-breakpoint
-- A property is listed once someone lists it, and listing asks for an available unit (decision
-- 021). Properties published before that rule stay listed when they have an available unit: their
-- owners kept them online and visitors can act on them. Those with none (no unit at all, or every
-- unit occupied) were mostly listed by the old default, not by choice: they go offline, and their
-- history says so, changed by no user (the upgrade did it). The counters are exact (0005).
WITH unlisted AS (
  UPDATE properties SET show_property_online = false, last_modified_date = now()
   WHERE show_property_online AND total_units - occupied_units <= 0
  RETURNING organization_id, id
)
INSERT INTO audit_log (organization_id, entity, entity_id, action, changed_by, changes)
SELECT organization_id, 'property', id::text, 'update', NULL,
       '{"show_property_online": {"from": true, "to": false}}'::jsonb
  FROM unlisted;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "unit_id" bigint;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "unit_number" text;--> statement-breakpoint
-- A listed property's available units (decision 021): the public search reads them for each listing
-- in range (their ranges and count), the page and the apply form list them. Only vacant units, with
-- the columns those reads take, so each is an index-only range of a few entries per property.
CREATE INDEX "units_vacant_property_idx" ON "units" USING btree ("organization_id","property_id")
  INCLUDE ("floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage") WHERE not occupied;
