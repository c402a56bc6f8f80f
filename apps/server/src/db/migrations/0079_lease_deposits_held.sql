ALTER TABLE "lease_balances" ADD COLUMN "security_deposit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lease_balances" ADD COLUMN "other_deposits_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 048: the deposits held for each lease (its lines on the security and other deposit
-- accounts, credit-normal), added in the posting's transaction as its balance is, so a rent roll or
-- deposit register reads them kept, and one of a past day only the lines since. A trigger of its
-- own, as the day balances have.
CREATE FUNCTION journal_lines_lease_deposits() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO lease_balances AS b (organization_id, lease_id, property_id, security_deposit_cents, other_deposits_cents)
    SELECT l.organization_id, l.lease_id, (array_agg(l.property_id) FILTER (WHERE l.property_id IS NOT NULL))[1],
      coalesce(-sum(l.amount_cents) FILTER (WHERE a.role = 'security_deposits_held'), 0),
      coalesce(-sum(l.amount_cents) FILTER (WHERE a.role = 'other_deposits_held'), 0)
    FROM new_lines l
    JOIN ledger_accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
      AND a.role IN ('security_deposits_held', 'other_deposits_held')
    WHERE l.lease_id IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (organization_id, lease_id) DO UPDATE
    SET security_deposit_cents = b.security_deposit_cents + excluded.security_deposit_cents,
      other_deposits_cents = b.other_deposits_cents + excluded.other_deposits_cents,
      property_id = coalesce(b.property_id, excluded.property_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER journal_lines_lease_deposits AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION journal_lines_lease_deposits();--> statement-breakpoint
-- After the trigger exists (creating it locked the lines against writers until this commits).
INSERT INTO lease_balances AS b (organization_id, lease_id, property_id, security_deposit_cents, other_deposits_cents)
SELECT l.organization_id, l.lease_id, (array_agg(l.property_id) FILTER (WHERE l.property_id IS NOT NULL))[1],
  coalesce(-sum(l.amount_cents) FILTER (WHERE a.role = 'security_deposits_held'), 0),
  coalesce(-sum(l.amount_cents) FILTER (WHERE a.role = 'other_deposits_held'), 0)
FROM journal_lines l
JOIN ledger_accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
  AND a.role IN ('security_deposits_held', 'other_deposits_held')
WHERE l.lease_id IS NOT NULL
GROUP BY 1, 2
ON CONFLICT (organization_id, lease_id) DO UPDATE
  SET security_deposit_cents = excluded.security_deposit_cents, other_deposits_cents = excluded.other_deposits_cents,
    property_id = coalesce(b.property_id, excluded.property_id);
