ALTER TABLE "lease_units" DROP CONSTRAINT "lease_units_organization_id_unit_id_units_organization_id_unit_id_fk";
--> statement-breakpoint
ALTER TABLE "lease_units" DROP CONSTRAINT "lease_units_organization_id_zone_id_zones_organization_id_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_organization_id_unit_id_units_organization_id_unit_id_fk";
--> statement-breakpoint
ALTER TABLE "lease_units" ADD CONSTRAINT "lease_units_organization_id_unit_id_units_organization_id_unit_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","unit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_units" ADD CONSTRAINT "lease_units_organization_id_zone_id_zones_organization_id_id_fk" FOREIGN KEY ("organization_id","zone_id") REFERENCES "public"."zones"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_organization_id_unit_id_units_organization_id_unit_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","unit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leases_org_end_date_desc_idx" ON "leases" USING btree ("organization_id","end_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leases_org_move_out_date_desc_idx" ON "leases" USING btree ("organization_id","move_out_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- ===== Hand-written (keep at the end when renumbering) =====
-- Deleting an organization deletes its units, zones, leases and ledger in one statement, and a
-- NO ACTION key from lines or lease holdings to units was checked when the units' cascade ran,
-- before the lines' and leases' cascades: the delete failed. Those keys now cascade, and what they
-- protected is refused by triggers instead, for a delete that reaches the rows by the cascade from
-- a unit or zone (the row's unit or zone is gone) while the organization still exists (its own
-- delete has removed its row first). pg_trigger_depth() cannot tell: a cascade's statement trigger
-- fires at the outer statement's depth.
--
-- Lines: a unit deleted alone reaches its posted lines; refused as the unit having postings (KH005,
-- answered 409 HAS_POSTINGS), not as a delete of entries the user never asked for.
CREATE OR REPLACE FUNCTION ledger_refuse_delete() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows o JOIN organizations g ON g.id = o.organization_id) THEN
    -- Entries have no unit (the same function guards them); nested, as plpgsql plans one IF's
    -- expression whole and old_rows of entries has no unit_id.
    IF TG_TABLE_NAME = 'journal_lines' THEN
      IF EXISTS (SELECT 1 FROM old_rows o WHERE o.unit_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM units u WHERE u.organization_id = o.organization_id AND u.unit_id = o.unit_id)) THEN
        RAISE EXCEPTION USING ERRCODE = 'KH005',
          MESSAGE = 'It has charges or postings in the ledger, which are kept: it cannot be deleted';
      END IF;
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'KH003',
      MESSAGE = 'Posted journal entries cannot be deleted. Post a reversal instead.';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Holdings: a unit or zone deleted alone reaches the holdings of a lease that is kept; refused as
-- the foreign key was (23503 naming a lease_units constraint: answered 409 "It is on a lease").
-- A lease deleted (its holdings go with it) or the organization deleted passes.
CREATE FUNCTION lease_units_refuse_cascade() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o
    JOIN organizations g ON g.id = o.organization_id
    JOIN leases l ON l.organization_id = o.organization_id AND l.id = o.lease_id
    WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.organization_id = o.organization_id AND u.unit_id = o.unit_id)
      AND NOT EXISTS (SELECT 1 FROM zones z WHERE z.organization_id = o.organization_id AND z.id = o.zone_id)
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'lease_units_kept',
      MESSAGE = 'update or delete of a unit or zone a lease holds';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lease_units_kept AFTER DELETE ON lease_units
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lease_units_refuse_cascade();
