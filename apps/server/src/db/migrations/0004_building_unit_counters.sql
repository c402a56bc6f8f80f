CREATE TABLE "organization_row_counts" (
	"organization_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "organization_row_counts_organization_id_table_name_pk" PRIMARY KEY("organization_id","table_name")
);
--> statement-breakpoint
ALTER TABLE "organization_row_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "total_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "occupied_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_row_counts" ADD CONSTRAINT "organization_row_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buildings_org_number_idx" ON "buildings" USING btree ("organization_id","building_number","id");--> statement-breakpoint
CREATE INDEX "buildings_org_created_idx" ON "buildings" USING btree ("organization_id","created_date","id");--> statement-breakpoint
CREATE INDEX "buildings_org_modified_idx" ON "buildings" USING btree ("organization_id","last_modified_date","id");--> statement-breakpoint
CREATE INDEX "buildings_org_total_units_idx" ON "buildings" USING btree ("organization_id","total_units","id");--> statement-breakpoint
CREATE INDEX "buildings_org_occupied_units_idx" ON "buildings" USING btree ("organization_id","occupied_units","id");--> statement-breakpoint
CREATE INDEX "buildings_org_occupancy_idx" ON "buildings" USING btree ("organization_id",(occupied_units::float / nullif(total_units, 0)),"id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "organization_row_counts" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);