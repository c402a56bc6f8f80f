-- The units grid's sort indexes carry the columns that filters most often test (decision 005,
-- "Filters that follow the sort order"): the property, building and floor plan ids, bedrooms,
-- bathrooms, square feet, rent, occupancy and available date. A page that walks a sort index past
-- the rows a filter drops then tests each row in the index alone, without reading the row (2
-- bedrooms sorted by bathrooms, a walk of 479,000 rows: 155 ms, now 45), and a user who sees some
-- properties only is kept to them in the index as well. Drizzle's index builder has no INCLUDE, so
-- the schema declares these indexes without it; their names, keys and order are unchanged.
DROP INDEX IF EXISTS "units_org_number_idx";--> statement-breakpoint
CREATE INDEX "units_org_number_idx" ON "units" USING btree ("organization_id","unit_number","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_building_name_idx";--> statement-breakpoint
CREATE INDEX "units_org_building_name_idx" ON "units" USING btree ("organization_id","building_name","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_property_name_idx";--> statement-breakpoint
CREATE INDEX "units_org_property_name_idx" ON "units" USING btree ("organization_id","property_name","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_plan_name_idx";--> statement-breakpoint
CREATE INDEX "units_org_plan_name_idx" ON "units" USING btree ("organization_id","floor_plan_name","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_bedrooms_idx";--> statement-breakpoint
CREATE INDEX "units_org_bedrooms_idx" ON "units" USING btree ("organization_id","number_of_bedrooms","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_bathrooms_idx";--> statement-breakpoint
CREATE INDEX "units_org_bathrooms_idx" ON "units" USING btree ("organization_id","number_of_bathrooms","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_square_footage_idx";--> statement-breakpoint
CREATE INDEX "units_org_square_footage_idx" ON "units" USING btree ("organization_id","square_footage","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_occupied_idx";--> statement-breakpoint
CREATE INDEX "units_org_occupied_idx" ON "units" USING btree ("organization_id","occupied","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_date_available_idx";--> statement-breakpoint
CREATE INDEX "units_org_date_available_idx" ON "units" USING btree ("organization_id","date_available","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_rent_idx";--> statement-breakpoint
CREATE INDEX "units_org_rent_idx" ON "units" USING btree ("organization_id","base_rent_estimate","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_city_idx";--> statement-breakpoint
CREATE INDEX "units_org_city_idx" ON "units" USING btree ("organization_id","city","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_state_name_idx";--> statement-breakpoint
CREATE INDEX "units_org_state_name_idx" ON "units" USING btree ("organization_id","state_name","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_created_idx";--> statement-breakpoint
CREATE INDEX "units_org_created_idx" ON "units" USING btree ("organization_id","created_date","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_modified_idx";--> statement-breakpoint
CREATE INDEX "units_org_modified_idx" ON "units" USING btree ("organization_id","last_modified_date","unit_id") INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_building_name_desc_idx";--> statement-breakpoint
CREATE INDEX "units_org_building_name_desc_idx" ON "units" USING btree ("organization_id","building_name" DESC NULLS LAST,"unit_id" DESC NULLS FIRST) INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_plan_name_desc_idx";--> statement-breakpoint
CREATE INDEX "units_org_plan_name_desc_idx" ON "units" USING btree ("organization_id","floor_plan_name" DESC NULLS LAST,"unit_id" DESC NULLS FIRST) INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_bedrooms_desc_idx";--> statement-breakpoint
CREATE INDEX "units_org_bedrooms_desc_idx" ON "units" USING btree ("organization_id","number_of_bedrooms" DESC NULLS LAST,"unit_id" DESC NULLS FIRST) INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_bathrooms_desc_idx";--> statement-breakpoint
CREATE INDEX "units_org_bathrooms_desc_idx" ON "units" USING btree ("organization_id","number_of_bathrooms" DESC NULLS LAST,"unit_id" DESC NULLS FIRST) INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_square_footage_desc_idx";--> statement-breakpoint
CREATE INDEX "units_org_square_footage_desc_idx" ON "units" USING btree ("organization_id","square_footage" DESC NULLS LAST,"unit_id" DESC NULLS FIRST) INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_date_available_desc_idx";--> statement-breakpoint
CREATE INDEX "units_org_date_available_desc_idx" ON "units" USING btree ("organization_id","date_available" DESC NULLS LAST,"unit_id" DESC NULLS FIRST) INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_rent_desc_idx";--> statement-breakpoint
CREATE INDEX "units_org_rent_desc_idx" ON "units" USING btree ("organization_id","base_rent_estimate" DESC NULLS LAST,"unit_id" DESC NULLS FIRST) INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_city_desc_idx";--> statement-breakpoint
CREATE INDEX "units_org_city_desc_idx" ON "units" USING btree ("organization_id","city" DESC NULLS LAST,"unit_id" DESC NULLS FIRST) INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");--> statement-breakpoint
DROP INDEX IF EXISTS "units_org_state_name_desc_idx";--> statement-breakpoint
CREATE INDEX "units_org_state_name_desc_idx" ON "units" USING btree ("organization_id","state_name" DESC NULLS LAST,"unit_id" DESC NULLS FIRST) INCLUDE ("property_id", "building_id", "floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage", "base_rent_estimate", "occupied", "date_available");
