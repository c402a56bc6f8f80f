CREATE TABLE "bank_reconciliation_items" (
	"organization_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"entry_id" bigint NOT NULL,
	"reconciliation_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"match_id" uuid,
	CONSTRAINT "bank_reconciliation_items_organization_id_bank_account_id_entry_id_pk" PRIMARY KEY("organization_id","bank_account_id","entry_id")
);
--> statement-breakpoint
ALTER TABLE "bank_reconciliation_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bank_reconciliation_lines" (
	"organization_id" uuid NOT NULL,
	"line_id" bigint NOT NULL,
	"reconciliation_id" uuid NOT NULL,
	"match_id" uuid NOT NULL,
	CONSTRAINT "bank_reconciliation_lines_organization_id_line_id_pk" PRIMARY KEY("organization_id","line_id")
);
--> statement-breakpoint
ALTER TABLE "bank_reconciliation_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bank_reconciliations" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"statement_end_date" date NOT NULL,
	"statement_balance_cents" bigint NOT NULL,
	"beginning_balance_cents" bigint NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_by" integer,
	"completed_date" timestamp with time zone,
	CONSTRAINT "bank_reconciliations_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "bank_reconciliations_status_check" CHECK (status in ('in_progress', 'completed')),
	CONSTRAINT "bank_reconciliations_completed_check" CHECK ((status = 'completed') = (completed_date is not null))
);
--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_check";--> statement-breakpoint
ALTER TABLE "bank_reconciliation_items" ADD CONSTRAINT "bank_reconciliation_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_items" ADD CONSTRAINT "bank_reconciliation_items_organization_id_reconciliation_id_bank_reconciliations_organization_id_id_fk" FOREIGN KEY ("organization_id","reconciliation_id") REFERENCES "public"."bank_reconciliations"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_items" ADD CONSTRAINT "bank_reconciliation_items_organization_id_entry_id_journal_entries_organization_id_id_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."journal_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_lines" ADD CONSTRAINT "bank_reconciliation_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_lines" ADD CONSTRAINT "bank_reconciliation_lines_organization_id_reconciliation_id_bank_reconciliations_organization_id_id_fk" FOREIGN KEY ("organization_id","reconciliation_id") REFERENCES "public"."bank_reconciliations"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_lines" ADD CONSTRAINT "bank_reconciliation_lines_organization_id_line_id_bank_statement_lines_organization_id_id_fk" FOREIGN KEY ("organization_id","line_id") REFERENCES "public"."bank_statement_lines"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_organization_id_bank_account_id_bank_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","bank_account_id") REFERENCES "public"."bank_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_reconciliation_items_reconciliation_idx" ON "bank_reconciliation_items" USING btree ("organization_id","reconciliation_id");--> statement-breakpoint
CREATE INDEX "bank_reconciliation_lines_reconciliation_idx" ON "bank_reconciliation_lines" USING btree ("organization_id","reconciliation_id","match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_reconciliations_in_progress_key" ON "bank_reconciliations" USING btree ("organization_id","bank_account_id") WHERE status = 'in_progress';--> statement-breakpoint
CREATE INDEX "bank_reconciliations_account_idx" ON "bank_reconciliations" USING btree ("organization_id","bank_account_id","statement_end_date");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_check" CHECK (source in ('manual', 'reversal', 'recurring_charge', 'late_fee', 'move_in', 'charge', 'payment', 'payment_return', 'nsf_fee', 'credit', 'refund', 'prepaid_application', 'move_out', 'bank_deposit', 'bank_transfer', 'bank_adjustment'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bank_reconciliation_items" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bank_reconciliation_lines" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bank_reconciliations" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Decision 042: a completed reconciliation is the record of what the bank and the books agreed on:
-- it is not changed, nor are its cleared items or matched lines (an in-progress one may be).
CREATE FUNCTION bank_reconciliation_locked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_org uuid;
  row_rec uuid;
BEGIN
  IF TG_TABLE_NAME = 'bank_reconciliations' THEN
    IF OLD.status = 'completed' THEN
      RAISE EXCEPTION USING ERRCODE = 'KH007', MESSAGE = 'This reconciliation is completed: its items are locked';
    END IF;
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN row_org := OLD.organization_id; row_rec := OLD.reconciliation_id;
  ELSE row_org := NEW.organization_id; row_rec := NEW.reconciliation_id; END IF;
  -- Gone (a cascade from deleting an in-progress one) or in progress: allowed.
  IF EXISTS (SELECT 1 FROM bank_reconciliations r WHERE r.organization_id = row_org AND r.id = row_rec AND r.status = 'completed')
    OR (TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM bank_reconciliations r
      WHERE r.organization_id = OLD.organization_id AND r.id = OLD.reconciliation_id AND r.status = 'completed')) THEN
    RAISE EXCEPTION USING ERRCODE = 'KH007', MESSAGE = 'This reconciliation is completed: its items are locked';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;--> statement-breakpoint
CREATE TRIGGER bank_reconciliations_locked BEFORE UPDATE OR DELETE ON "bank_reconciliations"
  FOR EACH ROW EXECUTE FUNCTION bank_reconciliation_locked();--> statement-breakpoint
CREATE TRIGGER bank_reconciliation_items_locked BEFORE INSERT OR UPDATE OR DELETE ON "bank_reconciliation_items"
  FOR EACH ROW EXECUTE FUNCTION bank_reconciliation_locked();--> statement-breakpoint
CREATE TRIGGER bank_reconciliation_lines_locked BEFORE INSERT OR UPDATE OR DELETE ON "bank_reconciliation_lines"
  FOR EACH ROW EXECUTE FUNCTION bank_reconciliation_locked();--> statement-breakpoint
-- Only the reconciliation's progress changes; an item only its match.
REVOKE UPDATE ON "bank_reconciliations" FROM keyholder_app;--> statement-breakpoint
GRANT UPDATE ("status", "completed_by", "completed_date") ON "bank_reconciliations" TO keyholder_app;--> statement-breakpoint
REVOKE UPDATE ON "bank_reconciliation_items" FROM keyholder_app;--> statement-breakpoint
GRANT UPDATE ("match_id") ON "bank_reconciliation_items" TO keyholder_app;--> statement-breakpoint
REVOKE UPDATE ON "bank_reconciliation_lines" FROM keyholder_app;--> statement-breakpoint
-- A reconciliation is the whole bank account's, every property's money (as its statement).
CREATE POLICY "property_scope" ON "bank_reconciliations" AS RESTRICTIVE FOR ALL TO keyholder_scoped USING (false) WITH CHECK (false);--> statement-breakpoint
CREATE POLICY "property_scope" ON "bank_reconciliation_items" AS RESTRICTIVE FOR ALL TO keyholder_scoped USING (false) WITH CHECK (false);--> statement-breakpoint
CREATE POLICY "property_scope" ON "bank_reconciliation_lines" AS RESTRICTIVE FOR ALL TO keyholder_scoped USING (false) WITH CHECK (false);
