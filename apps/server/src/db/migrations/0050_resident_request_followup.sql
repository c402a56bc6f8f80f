-- Decision 036, "Following a request": keyholder_resident reads the comments shared with the
-- resident, the files shared with the resident and the status history of its leases' requests,
-- each through the request's lease_id. Writes (a resident's comment or photo) run as keyholder_app
-- once the request was read as the resident, as the resident's request creation does (0047).
GRANT SELECT ON "maintenance_request_comments", "maintenance_request_files" TO keyholder_resident;--> statement-breakpoint
GRANT SELECT ("organization_id", "id", "request_id", "to_status", "changed_at") ON "maintenance_request_events" TO keyholder_resident;--> statement-breakpoint
CREATE POLICY "resident_lease" ON "maintenance_request_comments" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND "visibility" = 'resident'
    AND EXISTS (SELECT 1 FROM "maintenance_requests" r WHERE r."organization_id" = "maintenance_request_comments"."organization_id"
      AND r."id" = "maintenance_request_comments"."request_id"
      AND r."lease_id" = ANY ((SELECT nullif(current_setting('app.resident_lease_ids', true), '')::uuid[])::uuid[])));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "maintenance_request_files" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND "visible_to_resident"
    AND EXISTS (SELECT 1 FROM "maintenance_requests" r WHERE r."organization_id" = "maintenance_request_files"."organization_id"
      AND r."id" = "maintenance_request_files"."request_id"
      AND r."lease_id" = ANY ((SELECT nullif(current_setting('app.resident_lease_ids', true), '')::uuid[])::uuid[])));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "maintenance_request_events" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid
    AND EXISTS (SELECT 1 FROM "maintenance_requests" r WHERE r."organization_id" = "maintenance_request_events"."organization_id"
      AND r."id" = "maintenance_request_events"."request_id"
      AND r."lease_id" = ANY ((SELECT nullif(current_setting('app.resident_lease_ids', true), '')::uuid[])::uuid[])));
