DROP INDEX "maintenance_requests_org_location_name_desc_idx";--> statement-breakpoint
DROP INDEX "maintenance_requests_org_tenant_name_desc_idx";--> statement-breakpoint
DROP INDEX "maintenance_requests_org_recorded_by_name_desc_idx";--> statement-breakpoint
DROP INDEX "maintenance_requests_org_assigned_to_name_desc_idx";--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_scheduled_desc_idx" ON "maintenance_requests" USING btree ("organization_id","scheduled_start" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_location_name_desc_idx" ON "maintenance_requests" USING btree ("organization_id","location_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_tenant_name_desc_idx" ON "maintenance_requests" USING btree ("organization_id","tenant_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_recorded_by_name_desc_idx" ON "maintenance_requests" USING btree ("organization_id","recorded_by_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_org_assigned_to_name_desc_idx" ON "maintenance_requests" USING btree ("organization_id","assigned_to_name" DESC NULLS LAST,"id" DESC NULLS FIRST);