CREATE TABLE "staff_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "staff_invite_guid_key";--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "new_link_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_organization_id_staff_id_staff_organization_id_id_fk" FOREIGN KEY ("organization_id","staff_id") REFERENCES "public"."staff"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_staff_idx" ON "staff_invitations" USING btree ("organization_id","staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_org_user_key" ON "staff" USING btree ("organization_id","user_id") WHERE "staff"."user_id" is not null;--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "invite_guid";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "staff_invitations" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
INSERT INTO roles (name, display_name, description) VALUES ('READ_ONLY', 'Read-only', 'Views the records of their properties; changes nothing') ON CONFLICT (name) DO NOTHING;
