CREATE TABLE "bill_lines" (
	"organization_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"account_id" integer NOT NULL,
	"property_id" uuid,
	"unit_id" bigint,
	"description" text DEFAULT '' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"maintenance_cost_id" uuid,
	CONSTRAINT "bill_lines_organization_id_bill_id_line_no_pk" PRIMARY KEY("organization_id","bill_id","line_no"),
	CONSTRAINT "bill_lines_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "bill_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bill_payment_applications" (
	"organization_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"property_key" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "bill_payment_applications_organization_id_payment_id_bill_id_property_key_pk" PRIMARY KEY("organization_id","payment_id","bill_id","property_key"),
	CONSTRAINT "bill_payment_applications_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "bill_payment_applications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"vendor_name" text NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"memo" text DEFAULT '' NOT NULL,
	"total_cents" bigint NOT NULL,
	"property_id" uuid,
	"entry_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "bill_payments_method_check" CHECK (method in ('check', 'ach', 'card', 'cash', 'other')),
	CONSTRAINT "bill_payments_total_check" CHECK (total_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "bill_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bills" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'bill' NOT NULL,
	"vendor_id" uuid NOT NULL,
	"vendor_name" text NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"reference" text,
	"memo" text DEFAULT '' NOT NULL,
	"total_cents" bigint NOT NULL,
	"applied_cents" bigint DEFAULT 0 NOT NULL,
	"maintenance_request_id" uuid,
	"property_id" uuid,
	"entry_id" bigint NOT NULL,
	"void_entry_id" bigint,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "bills_kind_check" CHECK (kind in ('bill', 'credit')),
	CONSTRAINT "bills_amounts_check" CHECK (total_cents > 0 and applied_cents between 0 and total_cents),
	CONSTRAINT "bills_dates_check" CHECK (due_date >= bill_date)
);
--> statement-breakpoint
ALTER TABLE "bills" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_check";--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "vendor_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_organization_id_bill_id_bills_organization_id_id_fk" FOREIGN KEY ("organization_id","bill_id") REFERENCES "public"."bills"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_organization_id_account_id_ledger_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."ledger_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_organization_id_property_id_properties_organization_id_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payment_applications" ADD CONSTRAINT "bill_payment_applications_organization_id_payment_id_bill_payments_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."bill_payments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payment_applications" ADD CONSTRAINT "bill_payment_applications_organization_id_bill_id_bills_organization_id_id_fk" FOREIGN KEY ("organization_id","bill_id") REFERENCES "public"."bills"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_organization_id_bank_account_id_bank_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","bank_account_id") REFERENCES "public"."bank_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_organization_id_entry_id_journal_entries_organization_id_id_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."journal_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_organization_id_entry_id_journal_entries_organization_id_id_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."journal_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_lines_maintenance_cost_key" ON "bill_lines" USING btree ("organization_id","maintenance_cost_id") WHERE maintenance_cost_id is not null;--> statement-breakpoint
CREATE INDEX "bill_lines_property_idx" ON "bill_lines" USING btree ("organization_id","property_id") WHERE property_id is not null;--> statement-breakpoint
CREATE INDEX "bill_payment_applications_bill_idx" ON "bill_payment_applications" USING btree ("organization_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_entry_key" ON "bill_payments" USING btree ("organization_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_key" ON "bill_payments" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_check_key" ON "bill_payments" USING btree ("organization_id","bank_account_id","reference") WHERE method = 'check' and reference is not null;--> statement-breakpoint
CREATE INDEX "bill_payments_org_date_idx" ON "bill_payments" USING btree ("organization_id","paid_on","id");--> statement-breakpoint
CREATE INDEX "bill_payments_vendor_idx" ON "bill_payments" USING btree ("organization_id","vendor_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_entry_key" ON "bills" USING btree ("organization_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_vendor_reference_key" ON "bills" USING btree ("organization_id","vendor_id","kind",lower(reference)) WHERE reference is not null and void_entry_id is null;--> statement-breakpoint
CREATE INDEX "bills_org_date_idx" ON "bills" USING btree ("organization_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "bills_open_idx" ON "bills" USING btree ("organization_id","vendor_id","due_date") WHERE applied_cents < total_cents and void_entry_id is null;--> statement-breakpoint
CREATE INDEX "journal_lines_vendor_idx" ON "journal_lines" USING btree ("organization_id","vendor_id","posted_on") WHERE vendor_id is not null;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_check" CHECK (source in ('manual', 'reversal', 'recurring_charge', 'late_fee', 'move_in', 'charge', 'payment', 'payment_return', 'nsf_fee', 'credit', 'refund', 'prepaid_application', 'move_out', 'bank_deposit', 'bank_transfer', 'bank_adjustment', 'bill', 'vendor_credit', 'bill_payment'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bill_lines" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bill_payment_applications" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bill_payments" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bills" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Decision 043: bills, credits and payments are posted once and kept; a bill is voided by a reversal
-- (void_entry_id), and what payments took of it is kept with it (applied_cents).
REVOKE UPDATE, DELETE ON "bills" FROM keyholder_app;--> statement-breakpoint
GRANT UPDATE ("applied_cents", "void_entry_id") ON "bills" TO keyholder_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON "bill_lines" FROM keyholder_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON "bill_payments" FROM keyholder_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON "bill_payment_applications" FROM keyholder_app;--> statement-breakpoint
-- A user who works on some properties keeps the bills and payments of one of their properties, as
-- the journal's entries (0032): several properties' (or the company's) are for users of all.
CREATE POLICY "property_scope" ON "bills" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "property_scope" ON "bill_lines" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "property_scope" ON "bill_payments" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "property_scope" ON "bill_payment_applications" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_key" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_key" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));
