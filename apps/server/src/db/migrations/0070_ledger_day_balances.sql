CREATE TABLE "ledger_account_day_balances" (
	"organization_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"posted_on" date NOT NULL,
	"debit_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_account_day_balances_organization_id_account_id_posted_on_pk" PRIMARY KEY("organization_id","account_id","posted_on")
);
--> statement-breakpoint
ALTER TABLE "ledger_account_day_balances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ledger_account_day_balances" ADD CONSTRAINT "ledger_account_day_balances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_account_day_balances" ADD CONSTRAINT "ledger_account_day_balances_organization_id_account_id_ledger_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."ledger_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ledger_account_day_balances" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Decision 027: debits and credits per account and day, added in the posting's transaction as the
-- month rows are (journal_lines_posted), so a balance as of a day inside a month reads that month's
-- days up to it, never its lines. A trigger of its own: the posting trigger stays as it was.
CREATE FUNCTION journal_lines_day_balances() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO ledger_account_day_balances AS b (organization_id, account_id, posted_on, debit_cents, credit_cents)
    SELECT organization_id, account_id, posted_on, sum(greatest(amount_cents, 0)), sum(greatest(-amount_cents, 0))
    FROM new_lines GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, account_id, posted_on) DO UPDATE
    SET debit_cents = b.debit_cents + excluded.debit_cents, credit_cents = b.credit_cents + excluded.credit_cents;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER journal_lines_day_balances AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION journal_lines_day_balances();--> statement-breakpoint
-- Only the trigger writes them; a user of some properties reads the per-property month rows instead.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "ledger_account_day_balances" FROM keyholder_app;--> statement-breakpoint
CREATE POLICY "property_scope" ON "ledger_account_day_balances" AS RESTRICTIVE FOR ALL TO keyholder_scoped USING (false);--> statement-breakpoint
-- After the trigger exists (creating it locked the lines against writers until this commits).
INSERT INTO ledger_account_day_balances (organization_id, account_id, posted_on, debit_cents, credit_cents)
SELECT organization_id, account_id, posted_on, sum(greatest(amount_cents, 0)), sum(greatest(-amount_cents, 0))
FROM journal_lines GROUP BY 1, 2, 3;
