CREATE TABLE "applications" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"floor_plan_id" bigint,
	"property_name" text NOT NULL,
	"floor_plan_name" text,
	"full_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"move_in_date" date,
	"message" text,
	"status" text NOT NULL,
	"status_note" text,
	"submitted_at" timestamp with time zone,
	"idempotency_key" text,
	"resume_token_hash" text,
	"resume_expires_at" timestamp with time zone,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" integer,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "applications_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "applications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organization_id_property_id_properties_organization_id_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_idempotency_key" ON "applications" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_resume_token_key" ON "applications" USING btree ("resume_token_hash");--> statement-breakpoint
CREATE INDEX "applications_property_email_idx" ON "applications" USING btree ("organization_id","property_id","email");--> statement-breakpoint
CREATE INDEX "applications_org_submitted_idx" ON "applications" USING btree ("organization_id","submitted_at","id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "applications" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- A user who works on some properties sees the applications to those (decision 019).
CREATE POLICY "property_scope" ON "applications" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));
