ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_organization_id_unit_id_units_organization_id_unit_id_fk";
--> statement-breakpoint
CREATE INDEX "recurring_charges_run_order_idx" ON "recurring_charges" USING btree ("organization_id","property_id","id");--> statement-breakpoint
-- ===== Hand-written (keep at the end when renumbering) =====
-- Decision 033 (the charge run at 950,000 leases): each batch moves its charges' next month, an
-- UPDATE that changes an indexed column, so every index of recurring_charges takes a new entry; the
-- GiST exclusion "one rent at a time" also searched its index for every row, half of that UPDATE's
-- time (measured). The rule is kept by triggers that run only when what it is about is written: a
-- new row, or a change of lease, kind or dates (never the run's next-month columns). A lease's rents
-- are few and found by recurring_charges_lease_idx. Two writers of one lease take turns on an
-- advisory lock of its bucket (namespace 27031, lease_lock_key: at most 64 per organization, so a
-- bulk insert of many leases does not fill the lock table) before looking, and each look is a new
-- snapshot, so the second sees the first's row. The error is the exclusion's own (23P01, constraint
-- recurring_charges_one_rent), which the leases code answers as before.
ALTER TABLE "recurring_charges" DROP CONSTRAINT "recurring_charges_one_rent";--> statement-breakpoint
CREATE FUNCTION recurring_charges_one_rent_in(rows_org uuid[], rows_lease uuid[], rows_id uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  bad record;
BEGIN
  PERFORM pg_advisory_xact_lock(27031, s.k)
    FROM (SELECT DISTINCT lease_lock_key(o, l) AS k FROM unnest(rows_org, rows_lease) AS t(o, l) ORDER BY 1) s;
  SELECT n.lease_id, n.start_date INTO bad
    FROM unnest(rows_org, rows_id) AS t(o, i)
    JOIN recurring_charges n ON n.organization_id = t.o AND n.id = t.i AND n.kind = 'rent'
    JOIN recurring_charges r ON r.organization_id = n.organization_id AND r.lease_id = n.lease_id AND r.kind = 'rent'
      AND r.id <> n.id AND daterange(r.start_date, r.end_date, '[]') && daterange(n.start_date, n.end_date, '[]')
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'recurring_charges_one_rent',
      TABLE = 'recurring_charges', SCHEMA = 'public',
      MESSAGE = 'conflicting key value violates exclusion constraint "recurring_charges_one_rent"',
      DETAIL = format('Lease %s already has a rent on the days of the one starting %s.', bad.lease_id, bad.start_date);
  END IF;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION recurring_charges_one_rent_in(uuid[], uuid[], uuid[]) FROM PUBLIC;--> statement-breakpoint
CREATE FUNCTION recurring_charges_one_rent_inserted() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM recurring_charges_one_rent_in(array_agg(organization_id), array_agg(lease_id), array_agg(id))
    FROM new_rows WHERE kind = 'rent' HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER recurring_charges_one_rent_insert AFTER INSERT ON recurring_charges
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recurring_charges_one_rent_inserted();--> statement-breakpoint
CREATE FUNCTION recurring_charges_one_rent_updated() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM recurring_charges_one_rent_in(ARRAY[NEW.organization_id], ARRAY[NEW.lease_id], ARRAY[NEW.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER recurring_charges_one_rent_update AFTER UPDATE OF organization_id, lease_id, kind, start_date, end_date
  ON recurring_charges FOR EACH ROW WHEN (NEW.kind = 'rent') EXECUTE FUNCTION recurring_charges_one_rent_updated();
--> statement-breakpoint
-- Decision 033: a line's unit was checked by a foreign key, a lookup and a row lock of the unit for
-- each line (a tenth of a charge-run batch, measured). The posting trigger now checks the
-- statement's distinct units at once, as it does its properties, and locks them FOR KEY SHARE as
-- the key did, so a unit cannot be deleted while a posting naming it commits. What the key's
-- cascade refused through the lines' delete trigger, a unit deleted alone while lines name it, is
-- refused by units_keep_postings (KH005, 409 "It has charges or postings in the ledger"); deleting
-- the organization deletes its lines with their entries.
CREATE OR REPLACE FUNCTION journal_lines_posted() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  late bigint;
  named bigint;
  found_units bigint;
BEGIN
  SELECT n.entry_id INTO late
    FROM (SELECT organization_id, entry_id, count(*) AS lines FROM new_lines GROUP BY 1, 2) n
    WHERE (SELECT count(*) FROM journal_lines l WHERE l.organization_id = n.organization_id AND l.entry_id = n.entry_id) <> n.lines
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'KH003',
      MESSAGE = format('Journal entry %s is posted: its lines cannot change. Post a reversal instead.', late);
  END IF;
  -- The properties the lines name exist in their organization: one anti-join over the statement's
  -- few distinct properties, where a foreign key would look each line up.
  IF EXISTS (
    SELECT 1 FROM (SELECT DISTINCT organization_id, property_id FROM new_lines WHERE property_id IS NOT NULL) n
    WHERE NOT EXISTS (SELECT 1 FROM properties p WHERE p.organization_id = n.organization_id AND p.id = n.property_id)
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'KH002', MESSAGE = 'A line names a property that is not one of the organization''s';
  END IF;
  -- The units the lines name exist in their organization, each locked once as a foreign key would.
  SELECT count(*) INTO named FROM (SELECT DISTINCT organization_id, unit_id FROM new_lines WHERE unit_id IS NOT NULL) n;
  IF named > 0 THEN
    WITH locked AS (
      SELECT 1 FROM units u
      WHERE (u.organization_id, u.unit_id) IN (SELECT organization_id, unit_id FROM new_lines WHERE unit_id IS NOT NULL)
      FOR KEY SHARE OF u
    )
    SELECT count(*) INTO found_units FROM locked;
    IF found_units <> named THEN
      RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'journal_lines_unit',
        TABLE = 'journal_lines', SCHEMA = 'public',
        MESSAGE = 'insert on journal_lines: a line names a unit that is not one of the organization''s';
    END IF;
  END IF;
  INSERT INTO ledger_account_balances AS b (organization_id, account_id, period_start, debit_cents, credit_cents)
    SELECT organization_id, account_id, date_trunc('month', posted_on)::date,
      sum(greatest(amount_cents, 0)), sum(greatest(-amount_cents, 0))
    FROM new_lines GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, account_id, period_start) DO UPDATE
    SET debit_cents = b.debit_cents + excluded.debit_cents, credit_cents = b.credit_cents + excluded.credit_cents;
  INSERT INTO ledger_property_balances AS b (organization_id, property_id, account_id, period_start, debit_cents, credit_cents)
    SELECT organization_id, property_id, account_id, date_trunc('month', posted_on)::date,
      sum(greatest(amount_cents, 0)), sum(greatest(-amount_cents, 0))
    FROM new_lines WHERE property_id IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_id, property_id, account_id, period_start) DO UPDATE
    SET debit_cents = b.debit_cents + excluded.debit_cents, credit_cents = b.credit_cents + excluded.credit_cents;
  INSERT INTO lease_balances AS b (organization_id, lease_id, property_id, balance_cents)
    SELECT l.organization_id, l.lease_id, (array_agg(l.property_id) FILTER (WHERE l.property_id IS NOT NULL))[1],
      sum(l.amount_cents)
    FROM new_lines l
    JOIN ledger_accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id AND a.lease_ledger
    WHERE l.lease_id IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (organization_id, lease_id) DO UPDATE
    SET balance_cents = b.balance_cents + excluded.balance_cents, property_id = coalesce(b.property_id, excluded.property_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION units_keep_postings() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  -- Only while the organization exists: its own delete removes its row first, and its lines go
  -- with its entries. Nested, so the lines are read only for a unit deleted alone.
  IF EXISTS (SELECT 1 FROM old_units o JOIN organizations g ON g.id = o.organization_id) THEN
    IF EXISTS (
      SELECT 1 FROM journal_lines l
      JOIN (SELECT DISTINCT organization_id, unit_id FROM old_units) o
        ON l.organization_id = o.organization_id AND l.unit_id = o.unit_id
    ) THEN
      RAISE EXCEPTION USING ERRCODE = 'KH005',
        MESSAGE = 'It has charges or postings in the ledger, which are kept: it cannot be deleted';
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER units_keep_postings AFTER DELETE ON units
  REFERENCING OLD TABLE AS old_units FOR EACH STATEMENT EXECUTE FUNCTION units_keep_postings();
