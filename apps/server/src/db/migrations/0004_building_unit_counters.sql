CREATE TABLE "organization_row_counts" (
	"organization_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "organization_row_counts_organization_id_table_name_pk" PRIMARY KEY("organization_id","table_name")
);
--> statement-breakpoint
ALTER TABLE "organization_row_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "buildings_org_name_idx";--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "total_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "occupied_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_row_counts" ADD CONSTRAINT "organization_row_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buildings_org_number_idx" ON "buildings" USING btree ("organization_id","building_number","id","property_id","building_type_id","address_id");--> statement-breakpoint
CREATE INDEX "buildings_org_created_idx" ON "buildings" USING btree ("organization_id","created_date","id","property_id","building_type_id","address_id");--> statement-breakpoint
CREATE INDEX "buildings_org_modified_idx" ON "buildings" USING btree ("organization_id","last_modified_date","id","property_id","building_type_id","address_id");--> statement-breakpoint
CREATE INDEX "buildings_org_total_units_idx" ON "buildings" USING btree ("organization_id","total_units","id","property_id","building_type_id","address_id");--> statement-breakpoint
CREATE INDEX "buildings_org_occupied_units_idx" ON "buildings" USING btree ("organization_id","occupied_units","id","property_id","building_type_id","address_id");--> statement-breakpoint
CREATE INDEX "buildings_org_occupancy_idx" ON "buildings" USING btree ("organization_id",(occupied_units::float / nullif(total_units, 0)),"id","occupied_units","total_units","property_id","building_type_id","address_id");--> statement-breakpoint
CREATE INDEX "floor_plans_org_code_idx" ON "floor_plans" USING btree ("organization_id","plan_code","id");--> statement-breakpoint
CREATE INDEX "floor_plans_org_bed_rooms_idx" ON "floor_plans" USING btree ("organization_id","bed_rooms","id");--> statement-breakpoint
CREATE INDEX "floor_plans_org_bath_rooms_idx" ON "floor_plans" USING btree ("organization_id","bath_rooms","id");--> statement-breakpoint
CREATE INDEX "floor_plans_org_square_feet_idx" ON "floor_plans" USING btree ("organization_id","total_square_feet","id");--> statement-breakpoint
CREATE INDEX "floor_plans_org_rent_idx" ON "floor_plans" USING btree ("organization_id","base_rent_estimate","id");--> statement-breakpoint
CREATE INDEX "floor_plans_org_active_idx" ON "floor_plans" USING btree ("organization_id","active","id");--> statement-breakpoint
CREATE INDEX "floor_plans_org_created_idx" ON "floor_plans" USING btree ("organization_id","created_date","id");--> statement-breakpoint
CREATE INDEX "floor_plans_org_modified_idx" ON "floor_plans" USING btree ("organization_id","last_modified_date","id");--> statement-breakpoint
CREATE INDEX "buildings_org_name_idx" ON "buildings" USING btree ("organization_id","name","id","property_id","building_type_id","address_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "organization_row_counts" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);