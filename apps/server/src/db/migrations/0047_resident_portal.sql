CREATE TABLE "resident_accounts" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"activated_at" timestamp with time zone,
	"last_login" timestamp with time zone,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_last_step" bigint,
	"failed_codes" integer DEFAULT 0 NOT NULL,
	"codes_locked_until" timestamp with time zone,
	CONSTRAINT "resident_accounts_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "resident_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resident_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "resident_invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resident_login_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resident_login_challenges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resident_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "resident_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "resident_accounts" ADD CONSTRAINT "resident_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_accounts" ADD CONSTRAINT "resident_accounts_organization_id_tenant_id_tenants_organization_id_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."tenants"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_invitations" ADD CONSTRAINT "resident_invitations_organization_id_account_id_resident_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."resident_accounts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_login_challenges" ADD CONSTRAINT "resident_login_challenges_organization_id_account_id_resident_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."resident_accounts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_sessions" ADD CONSTRAINT "resident_sessions_organization_id_account_id_resident_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."resident_accounts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resident_accounts_org_tenant_key" ON "resident_accounts" USING btree ("organization_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resident_accounts_email_key" ON "resident_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "resident_invitations_account_idx" ON "resident_invitations" USING btree ("organization_id","account_id");--> statement-breakpoint
CREATE INDEX "resident_login_challenges_expires_idx" ON "resident_login_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "resident_sessions_account_idx" ON "resident_sessions" USING btree ("organization_id","account_id");--> statement-breakpoint
CREATE INDEX "resident_sessions_expires_idx" ON "resident_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "resident_accounts" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "resident_invitations" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "resident_login_challenges" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "resident_sessions" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Decision 036: a resident's requests run as keyholder_resident, NOT a member of keyholder_app, so
-- none of the workspace's grants or tenant policies reach it. It reads only what the portal shows,
-- and only of app.org_id and the leases in app.resident_lease_ids (the leases its tenant is a party
-- of, set per transaction from the resident's session): these policies are its only way to a row.
DO $$
BEGIN
  CREATE ROLE keyholder_resident NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT keyholder_resident TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO keyholder_resident;--> statement-breakpoint
GRANT SELECT ON "leases", "lease_units", "lease_parties", "lease_balances", "journal_lines", "journal_entries",
  "lease_payments", "lease_charges", "lease_credits", "maintenance_requests" TO keyholder_resident;--> statement-breakpoint
GRANT SELECT ("organization_id", "id", "name") ON "tenants" TO keyholder_resident;--> statement-breakpoint
GRANT SELECT ("organization_id", "id", "lease_ledger") ON "ledger_accounts" TO keyholder_resident;--> statement-breakpoint
GRANT SELECT ("id", "name", "time_zone") ON "organizations" TO keyholder_resident;--> statement-breakpoint
CREATE POLICY "resident_lease" ON "leases" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND "id" = ANY ((SELECT nullif(current_setting('app.resident_lease_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "lease_units" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND "lease_id" = ANY ((SELECT nullif(current_setting('app.resident_lease_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "lease_parties" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND "lease_id" = ANY ((SELECT nullif(current_setting('app.resident_lease_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "lease_balances" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND "lease_id" = ANY ((SELECT nullif(current_setting('app.resident_lease_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "journal_lines" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND "lease_id" = ANY ((SELECT nullif(current_setting('app.resident_lease_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "lease_payments" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND "lease_id" = ANY ((SELECT nullif(current_setting('app.resident_lease_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "lease_charges" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND "lease_id" = ANY ((SELECT nullif(current_setting('app.resident_lease_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "lease_credits" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND "lease_id" = ANY ((SELECT nullif(current_setting('app.resident_lease_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "maintenance_requests" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND "lease_id" = ANY ((SELECT nullif(current_setting('app.resident_lease_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "journal_entries" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND EXISTS (SELECT 1 FROM journal_lines l WHERE l.organization_id = journal_entries.organization_id AND l.entry_id = journal_entries.id));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "tenants" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND EXISTS (SELECT 1 FROM lease_parties p WHERE p.organization_id = tenants.organization_id AND p.tenant_id = tenants.id));--> statement-breakpoint
CREATE POLICY "resident_lease" ON "ledger_accounts" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid AND "lease_ledger");--> statement-breakpoint
CREATE POLICY "resident_lease" ON "organizations" AS PERMISSIVE FOR SELECT TO keyholder_resident
  USING ("id" = nullif(current_setting('app.org_id', true), '')::uuid);
