CREATE TABLE "ledger_property_cash_basis" (
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"receivable_cents" bigint DEFAULT 0 NOT NULL,
	"collected_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_property_cash_basis_organization_id_property_id_account_id_period_start_pk" PRIMARY KEY("organization_id","property_id","account_id","period_start")
);
--> statement-breakpoint
ALTER TABLE "ledger_property_cash_basis" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "management_agreements" ADD COLUMN "fee_basis" text DEFAULT 'collected' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_property_cash_basis" ADD CONSTRAINT "ledger_property_cash_basis_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_property_cash_basis" ADD CONSTRAINT "ledger_property_cash_basis_organization_id_property_id_properties_organization_id_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_property_cash_basis" ADD CONSTRAINT "ledger_property_cash_basis_organization_id_account_id_ledger_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."ledger_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "management_agreements" ADD CONSTRAINT "management_agreements_basis_check" CHECK (fee_basis in ('collected', 'posted'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ledger_property_cash_basis" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Agreements made before this were charged on income posted: they stay so; new ones default to collected.
UPDATE "management_agreements" SET "fee_basis" = 'posted';--> statement-breakpoint
-- Decision 044: the account a lease charge was for, from its entry: the credit line (not receivables)
-- of the charge's amount nearest to it, else the nearest credit line (a one-line charge, a move-in's
-- several, a manual entry's).
CREATE FUNCTION lease_charge_account(org uuid, entry bigint, line smallint, cents bigint) RETURNS integer
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT l.account_id FROM journal_lines l
  JOIN ledger_accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
  WHERE l.organization_id = org AND l.entry_id = entry AND l.amount_cents < 0
    AND a.role IS DISTINCT FROM 'accounts_receivable'
  ORDER BY l.amount_cents = -cents DESC, abs(l.line_no - line), l.line_no
  LIMIT 1
$$;--> statement-breakpoint
-- Income and expense lines of an entry through a lease's receivables: charged, cash only once paid.
CREATE FUNCTION journal_lines_cash_basis() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_lines WHERE lease_id IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  -- One pass, the entry's receivable line found by a window (a join of the lines to themselves was
  -- planned as a nested loop: three times the charge run).
  INSERT INTO ledger_property_cash_basis AS b (organization_id, property_id, account_id, period_start, receivable_cents)
    SELECT organization_id, property_id, account_id, date_trunc('month', posted_on)::date, sum(-amount_cents)
    FROM (
      SELECT l.organization_id, l.entry_id, l.property_id, l.account_id, l.posted_on, l.amount_cents, a.type,
        bool_or(a.role = 'accounts_receivable' AND l.lease_id IS NOT NULL)
          OVER (PARTITION BY l.organization_id, l.entry_id) AS through_receivables
      FROM new_lines l
      JOIN ledger_accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
    ) x
    WHERE through_receivables AND type IN ('income', 'expense') AND property_id IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_id, property_id, account_id, period_start) DO UPDATE
    SET receivable_cents = b.receivable_cents + excluded.receivable_cents;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER journal_lines_cash_basis AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION journal_lines_cash_basis();--> statement-breakpoint
-- Money applied to a charge is collected on the day of the posting that applied it when it is
-- tenants' money: its source entry took it into an asset or a liability other than receivables
-- (a payment into undeposited funds or cash, its prepaid rent applied later, a deposit held applied
-- at move-out), not a credit, a write-off or a reversal (those debit income or expense). A returned
-- payment's negative allocations take it back on the return's day.
CREATE FUNCTION lease_allocations_cash_basis() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO ledger_property_cash_basis AS b (organization_id, property_id, account_id, period_start, collected_cents)
    SELECT c.organization_id, c.property_id, k.account_id, date_trunc('month', e.posted_on)::date, sum(n.amount_cents)
    FROM new_rows n
    JOIN lease_charges c ON c.organization_id = n.organization_id AND c.entry_id = n.charge_entry_id AND c.line_no = n.charge_line_no
    JOIN journal_entries e ON e.organization_id = n.organization_id AND e.id = n.entry_id
    CROSS JOIN LATERAL (SELECT lease_charge_account(c.organization_id, c.entry_id, c.line_no, c.amount_cents) AS account_id) k
    JOIN ledger_accounts a ON a.organization_id = c.organization_id AND a.id = k.account_id AND a.type IN ('income', 'expense')
    WHERE c.property_id IS NOT NULL AND EXISTS (
      SELECT 1 FROM journal_lines s
      JOIN ledger_accounts sa ON sa.organization_id = s.organization_id AND sa.id = s.account_id
      WHERE s.organization_id = n.organization_id AND s.entry_id = n.source_entry_id AND s.amount_cents > 0
        AND sa.type IN ('asset', 'liability') AND sa.role IS DISTINCT FROM 'accounts_receivable')
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_id, property_id, account_id, period_start) DO UPDATE
    SET collected_cents = b.collected_cents + excluded.collected_cents;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lease_allocations_cash_basis AFTER INSERT ON lease_allocations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lease_allocations_cash_basis();--> statement-breakpoint
-- The same from an organization's whole ledger: the backfill below, the seed's fast path (triggers
-- off) and the tests that compare it with what the triggers kept.
CREATE FUNCTION ledger_property_cash_basis_rebuild(org uuid) RETURNS void LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  DELETE FROM ledger_property_cash_basis WHERE organization_id = org;
  INSERT INTO ledger_property_cash_basis AS b (organization_id, property_id, account_id, period_start, receivable_cents, collected_cents)
    SELECT organization_id, property_id, account_id, period_start, sum(receivable), sum(collected)
    FROM (
      SELECT l.organization_id, l.property_id, l.account_id, date_trunc('month', l.posted_on)::date AS period_start,
        -l.amount_cents AS receivable, 0::bigint AS collected
      FROM journal_lines l
      JOIN ledger_accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id AND a.type IN ('income', 'expense')
      WHERE l.organization_id = org AND l.property_id IS NOT NULL AND l.entry_id IN (
        SELECT r.entry_id FROM journal_lines r
        JOIN ledger_accounts ra ON ra.organization_id = r.organization_id AND ra.id = r.account_id AND ra.role = 'accounts_receivable'
        WHERE r.organization_id = org AND r.lease_id IS NOT NULL)
      UNION ALL
      SELECT c.organization_id, c.property_id, k.account_id, date_trunc('month', e.posted_on)::date, 0, n.amount_cents
      FROM lease_allocations n
      JOIN lease_charges c ON c.organization_id = n.organization_id AND c.entry_id = n.charge_entry_id AND c.line_no = n.charge_line_no
      JOIN journal_entries e ON e.organization_id = n.organization_id AND e.id = n.entry_id
      CROSS JOIN LATERAL (SELECT lease_charge_account(c.organization_id, c.entry_id, c.line_no, c.amount_cents) AS account_id) k
      JOIN ledger_accounts a ON a.organization_id = c.organization_id AND a.id = k.account_id AND a.type IN ('income', 'expense')
      WHERE n.organization_id = org AND c.property_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM journal_lines s
        JOIN ledger_accounts sa ON sa.organization_id = s.organization_id AND sa.id = s.account_id
        WHERE s.organization_id = n.organization_id AND s.entry_id = n.source_entry_id AND s.amount_cents > 0
          AND sa.type IN ('asset', 'liability') AND sa.role IS DISTINCT FROM 'accounts_receivable')
    ) x
    GROUP BY 1, 2, 3, 4;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledger_property_cash_basis_rebuild(uuid) FROM PUBLIC;--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "ledger_property_cash_basis" FROM keyholder_app;--> statement-breakpoint
CREATE POLICY "property_scope" ON "ledger_property_cash_basis" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
SELECT ledger_property_cash_basis_rebuild(id) FROM organizations;
