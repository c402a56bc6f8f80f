CREATE INDEX "recurring_charges_run_order_idx" ON "recurring_charges" USING btree ("organization_id","property_id","id");--> statement-breakpoint
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
