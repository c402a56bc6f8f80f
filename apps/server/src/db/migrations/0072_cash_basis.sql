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
-- Decision 044: the income or expense account each lease charge of the entries given was for, from
-- its entry: the credit line (not receivables) of the
-- charge's amount nearest to it, else the nearest credit line (a one-line charge, a move-in's several,
-- a manual entry's). Set-returning plain SQL, inlined by the planner: one pass by the key, no call per
-- charge (a required array, so a cached plan never scans every charge).
CREATE FUNCTION lease_charge_accounts(org uuid, entries bigint[]) RETURNS TABLE (entry_id bigint, line_no smallint, property_id uuid, account_id integer)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT c.entry_id, c.line_no, c.property_id, k.account_id
  FROM (
    SELECT DISTINCT ON (c.entry_id, c.line_no) c.entry_id, c.line_no, l.account_id
    FROM lease_charges c
    JOIN journal_lines l ON l.organization_id = c.organization_id AND l.entry_id = c.entry_id AND l.amount_cents < 0
    JOIN ledger_accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
      AND a.role IS DISTINCT FROM 'accounts_receivable'
    WHERE c.organization_id = org AND c.entry_id = ANY(entries)
    ORDER BY c.entry_id, c.line_no, l.amount_cents = -c.amount_cents DESC, abs(l.line_no - c.line_no), l.line_no
  ) k
  JOIN lease_charges c ON c.organization_id = org AND c.entry_id = k.entry_id AND c.line_no = k.line_no
  JOIN ledger_accounts a ON a.organization_id = org AND a.id = k.account_id AND a.type IN ('income', 'expense')
  WHERE c.property_id IS NOT NULL
$$;--> statement-breakpoint
-- Of the entries given, those that took tenants' money in: a debit on an asset or a
-- liability other than receivables (a payment into undeposited funds or cash, a deposit held applied
-- at move-out), not a credit, a write-off or a reversal (those debit income or expense).
CREATE FUNCTION cash_source_entries(org uuid, entries bigint[]) RETURNS TABLE (entry_id bigint)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT DISTINCT s.entry_id FROM journal_lines s
  JOIN ledger_accounts a ON a.organization_id = s.organization_id AND a.id = s.account_id
  WHERE s.organization_id = org AND s.entry_id = ANY(entries) AND s.amount_cents > 0
    AND a.type IN ('asset', 'liability') AND a.role IS DISTINCT FROM 'accounts_receivable'
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
-- tenants' money (cash_source_entries): a payment, its prepaid rent applied later (whose source is the
-- payment), a deposit applied at move-out. A returned payment's negative allocations take it back on
-- the return's day. One organization per statement (the tenant ledger's, the open items' trigger).
CREATE FUNCTION lease_allocations_cash_basis() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  org uuid;
BEGIN
  FOR org IN SELECT DISTINCT organization_id FROM new_rows WHERE charge_entry_id IS NOT NULL LOOP
    INSERT INTO ledger_property_cash_basis AS b (organization_id, property_id, account_id, period_start, collected_cents)
      SELECT org, k.property_id, k.account_id, date_trunc('month', e.posted_on)::date, sum(n.amount_cents)
      FROM new_rows n
      JOIN lease_charge_accounts(org, ARRAY(SELECT DISTINCT charge_entry_id FROM new_rows
        WHERE organization_id = org AND charge_entry_id IS NOT NULL)) k
        ON k.entry_id = n.charge_entry_id AND k.line_no = n.charge_line_no
      JOIN journal_entries e ON e.organization_id = org AND e.id = n.entry_id
      WHERE n.organization_id = org AND n.source_entry_id IN (
        SELECT entry_id FROM cash_source_entries(org, ARRAY(SELECT DISTINCT source_entry_id FROM new_rows WHERE organization_id = org)))
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, property_id, account_id, period_start) DO UPDATE
      SET collected_cents = b.collected_cents + excluded.collected_cents;
  END LOOP;
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
      SELECT organization_id, property_id, account_id, date_trunc('month', posted_on)::date AS period_start,
        -amount_cents AS receivable, 0::bigint AS collected
      FROM (
        SELECT l.organization_id, l.property_id, l.account_id, l.posted_on, l.amount_cents, a.type,
          bool_or(a.role = 'accounts_receivable' AND l.lease_id IS NOT NULL) OVER (PARTITION BY l.entry_id) AS through_receivables
        FROM journal_lines l
        JOIN ledger_accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
        WHERE l.organization_id = org
      ) y
      WHERE through_receivables AND type IN ('income', 'expense') AND property_id IS NOT NULL
      UNION ALL
      SELECT n.organization_id, k.property_id, k.account_id, date_trunc('month', e.posted_on)::date, 0, n.amount_cents
      FROM lease_allocations n
      JOIN lease_charge_accounts(org, ARRAY(SELECT DISTINCT charge_entry_id FROM lease_allocations
        WHERE organization_id = org AND charge_entry_id IS NOT NULL)) k ON k.entry_id = n.charge_entry_id AND k.line_no = n.charge_line_no
      JOIN journal_entries e ON e.organization_id = n.organization_id AND e.id = n.entry_id
      WHERE n.organization_id = org AND n.source_entry_id IN (SELECT entry_id FROM cash_source_entries(org,
        ARRAY(SELECT DISTINCT source_entry_id FROM lease_allocations WHERE organization_id = org)))
    ) x
    GROUP BY 1, 2, 3, 4;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledger_property_cash_basis_rebuild(uuid) FROM PUBLIC;--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "ledger_property_cash_basis" FROM keyholder_app;--> statement-breakpoint
CREATE POLICY "property_scope" ON "ledger_property_cash_basis" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
SELECT ledger_property_cash_basis_rebuild(id) FROM organizations;
