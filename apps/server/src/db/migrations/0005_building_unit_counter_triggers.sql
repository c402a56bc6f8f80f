-- Deleting a building or floor plan must unlink its units. The generated composite foreign keys
-- would SET NULL organization_id as well, which is NOT NULL, so such a delete failed; only the
-- link column is cleared now.
ALTER TABLE "units" DROP CONSTRAINT "units_organization_id_building_id_buildings_organization_id_id_fk";--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_organization_id_building_id_buildings_organization_id_id_fk"
  FOREIGN KEY ("organization_id","building_id") REFERENCES "public"."buildings"("organization_id","id")
  ON DELETE SET NULL ("building_id") ON UPDATE NO ACTION;--> statement-breakpoint
ALTER TABLE "units" DROP CONSTRAINT "units_organization_id_floor_plan_id_floor_plans_organization_id_id_fk";--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_organization_id_floor_plan_id_floor_plans_organization_id_id_fk"
  FOREIGN KEY ("organization_id","floor_plan_id") REFERENCES "public"."floor_plans"("organization_id","id")
  ON DELETE SET NULL ("floor_plan_id") ON UPDATE NO ACTION;--> statement-breakpoint

-- buildings.total_units / occupied_units follow every change to units. Statement-level triggers
-- with transition tables: a bulk insert of a thousand units costs one grouped UPDATE, not a
-- thousand. The functions run as the caller (SECURITY INVOKER): under row-level security a request
-- can only change its own organization's units, and those belong to its own organization's
-- buildings, which the same policy lets it update.
CREATE FUNCTION building_unit_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  ids bigint[];
  totals integer[];
  occupied integer[];
BEGIN
  -- The net change per building: new rows count +1, old rows -1. An update that moves a unit or
  -- flips occupied nets to the right deltas; one that touches neither nets to zero and is skipped.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.organization_id), array_agg(d.building_id), array_agg(d.total), array_agg(d.occupied)
      INTO orgs, ids, totals, occupied
      FROM (SELECT n.organization_id, n.building_id, count(*)::int AS total, count(*) FILTER (WHERE n.occupied)::int AS occupied
              FROM new_units n WHERE n.building_id IS NOT NULL GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.organization_id), array_agg(d.building_id), array_agg(-d.total), array_agg(-d.occupied)
      INTO orgs, ids, totals, occupied
      FROM (SELECT o.organization_id, o.building_id, count(*)::int AS total, count(*) FILTER (WHERE o.occupied)::int AS occupied
              FROM old_units o WHERE o.building_id IS NOT NULL GROUP BY 1, 2) d;
  ELSE
    SELECT array_agg(d.organization_id), array_agg(d.building_id), array_agg(d.total), array_agg(d.occupied)
      INTO orgs, ids, totals, occupied
      FROM (SELECT c.organization_id, c.building_id, sum(c.total)::int AS total, sum(c.occupied)::int AS occupied
              FROM (SELECT n.organization_id, n.building_id, 1 AS total, n.occupied::int AS occupied FROM new_units n
                    UNION ALL
                    SELECT o.organization_id, o.building_id, -1, -(o.occupied::int) FROM old_units o) c
             WHERE c.building_id IS NOT NULL
             GROUP BY 1, 2
            HAVING sum(c.total) <> 0 OR sum(c.occupied) <> 0) d;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- Lock in key order first, so two transactions moving units between the same two buildings
  -- queue instead of deadlocking.
  PERFORM 1 FROM buildings b
    JOIN unnest(orgs, ids) AS d(organization_id, id) ON b.organization_id = d.organization_id AND b.id = d.id
   ORDER BY b.organization_id, b.id
     FOR UPDATE OF b;
  UPDATE buildings b
     SET total_units = b.total_units + d.total, occupied_units = b.occupied_units + d.occupied
    FROM unnest(orgs, ids, totals, occupied) AS d(organization_id, id, total, occupied)
   WHERE b.organization_id = d.organization_id AND b.id = d.id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- PostgreSQL allows a transition table only on a single-event trigger without a column list, so
-- one trigger per event; the UPDATE one nets out updates of other columns itself.
CREATE TRIGGER units_building_counts_insert AFTER INSERT ON units
  REFERENCING NEW TABLE AS new_units FOR EACH STATEMENT EXECUTE FUNCTION building_unit_counts();--> statement-breakpoint
CREATE TRIGGER units_building_counts_update AFTER UPDATE ON units
  REFERENCING OLD TABLE AS old_units NEW TABLE AS new_units FOR EACH STATEMENT EXECUTE FUNCTION building_unit_counts();--> statement-breakpoint
CREATE TRIGGER units_building_counts_delete AFTER DELETE ON units
  REFERENCING OLD TABLE AS old_units FOR EACH STATEMENT EXECUTE FUNCTION building_unit_counts();--> statement-breakpoint

-- Rows per organization of the tables whose grids show a total, for an unfiltered list's
-- total_count. An organization id never changes on these tables (every key and foreign key
-- includes it), so inserts and deletes are all there is to follow. A decrement is a plain UPDATE:
-- when the organization itself is being deleted its row may already be gone, and must stay gone.
CREATE FUNCTION organization_row_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO organization_row_counts AS c (organization_id, table_name, row_count)
    SELECT n.organization_id, TG_TABLE_NAME, count(*) FROM new_rows n GROUP BY 1 ORDER BY 1
        ON CONFLICT (organization_id, table_name) DO UPDATE SET row_count = c.row_count + excluded.row_count;
  ELSE
    UPDATE organization_row_counts c SET row_count = c.row_count - d.n
      FROM (SELECT o.organization_id, count(*) AS n FROM old_rows o GROUP BY 1) d
     WHERE c.organization_id = d.organization_id AND c.table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER buildings_row_count_insert AFTER INSERT ON buildings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
CREATE TRIGGER buildings_row_count_delete AFTER DELETE ON buildings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
CREATE TRIGGER floor_plans_row_count_insert AFTER INSERT ON floor_plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
CREATE TRIGGER floor_plans_row_count_delete AFTER DELETE ON floor_plans
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint

-- Backfill after the triggers exist: creating them locked both tables against writers until this
-- migration commits, so no change can slip between the two.
UPDATE buildings b
   SET total_units = c.total, occupied_units = c.occupied
  FROM (SELECT organization_id, building_id, count(*)::int AS total, count(*) FILTER (WHERE occupied)::int AS occupied
          FROM units WHERE building_id IS NOT NULL GROUP BY 1, 2) c
 WHERE b.organization_id = c.organization_id AND b.id = c.building_id;--> statement-breakpoint
INSERT INTO organization_row_counts (organization_id, table_name, row_count)
SELECT organization_id, 'buildings', count(*) FROM buildings GROUP BY 1
UNION ALL
SELECT organization_id, 'floor_plans', count(*) FROM floor_plans GROUP BY 1;
