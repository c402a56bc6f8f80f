CREATE TABLE "resident_account_tenants" (
	"organization_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"linked_by" integer,
	CONSTRAINT "resident_account_tenants_organization_id_tenant_id_pk" PRIMARY KEY("organization_id","tenant_id")
);
--> statement-breakpoint
ALTER TABLE "resident_account_tenants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recovery_codes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "resident_account_id" uuid;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD COLUMN "resident_account_id" uuid;--> statement-breakpoint
ALTER TABLE "resident_account_tenants" ADD CONSTRAINT "resident_account_tenants_organization_id_account_id_resident_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."resident_accounts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_account_tenants" ADD CONSTRAINT "resident_account_tenants_organization_id_tenant_id_tenants_organization_id_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."tenants"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resident_account_tenants_account_idx" ON "resident_account_tenants" USING btree ("organization_id","account_id");--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_organization_id_resident_account_id_resident_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","resident_account_id") REFERENCES "public"."resident_accounts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_organization_id_resident_account_id_resident_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","resident_account_id") REFERENCES "public"."resident_accounts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_resident_idx" ON "password_reset_tokens" USING btree ("organization_id","resident_account_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_resident_idx" ON "recovery_codes" USING btree ("organization_id","resident_account_id");--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_one_owner" CHECK (num_nonnulls("password_reset_tokens"."user_id", "password_reset_tokens"."resident_account_id") = 1);--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_one_owner" CHECK (num_nonnulls("recovery_codes"."user_id", "recovery_codes"."resident_account_id") = 1);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "resident_account_tenants" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);