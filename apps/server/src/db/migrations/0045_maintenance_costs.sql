CREATE TABLE "maintenance_request_costs" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(9, 2) NOT NULL,
	"rate_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"billable" boolean DEFAULT false NOT NULL,
	"incurred_on" date NOT NULL,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" integer,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "maintenance_request_costs_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "maintenance_request_costs_kind_check" CHECK (kind in ('labor', 'material', 'other')),
	CONSTRAINT "maintenance_request_costs_quantity_check" CHECK (quantity > 0),
	CONSTRAINT "maintenance_request_costs_rate_check" CHECK (rate_cents >= 0),
	CONSTRAINT "maintenance_request_costs_amount_check" CHECK (amount_cents = round(quantity * rate_cents)),
	CONSTRAINT "maintenance_request_costs_description_check" CHECK (length(trim(description)) > 0)
);
--> statement-breakpoint
ALTER TABLE "maintenance_request_costs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "estimate_cents" bigint;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "not_to_exceed_cents" bigint;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "billed_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "billed_cents" bigint;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "billed_on" date;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "billed_lease_id" uuid;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "billed_by" integer;--> statement-breakpoint
ALTER TABLE "maintenance_request_costs" ADD CONSTRAINT "maintenance_request_costs_organization_id_request_id_maintenance_requests_organization_id_id_fk" FOREIGN KEY ("organization_id","request_id") REFERENCES "public"."maintenance_requests"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_request_costs_org_request_idx" ON "maintenance_request_costs" USING btree ("organization_id","request_id");--> statement-breakpoint
CREATE INDEX "maintenance_request_costs_org_incurred_idx" ON "maintenance_request_costs" USING btree ("organization_id","incurred_on");--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_billed_idx" ON "maintenance_requests" USING btree ("organization_id","billed_on") WHERE billed_on is not null;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_cost_limits_check" CHECK (coalesce(estimate_cents, 0) >= 0 and coalesce(not_to_exceed_cents, 0) >= 0);--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_billed_check" CHECK ((billed_entry_id is null) = (billed_cents is null) and (billed_entry_id is null) = (billed_on is null));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "maintenance_request_costs" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- ===== Hand-written (keep at the end when renumbering) =====
-- A user who works on some properties reads and writes the cost lines of the requests they see
-- (decision 034): through the request, as its history, so a request moved takes its costs along.
CREATE POLICY "property_scope" ON "maintenance_request_costs" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING (EXISTS (SELECT 1 FROM maintenance_requests r WHERE r.organization_id = maintenance_request_costs.organization_id AND r.id = maintenance_request_costs.request_id))
  WITH CHECK (EXISTS (SELECT 1 FROM maintenance_requests r WHERE r.organization_id = maintenance_request_costs.organization_id AND r.id = maintenance_request_costs.request_id));
--> statement-breakpoint
-- A technician (0043's technician_scope) sees the cost lines of the requests they see.
CREATE POLICY "technician_scope" ON "maintenance_request_costs" AS RESTRICTIVE FOR ALL TO keyholder_app
  USING ((SELECT nullif(current_setting('app.technician_id', true), '')) IS NULL
    OR EXISTS (SELECT 1 FROM "maintenance_requests" r
      WHERE r."organization_id" = "maintenance_request_costs"."organization_id"
        AND r."id" = "maintenance_request_costs"."request_id"));
