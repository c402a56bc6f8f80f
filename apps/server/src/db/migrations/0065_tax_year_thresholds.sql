CREATE TABLE "tax_year_thresholds" (
	"organization_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"threshold_cents" bigint NOT NULL,
	"updated_by" integer,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_year_thresholds_organization_id_year_pk" PRIMARY KEY("organization_id","year")
);
--> statement-breakpoint
ALTER TABLE "tax_year_thresholds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tax_year_thresholds" ADD CONSTRAINT "tax_year_thresholds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tax_year_thresholds" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- A 1099 summary is the whole organization's: a user of some properties sees none of it.
CREATE POLICY "property_scope" ON "tax_year_thresholds" AS RESTRICTIVE FOR ALL TO keyholder_scoped USING (false) WITH CHECK (false);--> statement-breakpoint
REVOKE DELETE ON "tax_year_thresholds" FROM keyholder_app;
