CREATE TABLE "management_agreements" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"fee_percent_bp" integer DEFAULT 0 NOT NULL,
	"fee_account_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"flat_per_property_cents" bigint DEFAULT 0 NOT NULL,
	"flat_per_unit_cents" bigint DEFAULT 0 NOT NULL,
	"minimum_cents" bigint DEFAULT 0 NOT NULL,
	"reserve_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "management_agreements_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "management_agreements_amounts_check" CHECK (fee_percent_bp between 0 and 10000 and flat_per_property_cents >= 0 and flat_per_unit_cents >= 0
        and minimum_cents >= 0 and reserve_cents >= 0),
	CONSTRAINT "management_agreements_dates_check" CHECK (ends_on is null or ends_on >= starts_on)
);
--> statement-breakpoint
ALTER TABLE "management_agreements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "management_fees" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"income_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"entry_id" bigint,
	CONSTRAINT "management_fees_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "management_fees_amount_check" CHECK (fee_cents >= 0 and period_end >= period_start)
);
--> statement-breakpoint
ALTER TABLE "management_fees" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "owner_contributions" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"received_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_contributions_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "owner_contributions_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "owner_contributions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "owner_distributions" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"request_key" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_distributions_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "owner_distributions_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "owner_distributions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "owners" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'person' NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"legal_name" text,
	"tax_classification" text,
	"taxpayer_id_sealed" text,
	"taxpayer_id_last4" text,
	"eligible_1099" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owners_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "owners_kind_check" CHECK (kind in ('person', 'company'))
);
--> statement-breakpoint
ALTER TABLE "owners" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "property_ownerships" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"share_bp" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	CONSTRAINT "property_ownerships_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "property_ownerships_share_check" CHECK (share_bp between 1 and 10000),
	CONSTRAINT "property_ownerships_dates_check" CHECK (ends_on is null or ends_on >= starts_on)
);
--> statement-breakpoint
ALTER TABLE "property_ownerships" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_check";--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "management_agreements" ADD CONSTRAINT "management_agreements_organization_id_property_id_properties_organization_id_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "management_fees" ADD CONSTRAINT "management_fees_organization_id_property_id_properties_organization_id_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "management_fees" ADD CONSTRAINT "management_fees_organization_id_entry_id_journal_entries_organization_id_id_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."journal_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_contributions" ADD CONSTRAINT "owner_contributions_organization_id_owner_id_owners_organization_id_id_fk" FOREIGN KEY ("organization_id","owner_id") REFERENCES "public"."owners"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_contributions" ADD CONSTRAINT "owner_contributions_organization_id_property_id_properties_organization_id_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_contributions" ADD CONSTRAINT "owner_contributions_organization_id_bank_account_id_bank_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","bank_account_id") REFERENCES "public"."bank_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_contributions" ADD CONSTRAINT "owner_contributions_organization_id_entry_id_journal_entries_organization_id_id_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."journal_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_distributions" ADD CONSTRAINT "owner_distributions_organization_id_owner_id_owners_organization_id_id_fk" FOREIGN KEY ("organization_id","owner_id") REFERENCES "public"."owners"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_distributions" ADD CONSTRAINT "owner_distributions_organization_id_bank_account_id_bank_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","bank_account_id") REFERENCES "public"."bank_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_distributions" ADD CONSTRAINT "owner_distributions_organization_id_entry_id_journal_entries_organization_id_id_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."journal_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owners" ADD CONSTRAINT "owners_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_ownerships" ADD CONSTRAINT "property_ownerships_organization_id_property_id_properties_organization_id_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_ownerships" ADD CONSTRAINT "property_ownerships_organization_id_owner_id_owners_organization_id_id_fk" FOREIGN KEY ("organization_id","owner_id") REFERENCES "public"."owners"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "management_agreements_property_idx" ON "management_agreements" USING btree ("organization_id","property_id","starts_on");--> statement-breakpoint
CREATE INDEX "management_fees_run_idx" ON "management_fees" USING btree ("organization_id","run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_contributions_entry_key" ON "owner_contributions" USING btree ("organization_id","entry_id");--> statement-breakpoint
CREATE INDEX "owner_contributions_owner_idx" ON "owner_contributions" USING btree ("organization_id","owner_id","received_on");--> statement-breakpoint
CREATE INDEX "owner_distributions_request_idx" ON "owner_distributions" USING btree ("organization_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_distributions_run_owner_key" ON "owner_distributions" USING btree ("organization_id","run_id","owner_id");--> statement-breakpoint
CREATE INDEX "owner_distributions_owner_idx" ON "owner_distributions" USING btree ("organization_id","owner_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "owners_org_name_key" ON "owners" USING btree ("organization_id",lower(name));--> statement-breakpoint
CREATE INDEX "property_ownerships_property_idx" ON "property_ownerships" USING btree ("organization_id","property_id","starts_on");--> statement-breakpoint
CREATE INDEX "property_ownerships_owner_idx" ON "property_ownerships" USING btree ("organization_id","owner_id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_check" CHECK (source in ('manual', 'reversal', 'recurring_charge', 'late_fee', 'move_in', 'charge', 'payment', 'payment_return', 'nsf_fee', 'credit', 'refund', 'prepaid_application', 'move_out', 'bank_deposit', 'bank_transfer', 'bank_adjustment', 'bill', 'vendor_credit', 'bill_payment', 'management_fee', 'owner_distribution', 'owner_contribution'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "management_agreements" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "management_fees" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "owner_contributions" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "owner_distributions" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "owners" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "property_ownerships" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Decision 044: one management agreement at a time per property, and a property's fee periods never
-- overlap (a fee charged twice for the same days is the peers' bug this refuses).
ALTER TABLE "management_agreements" ADD CONSTRAINT "management_agreements_no_overlap" EXCLUDE USING gist (
  "organization_id" WITH =, "property_id" WITH =,
  daterange("starts_on", "ends_on", '[]') WITH &&);--> statement-breakpoint
ALTER TABLE "management_fees" ADD CONSTRAINT "management_fees_no_overlap" EXCLUDE USING gist (
  "organization_id" WITH =, "property_id" WITH =,
  daterange("period_start", "period_end", '[]') WITH &&);--> statement-breakpoint
-- Posted documents are kept; an ownership or an agreement only ends.
REVOKE DELETE ON "owners" FROM keyholder_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON "property_ownerships" FROM keyholder_app;--> statement-breakpoint
GRANT UPDATE ("ends_on") ON "property_ownerships" TO keyholder_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON "management_agreements" FROM keyholder_app;--> statement-breakpoint
GRANT UPDATE ("ends_on") ON "management_agreements" TO keyholder_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON "management_fees" FROM keyholder_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON "owner_distributions" FROM keyholder_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON "owner_contributions" FROM keyholder_app;--> statement-breakpoint
-- Owners' money is every property's business: a user of some properties sees none of it (403 first).
CREATE POLICY "property_scope" ON "owners" AS RESTRICTIVE FOR ALL TO keyholder_scoped USING (false) WITH CHECK (false);--> statement-breakpoint
CREATE POLICY "property_scope" ON "property_ownerships" AS RESTRICTIVE FOR ALL TO keyholder_scoped USING (false) WITH CHECK (false);--> statement-breakpoint
CREATE POLICY "property_scope" ON "management_agreements" AS RESTRICTIVE FOR ALL TO keyholder_scoped USING (false) WITH CHECK (false);--> statement-breakpoint
CREATE POLICY "property_scope" ON "management_fees" AS RESTRICTIVE FOR ALL TO keyholder_scoped USING (false) WITH CHECK (false);--> statement-breakpoint
CREATE POLICY "property_scope" ON "owner_distributions" AS RESTRICTIVE FOR ALL TO keyholder_scoped USING (false) WITH CHECK (false);--> statement-breakpoint
CREATE POLICY "property_scope" ON "owner_contributions" AS RESTRICTIVE FOR ALL TO keyholder_scoped USING (false) WITH CHECK (false);
