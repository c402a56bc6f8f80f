CREATE TABLE "lease_move_outs" (
	"organization_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"moved_out_on" date NOT NULL,
	"forwarding_address" text NOT NULL,
	"deposit_held_cents" bigint NOT NULL,
	"prior_balance_cents" bigint NOT NULL,
	"final_charges" jsonb NOT NULL,
	"applied_cents" bigint NOT NULL,
	"refund_cents" bigint NOT NULL,
	"balance_left_cents" bigint NOT NULL,
	"state_code" text,
	"statement_days" smallint NOT NULL,
	"statement_due_on" date NOT NULL,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" integer,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "lease_move_outs_organization_id_lease_id_pk" PRIMARY KEY("organization_id","lease_id"),
	CONSTRAINT "lease_move_outs_money_check" CHECK (deposit_held_cents >= 0 and applied_cents >= 0 and refund_cents >= 0 and applied_cents <= deposit_held_cents)
);
--> statement-breakpoint
ALTER TABLE "lease_move_outs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "renewal_offers" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"lease_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"term" text NOT NULL,
	"months" smallint,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"current_rent_cents" bigint NOT NULL,
	"rent_change" text NOT NULL,
	"increase_cents" bigint,
	"increase_percent" numeric(7, 4),
	"rent_cents" bigint NOT NULL,
	"decided_on" date,
	"decided_by" bigint,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" integer,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "renewal_offers_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "renewal_offers_status_check" CHECK (status in ('offered', 'accepted', 'declined')),
	CONSTRAINT "renewal_offers_term_check" CHECK ((term = 'fixed' and months between 1 and 120 and ends_on is not null) or (term = 'month_to_month' and months is null and ends_on is null)),
	CONSTRAINT "renewal_offers_change_check" CHECK (rent_change in ('fixed_increase', 'percent', 'amount')),
	CONSTRAINT "renewal_offers_money_check" CHECK (rent_cents >= 0 and current_rent_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "renewal_offers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_check";--> statement-breakpoint
ALTER TABLE "lease_move_outs" ADD CONSTRAINT "lease_move_outs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_move_outs" ADD CONSTRAINT "lease_move_outs_organization_id_lease_id_leases_organization_id_id_fk" FOREIGN KEY ("organization_id","lease_id") REFERENCES "public"."leases"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_offers" ADD CONSTRAINT "renewal_offers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_offers" ADD CONSTRAINT "renewal_offers_organization_id_lease_id_leases_organization_id_id_fk" FOREIGN KEY ("organization_id","lease_id") REFERENCES "public"."leases"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewal_offers_org_lease_idx" ON "renewal_offers" USING btree ("organization_id","lease_id","created_date");--> statement-breakpoint
CREATE INDEX "renewal_offers_org_status_idx" ON "renewal_offers" USING btree ("organization_id","status","starts_on");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_check" CHECK (source in ('manual', 'reversal', 'recurring_charge', 'late_fee', 'move_in', 'charge', 'payment', 'payment_return', 'nsf_fee', 'credit', 'refund', 'prepaid_application', 'move_out'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lease_move_outs" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "renewal_offers" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Decision 019: a user who works on some properties sees the offers and move-outs of those only.
CREATE POLICY "property_scope" ON "renewal_offers" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
CREATE POLICY "property_scope" ON "lease_move_outs" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
  WITH CHECK ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));
