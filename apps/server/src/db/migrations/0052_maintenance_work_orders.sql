CREATE TABLE "maintenance_work_orders" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"work_order_no" integer NOT NULL,
	"assignee_kind" text NOT NULL,
	"assigned_user_id" integer,
	"vendor_id" uuid,
	"assignee_name" text NOT NULL,
	"instructions" text,
	"scheduled_start" timestamp with time zone,
	"scheduled_end" timestamp with time zone,
	"not_to_exceed_cents" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"close_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "maintenance_work_orders_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "maintenance_work_orders_status_check" CHECK (status in ('open', 'accepted', 'in_progress', 'completed', 'declined', 'canceled')),
	CONSTRAINT "maintenance_work_orders_assignee_check" CHECK ((assignee_kind = 'staff' and assigned_user_id is not null and vendor_id is null)
        or (assignee_kind = 'vendor' and vendor_id is not null and assigned_user_id is null)),
	CONSTRAINT "maintenance_work_orders_instructions_check" CHECK (instructions is null or length(instructions) <= 4000),
	CONSTRAINT "maintenance_work_orders_nte_check" CHECK (coalesce(not_to_exceed_cents, 0) >= 0),
	CONSTRAINT "maintenance_work_orders_closed_check" CHECK ((closed_at is null) = (status in ('open', 'accepted', 'in_progress'))),
	CONSTRAINT "maintenance_work_orders_schedule_check" CHECK (scheduled_end is null or (scheduled_start is not null and scheduled_end > scheduled_start))
);
--> statement-breakpoint
ALTER TABLE "maintenance_work_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "maintenance_vendor_links" ADD COLUMN "work_order_id" uuid;--> statement-breakpoint
ALTER TABLE "maintenance_request_costs" ADD COLUMN "work_order_id" uuid;--> statement-breakpoint
ALTER TABLE "maintenance_work_orders" ADD CONSTRAINT "maintenance_work_orders_organization_id_request_id_maintenance_requests_organization_id_id_fk" FOREIGN KEY ("organization_id","request_id") REFERENCES "public"."maintenance_requests"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_work_orders_org_request_no_key" ON "maintenance_work_orders" USING btree ("organization_id","request_id","work_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_work_orders_one_open_key" ON "maintenance_work_orders" USING btree ("organization_id","request_id") WHERE status in ('open', 'accepted', 'in_progress');--> statement-breakpoint
CREATE INDEX "maintenance_work_orders_org_vendor_idx" ON "maintenance_work_orders" USING btree ("organization_id","vendor_id");--> statement-breakpoint
ALTER TABLE "maintenance_vendor_links" ADD CONSTRAINT "maintenance_vendor_links_organization_id_work_order_id_maintenance_work_orders_organization_id_id_fk" FOREIGN KEY ("organization_id","work_order_id") REFERENCES "public"."maintenance_work_orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_request_costs" ADD CONSTRAINT "maintenance_request_costs_organization_id_work_order_id_maintenance_work_orders_organization_id_id_fk" FOREIGN KEY ("organization_id","work_order_id") REFERENCES "public"."maintenance_work_orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_request_costs_org_work_order_idx" ON "maintenance_request_costs" USING btree ("organization_id","work_order_id") WHERE work_order_id is not null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "maintenance_work_orders" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- ===== Hand-written (keep at the end when renumbering) =====
-- A user who works on some properties reads and writes the work orders of the requests they see,
-- through the request, as its history, comments and links (0040, 0044, 0048).
CREATE POLICY "property_scope" ON "maintenance_work_orders" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING (EXISTS (SELECT 1 FROM maintenance_requests r WHERE r.organization_id = maintenance_work_orders.organization_id AND r.id = maintenance_work_orders.request_id))
  WITH CHECK (EXISTS (SELECT 1 FROM maintenance_requests r WHERE r.organization_id = maintenance_work_orders.organization_id AND r.id = maintenance_work_orders.request_id));--> statement-breakpoint
-- A technician (0043's technician_scope) sees the work orders of the requests they see.
CREATE POLICY "technician_scope" ON "maintenance_work_orders" AS RESTRICTIVE FOR ALL TO keyholder_app
  USING ((SELECT nullif(current_setting('app.technician_id', true), '')) IS NULL
    OR EXISTS (SELECT 1 FROM "maintenance_requests" r
      WHERE r."organization_id" = "maintenance_work_orders"."organization_id"
        AND r."id" = "maintenance_work_orders"."request_id"));--> statement-breakpoint
-- One work order for each request given to someone and without one: its assignee (name as now),
-- the request's title as the instructions, its booked time; its status from the request's (and the
-- vendor's acceptance); closed requests keep theirs as completed or canceled. The current vendor's
-- links belong to it. A function, so the demo organization (made after the migrations) gets its
-- work orders the same way: `select maintenance_work_orders_backfill(org)`, null for every one.
CREATE FUNCTION maintenance_work_orders_backfill(org uuid) RETURNS void LANGUAGE sql AS $$
INSERT INTO "maintenance_work_orders" ("organization_id", "request_id", "work_order_no", "assignee_kind",
    "assigned_user_id", "vendor_id", "assignee_name", "instructions", "scheduled_start", "scheduled_end",
    "status", "close_reason", "created_by", "created_at", "updated_at", "closed_at")
SELECT r.organization_id, r.id, 1,
  CASE WHEN r.vendor_id IS NULL THEN 'staff' ELSE 'vendor' END,
  r.assigned_user_id, r.vendor_id,
  coalesce(v.name, nullif(trim(coalesce(nullif(trim(p.preferred_name), ''), p.first_name || ' ' || p.last_name)), ''), u.username, 'Unknown'),
  left(r.title, 4000), r.scheduled_start, r.scheduled_end,
  CASE WHEN r.status = 'completed' THEN 'completed'
    WHEN r.status = 'canceled' THEN 'canceled'
    WHEN r.status = 'in_progress' THEN 'in_progress'
    WHEN EXISTS (SELECT 1 FROM maintenance_vendor_links l WHERE l.organization_id = r.organization_id
      AND l.request_id = r.id AND l.vendor_id = r.vendor_id AND l.accepted_at IS NOT NULL
      AND l.revoked_at IS NULL AND l.declined_at IS NULL) THEN 'accepted'
    ELSE 'open' END,
  CASE WHEN r.status = 'canceled' THEN 'Request canceled' END,
  r.last_modified_by, r.last_modified_date, r.last_modified_date,
  CASE WHEN r.status IN ('completed', 'canceled') THEN coalesce(r.completed_at, r.last_modified_date) END
FROM maintenance_requests r
LEFT JOIN vendors v ON v.organization_id = r.organization_id AND v.id = r.vendor_id
LEFT JOIN users u ON u.organization_id = r.organization_id AND u.id = r.assigned_user_id
LEFT JOIN persons p ON p.organization_id = u.organization_id AND p.id = u.person_id
WHERE (org IS NULL OR r.organization_id = org)
  AND (r.assigned_user_id IS NOT NULL OR r.vendor_id IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM maintenance_work_orders w WHERE w.organization_id = r.organization_id AND w.request_id = r.id);
UPDATE "maintenance_vendor_links" l SET "work_order_id" = w.id
FROM maintenance_work_orders w
WHERE w.organization_id = l.organization_id AND w.request_id = l.request_id AND w.vendor_id = l.vendor_id
  AND l.work_order_id IS NULL AND (org IS NULL OR l.organization_id = org)
  AND w.work_order_no = 1;
$$;--> statement-breakpoint
SELECT maintenance_work_orders_backfill(NULL);
