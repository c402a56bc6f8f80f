CREATE TABLE "bank_account_properties" (
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bank_account_id" uuid NOT NULL,
	CONSTRAINT "bank_account_properties_organization_id_property_id_kind_pk" PRIMARY KEY("organization_id","property_id","kind"),
	CONSTRAINT "bank_account_properties_kind_check" CHECK (kind in ('operating', 'trust', 'escrow'))
);
--> statement-breakpoint
ALTER TABLE "bank_account_properties" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_account_properties" ADD CONSTRAINT "bank_account_properties_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account_properties" ADD CONSTRAINT "bank_account_properties_organization_id_bank_account_id_bank_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","bank_account_id") REFERENCES "public"."bank_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account_properties" ADD CONSTRAINT "bank_account_properties_organization_id_property_id_properties_organization_id_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_account_properties_account_idx" ON "bank_account_properties" USING btree ("organization_id","bank_account_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bank_account_properties" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- A user of some properties reads which accounts keep their properties' money, and nothing else.
CREATE POLICY "property_scope" ON "bank_account_properties" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));
