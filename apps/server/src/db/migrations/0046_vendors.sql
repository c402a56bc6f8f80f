CREATE TABLE "vendors" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"trades" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact_name" text,
	"email" text,
	"phone" text,
	"alternate_phone" text,
	"address_line_1" text,
	"address_line_2" text,
	"city" text,
	"state_code" text,
	"zipcode" text,
	"legal_name" text,
	"tax_classification" text,
	"taxpayer_id_sealed" text,
	"taxpayer_id_last4" text,
	"eligible_1099" boolean DEFAULT false NOT NULL,
	"insurance_provider" text,
	"insurance_policy_number" text,
	"insurance_expires_on" date,
	"default_expense_account_id" integer,
	"notes" text,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" integer,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "vendors_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "vendors_name_check" CHECK (length(trim(name)) > 0),
	CONSTRAINT "vendors_trades_check" CHECK (trades <@ array['general', 'plumbing', 'electrical', 'hvac', 'appliance', 'pest', 'locks', 'grounds', 'cleaning', 'painting', 'roofing', 'other']::text[]),
	CONSTRAINT "vendors_tax_classification_check" CHECK (tax_classification is null or tax_classification in ('individual', 'llc', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'other')),
	CONSTRAINT "vendors_taxpayer_id_sealed_check" CHECK (taxpayer_id_sealed is null or taxpayer_id_sealed like 'v1:%'),
	CONSTRAINT "vendors_taxpayer_id_last4_check" CHECK ((taxpayer_id_sealed is null) = (taxpayer_id_last4 is null) and (taxpayer_id_last4 is null or taxpayer_id_last4 ~ '^[0-9]{4}$'))
);
--> statement-breakpoint
ALTER TABLE "vendors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_organization_id_default_expense_account_id_ledger_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","default_expense_account_id") REFERENCES "public"."ledger_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendors_org_name_idx" ON "vendors" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "vendors_org_contact_name_idx" ON "vendors" USING btree ("organization_id","contact_name","id");--> statement-breakpoint
CREATE INDEX "vendors_org_email_idx" ON "vendors" USING btree ("organization_id","email","id");--> statement-breakpoint
CREATE INDEX "vendors_org_phone_idx" ON "vendors" USING btree ("organization_id","phone","id");--> statement-breakpoint
CREATE INDEX "vendors_org_city_idx" ON "vendors" USING btree ("organization_id","city","id");--> statement-breakpoint
CREATE INDEX "vendors_org_insurance_expires_idx" ON "vendors" USING btree ("organization_id","insurance_expires_on","id");--> statement-breakpoint
CREATE INDEX "vendors_org_eligible_1099_idx" ON "vendors" USING btree ("organization_id","eligible_1099","id");--> statement-breakpoint
CREATE INDEX "vendors_org_tax_classification_idx" ON "vendors" USING btree ("organization_id","tax_classification","id");--> statement-breakpoint
CREATE INDEX "vendors_org_created_idx" ON "vendors" USING btree ("organization_id","created_date","id");--> statement-breakpoint
CREATE INDEX "vendors_org_modified_idx" ON "vendors" USING btree ("organization_id","last_modified_date","id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "vendors" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);