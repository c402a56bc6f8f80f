CREATE TABLE "bank_deposits" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"deposited_on" date NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"total_cents" bigint NOT NULL,
	"receipts" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_deposits_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "bank_deposits_total_check" CHECK (total_cents > 0 and receipts > 0),
	CONSTRAINT "bank_deposits_memo_check" CHECK (length(memo) <= 500)
);
--> statement-breakpoint
ALTER TABLE "bank_deposits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_check";--> statement-breakpoint
ALTER TABLE "lease_payments" ADD COLUMN "deposit_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_organization_id_bank_account_id_bank_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","bank_account_id") REFERENCES "public"."bank_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_deposits_entry_key" ON "bank_deposits" USING btree ("organization_id","entry_id");--> statement-breakpoint
CREATE INDEX "bank_deposits_org_date_idx" ON "bank_deposits" USING btree ("organization_id","deposited_on","id");--> statement-breakpoint
ALTER TABLE "lease_payments" ADD CONSTRAINT "lease_payments_organization_id_deposit_id_bank_deposits_organization_id_id_fk" FOREIGN KEY ("organization_id","deposit_id") REFERENCES "public"."bank_deposits"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_payments_undeposited_idx" ON "lease_payments" USING btree ("organization_id","received_on","id") WHERE deposit_id is null and return_entry_id is null;--> statement-breakpoint
CREATE INDEX "lease_payments_deposit_idx" ON "lease_payments" USING btree ("organization_id","deposit_id") WHERE deposit_id is not null;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_check" CHECK (source in ('manual', 'reversal', 'recurring_charge', 'late_fee', 'move_in', 'charge', 'payment', 'payment_return', 'nsf_fee', 'credit', 'refund', 'prepaid_application', 'move_out', 'bank_deposit', 'bank_transfer'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bank_deposits" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- A deposit is posted once and never changed (decision 038); a receipt is marked with its deposit.
REVOKE UPDATE, DELETE ON "bank_deposits" FROM keyholder_app;--> statement-breakpoint
GRANT UPDATE ("deposit_id") ON "lease_payments" TO keyholder_app;
