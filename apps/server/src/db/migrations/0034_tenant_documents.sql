CREATE TABLE "tenant_documents" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"expires_on" date,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" integer,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tenant_documents_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "tenant_documents_kind_check" CHECK (kind in ('id', 'insurance', 'lease', 'income', 'other')),
	CONSTRAINT "tenant_documents_size_check" CHECK (byte_size > 0)
);
--> statement-breakpoint
ALTER TABLE "tenant_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenant_documents" ADD CONSTRAINT "tenant_documents_organization_id_tenant_id_tenants_organization_id_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."tenants"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_documents_org_tenant_idx" ON "tenant_documents" USING btree ("organization_id","tenant_id","expires_on");--> statement-breakpoint
CREATE INDEX "tenants_org_kind_idx" ON "tenants" USING btree ("organization_id","kind","id");--> statement-breakpoint
CREATE INDEX "tenants_org_status_id_idx" ON "tenants" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "tenants_org_phone_idx" ON "tenants" USING btree ("organization_id","phone","id");--> statement-breakpoint
CREATE INDEX "tenants_org_alternate_email_idx" ON "tenants" USING btree ("organization_id","alternate_email","id");--> statement-breakpoint
CREATE INDEX "tenants_org_alternate_phone_idx" ON "tenants" USING btree ("organization_id","alternate_phone","id");--> statement-breakpoint
CREATE INDEX "tenants_org_emergency_contact_idx" ON "tenants" USING btree ("organization_id","emergency_contact_name","id");--> statement-breakpoint
CREATE INDEX "tenants_org_created_idx" ON "tenants" USING btree ("organization_id","created_date","id");--> statement-breakpoint
CREATE INDEX "tenants_org_modified_idx" ON "tenants" USING btree ("organization_id","last_modified_date","id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tenant_documents" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Decision 019 and 028: a user who works on some properties sees the tenants who are parties to a
-- lease of one of them, and the tenants with no lease at all (not yet placed: anyone may place
-- them). SECURITY DEFINER: "no lease at all" must count every lease of the tenant, not only those
-- the caller's own lease_parties policy lets them see.
CREATE FUNCTION tenant_in_property_scope(org uuid, tenant uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT NOT EXISTS (SELECT 1 FROM lease_parties lp WHERE lp.organization_id = org AND lp.tenant_id = tenant)
      OR EXISTS (SELECT 1 FROM lease_parties lp WHERE lp.organization_id = org AND lp.tenant_id = tenant
        AND lp.property_id = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_in_property_scope(uuid, uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_in_property_scope(uuid, uuid) TO keyholder_app;--> statement-breakpoint
CREATE POLICY "property_scope" ON "tenants" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING (tenant_in_property_scope("organization_id", "id"))
  WITH CHECK (tenant_in_property_scope("organization_id", "id"));--> statement-breakpoint
CREATE POLICY "property_scope" ON "tenant_documents" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING (tenant_in_property_scope("organization_id", "tenant_id"))
  WITH CHECK (tenant_in_property_scope("organization_id", "tenant_id"));
--> statement-breakpoint
-- How many leases a tenant is a party to, all of them whatever the caller's property scope: a
-- tenant on any lease is never deleted (its lease history and balance must stay).
CREATE FUNCTION tenant_lease_count(org uuid, tenant uuid) RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT count(DISTINCT lp.lease_id)::integer FROM lease_parties lp WHERE lp.organization_id = org AND lp.tenant_id = tenant
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_lease_count(uuid, uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_lease_count(uuid, uuid) TO keyholder_app;
