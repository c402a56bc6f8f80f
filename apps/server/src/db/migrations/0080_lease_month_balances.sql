CREATE TABLE "lease_month_balances" (
	"organization_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"month" date NOT NULL,
	"property_id" uuid,
	"ledger_cents" bigint DEFAULT 0 NOT NULL,
	"security_deposit_cents" bigint DEFAULT 0 NOT NULL,
	"other_deposits_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lease_month_balances_organization_id_lease_id_month_pk" PRIMARY KEY("organization_id","lease_id","month")
);
--> statement-breakpoint
ALTER TABLE "lease_month_balances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lease_month_balances" ADD CONSTRAINT "lease_month_balances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_month_balances_property_idx" ON "lease_month_balances" USING btree ("organization_id","property_id","month");--> statement-breakpoint
CREATE INDEX "lease_balances_property_idx" ON "lease_balances" USING btree ("organization_id","property_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lease_month_balances" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Decision 048: each lease's lines on the lease-ledger and deposit accounts summed by month, added in
-- the posting's transaction as its kept balance and deposits are, so a report of a past day takes
-- the months after its own off them and reads lines for the rest of its month only.
CREATE FUNCTION journal_lines_lease_months() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO lease_month_balances AS b (organization_id, lease_id, month, property_id, ledger_cents,
      security_deposit_cents, other_deposits_cents)
    SELECT l.organization_id, l.lease_id, date_trunc('month', l.posted_on)::date,
      (array_agg(l.property_id) FILTER (WHERE l.property_id IS NOT NULL))[1],
      coalesce(sum(l.amount_cents) FILTER (WHERE a.lease_ledger), 0),
      coalesce(sum(l.amount_cents) FILTER (WHERE a.role = 'security_deposits_held'), 0),
      coalesce(sum(l.amount_cents) FILTER (WHERE a.role = 'other_deposits_held'), 0)
    FROM new_lines l
    JOIN ledger_accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
      AND (a.lease_ledger OR a.role IN ('security_deposits_held', 'other_deposits_held'))
    WHERE l.lease_id IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, lease_id, month) DO UPDATE
    SET ledger_cents = b.ledger_cents + excluded.ledger_cents,
      security_deposit_cents = b.security_deposit_cents + excluded.security_deposit_cents,
      other_deposits_cents = b.other_deposits_cents + excluded.other_deposits_cents,
      property_id = coalesce(b.property_id, excluded.property_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER journal_lines_lease_months AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION journal_lines_lease_months();--> statement-breakpoint
-- Only the trigger writes them; a user of some properties reads their properties' leases alone.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "lease_month_balances" FROM keyholder_app;--> statement-breakpoint
CREATE POLICY "property_scope" ON "lease_month_balances" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_id" = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]));--> statement-breakpoint
-- After the trigger exists (creating it locked the lines against writers until this commits).
INSERT INTO lease_month_balances (organization_id, lease_id, month, property_id, ledger_cents,
    security_deposit_cents, other_deposits_cents)
SELECT l.organization_id, l.lease_id, date_trunc('month', l.posted_on)::date,
  (array_agg(l.property_id) FILTER (WHERE l.property_id IS NOT NULL))[1],
  coalesce(sum(l.amount_cents) FILTER (WHERE a.lease_ledger), 0),
  coalesce(sum(l.amount_cents) FILTER (WHERE a.role = 'security_deposits_held'), 0),
  coalesce(sum(l.amount_cents) FILTER (WHERE a.role = 'other_deposits_held'), 0)
FROM journal_lines l
JOIN ledger_accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
  AND (a.lease_ledger OR a.role IN ('security_deposits_held', 'other_deposits_held'))
WHERE l.lease_id IS NOT NULL
GROUP BY 1, 2, 3;
