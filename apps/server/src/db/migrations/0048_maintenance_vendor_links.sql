CREATE TABLE "maintenance_vendor_links" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"completed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_vendor_links_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "maintenance_vendor_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "maintenance_request_events" ADD COLUMN "changed_by_vendor_id" uuid;--> statement-breakpoint
ALTER TABLE "maintenance_request_events" ADD COLUMN "changed_by_name" text;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "vendor_id" uuid;--> statement-breakpoint
ALTER TABLE "maintenance_vendor_links" ADD CONSTRAINT "maintenance_vendor_links_organization_id_request_id_maintenance_requests_organization_id_id_fk" FOREIGN KEY ("organization_id","request_id") REFERENCES "public"."maintenance_requests"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_vendor_links" ADD CONSTRAINT "maintenance_vendor_links_organization_id_vendor_id_vendors_organization_id_id_fk" FOREIGN KEY ("organization_id","vendor_id") REFERENCES "public"."vendors"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_vendor_links_token_key" ON "maintenance_vendor_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "maintenance_vendor_links_org_request_idx" ON "maintenance_vendor_links" USING btree ("organization_id","request_id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_vendor_idx" ON "maintenance_requests" USING btree ("organization_id","vendor_id","id");--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_one_assignee_check" CHECK (assigned_user_id is null or vendor_id is null);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "maintenance_vendor_links" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- ===== Hand-written (keep at the end when renumbering) =====
-- The vendor doing the work: deleting the vendor nulls only this column (as 0043's assignee), the
-- request goes back to the unassigned, its organization stays.
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_vendor_fk"
  FOREIGN KEY ("organization_id", "vendor_id") REFERENCES "vendors"("organization_id", "id")
  ON DELETE SET NULL ("vendor_id");--> statement-breakpoint
-- A technician sees the requests unassigned or theirs: one given to a vendor is neither (0043).
DROP POLICY "technician_scope" ON "maintenance_requests";--> statement-breakpoint
CREATE POLICY "technician_scope" ON "maintenance_requests" AS RESTRICTIVE FOR ALL TO keyholder_app
  USING ((SELECT nullif(current_setting('app.technician_id', true), '')) IS NULL
    OR ("assigned_user_id" IS NULL AND "vendor_id" IS NULL)
    OR "assigned_user_id" = (SELECT nullif(current_setting('app.technician_id', true), '')::int));--> statement-breakpoint
-- A vendor's links are read through the request, as its comments and files (0044).
CREATE POLICY "property_scope" ON "maintenance_vendor_links" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING (EXISTS (SELECT 1 FROM maintenance_requests r WHERE r.organization_id = maintenance_vendor_links.organization_id AND r.id = maintenance_vendor_links.request_id))
  WITH CHECK (EXISTS (SELECT 1 FROM maintenance_requests r WHERE r.organization_id = maintenance_vendor_links.organization_id AND r.id = maintenance_vendor_links.request_id));--> statement-breakpoint
CREATE POLICY "technician_scope" ON "maintenance_vendor_links" AS RESTRICTIVE FOR ALL TO keyholder_app
  USING ((SELECT nullif(current_setting('app.technician_id', true), '')) IS NULL
    OR EXISTS (SELECT 1 FROM "maintenance_requests" r
      WHERE r."organization_id" = "maintenance_vendor_links"."organization_id"
        AND r."id" = "maintenance_vendor_links"."request_id"));
