ALTER TABLE "applications" ADD COLUMN "unit_id" bigint;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "unit_number" text;--> statement-breakpoint
-- A listed property's available units (decision 021): the public search reads them for each listing
-- in range (their ranges and count), the page and the apply form list them. Only vacant units, with
-- the columns those reads take, so each is an index-only range of a few entries per property.
CREATE INDEX "units_vacant_property_idx" ON "units" USING btree ("organization_id","property_id")
  INCLUDE ("floor_plan_id", "number_of_bedrooms", "number_of_bathrooms", "square_footage") WHERE not occupied;
