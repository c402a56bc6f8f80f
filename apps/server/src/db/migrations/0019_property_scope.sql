CREATE TABLE "user_properties" (
	"organization_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"property_id" uuid NOT NULL,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_properties_organization_id_user_id_property_id_pk" PRIMARY KEY("organization_id","user_id","property_id")
);
--> statement-breakpoint
ALTER TABLE "user_properties" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "all_properties" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_properties" ADD CONSTRAINT "user_properties_organization_id_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_properties" ADD CONSTRAINT "user_properties_organization_id_property_id_properties_organization_id_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "user_properties" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
GRANT UPDATE ("all_properties") ON "users" TO keyholder_app;--> statement-breakpoint
-- Decision 019: a user who works on some properties only runs their transactions as
-- keyholder_scoped, a member of keyholder_app (so its grants and tenant policies apply), to which
-- these restrictive policies add: a record of another property does not exist for it. The list is
-- app.property_ids, set per transaction from user_properties; unset means no property at all. The
-- sub-select makes it one value per statement rather than one parse per row (the outer cast keeps
-- ANY from reading it as a subquery of rows).
DO $$
BEGIN
  CREATE ROLE keyholder_scoped NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE INHERIT;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;--> statement-breakpoint
GRANT keyholder_app TO keyholder_scoped;--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT keyholder_scoped TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;--> statement-breakpoint
CREATE POLICY "property_scope" ON "properties" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "property_scope" ON "buildings" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "property_scope" ON "units" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "property_scope" ON "zones" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
-- A floor plan of no property is the organization's, offered with every property.
CREATE POLICY "property_scope" ON "floor_plans" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" IS NULL OR "property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_id" IS NULL OR "property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "property_scope" ON "property_images" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));
