ALTER TABLE "properties" ALTER COLUMN "show_property_online" SET DEFAULT false;--> statement-breakpoint
-- A property is listed once someone lists it, and listing asks for an available unit (decision
-- 021). Properties published before that rule stay listed when they have an available unit: their
-- owners kept them online and visitors can act on them. Those with none (no unit at all, or every
-- unit occupied) were mostly listed by the old default, not by choice: they go offline, and their
-- history says so, changed by no user (the upgrade did it). The counters are exact (0005).
WITH unlisted AS (
  UPDATE properties SET show_property_online = false, last_modified_date = now()
   WHERE show_property_online AND total_units - occupied_units <= 0
  RETURNING organization_id, id
)
INSERT INTO audit_log (organization_id, entity, entity_id, action, changed_by, changes)
SELECT organization_id, 'property', id::text, 'update', NULL,
       '{"show_property_online": {"from": true, "to": false}}'::jsonb
  FROM unlisted;
