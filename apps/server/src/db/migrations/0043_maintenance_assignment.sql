ALTER TABLE "maintenance_request_events" ADD COLUMN "assigned_from" text;--> statement-breakpoint
ALTER TABLE "maintenance_request_events" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "assigned_user_id" integer;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "scheduled_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "scheduled_end" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_scheduled_idx" ON "maintenance_requests" USING btree ("organization_id","scheduled_start","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_assigned_idx" ON "maintenance_requests" USING btree ("organization_id","assigned_user_id","id");--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_schedule_check" CHECK (scheduled_end is null or (scheduled_start is not null and scheduled_end > scheduled_start));--> statement-breakpoint
-- The assignee's foreign key nulls only the assignee when the user is removed (PostgreSQL 15's
-- column list): the request goes back to the unassigned, its organization stays.
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_assigned_user_fk"
  FOREIGN KEY ("organization_id", "assigned_user_id") REFERENCES "users"("organization_id", "id")
  ON DELETE SET NULL ("assigned_user_id");--> statement-breakpoint
INSERT INTO roles (name, display_name, description) VALUES ('MAINTENANCE_TECHNICIAN', 'Maintenance Technician', 'Works the maintenance requests of their properties that are unassigned or assigned to them') ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
-- A technician's transaction carries app.technician_id (db/client.ts withOrg): they see and write
-- only the requests that are unassigned or theirs, on every role (keyholder_scoped is a member of
-- keyholder_app, so this binds scoped technicians too). Others have no setting and are not limited.
CREATE POLICY "technician_scope" ON "maintenance_requests" AS RESTRICTIVE FOR ALL TO keyholder_app
  USING ((SELECT nullif(current_setting('app.technician_id', true), '')) IS NULL
    OR "assigned_user_id" IS NULL
    OR "assigned_user_id" = (SELECT nullif(current_setting('app.technician_id', true), '')::int));--> statement-breakpoint
CREATE POLICY "technician_scope" ON "maintenance_request_events" AS RESTRICTIVE FOR ALL TO keyholder_app
  USING ((SELECT nullif(current_setting('app.technician_id', true), '')) IS NULL
    OR EXISTS (SELECT 1 FROM "maintenance_requests" r
      WHERE r."organization_id" = "maintenance_request_events"."organization_id"
        AND r."id" = "maintenance_request_events"."request_id"));
