CREATE TABLE "bank_accounts" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"ledger_account_id" integer NOT NULL,
	"bank_name" text,
	"account_last4" text,
	"routing_number" text,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" integer,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "bank_accounts_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "bank_accounts_kind_check" CHECK (kind in ('operating', 'trust', 'escrow')),
	CONSTRAINT "bank_accounts_name_check" CHECK (length(trim(name)) between 1 and 100),
	CONSTRAINT "bank_accounts_bank_name_check" CHECK (bank_name is null or length(bank_name) <= 100),
	CONSTRAINT "bank_accounts_last4_check" CHECK (account_last4 is null or account_last4 ~ '^[0-9]{4}$'),
	CONSTRAINT "bank_accounts_routing_check" CHECK (routing_number is null or routing_number ~ '^[0-9]{9}$')
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_organization_id_ledger_account_id_ledger_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","ledger_account_id") REFERENCES "public"."ledger_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_org_ledger_account_key" ON "bank_accounts" USING btree ("organization_id","ledger_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_org_name_key" ON "bank_accounts" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bank_accounts" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Retired, never deleted: the ledger's lines name its cash account (decision 038).
REVOKE DELETE ON "bank_accounts" FROM keyholder_app;
