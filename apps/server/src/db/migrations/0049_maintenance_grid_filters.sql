-- Filters on the maintenance requests grid (issue 28's speed, decision 034): a filtered page counted
-- every matching request for its total (300,000 requests: 1.0-1.8 s). The units' remedy (decision
-- 018): the value dictionary (grid_values) of the columns with few distinct values, so a filter's
-- total is the sum of its values' row counts and its rows a walk along the sort index. The codes
-- are kept as the labels the grid shows (MAINTENANCE_*_LABELS in contracts/maintenance.ts;
-- maintenance.test.ts checks each label's total against the requests counted).
CREATE FUNCTION maintenance_requests_grid_values_of(r maintenance_requests) RETURNS TABLE (column_name text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES
    ('status', CASE r.status WHEN 'new' THEN 'New' WHEN 'triaged' THEN 'Triaged' WHEN 'assigned' THEN 'Assigned' WHEN 'scheduled' THEN 'Scheduled' WHEN 'in_progress' THEN 'In Progress' WHEN 'on_hold' THEN 'On Hold' WHEN 'completed' THEN 'Completed' WHEN 'canceled' THEN 'Canceled' ELSE '' END),
    ('priority', CASE r.priority WHEN 'emergency' THEN 'Emergency' WHEN 'urgent' THEN 'Urgent' WHEN 'normal' THEN 'Normal' WHEN 'low' THEN 'Low' ELSE '' END),
    ('category', CASE r.category WHEN 'plumbing' THEN 'Plumbing' WHEN 'electrical' THEN 'Electrical' WHEN 'hvac' THEN 'HVAC' WHEN 'appliance' THEN 'Appliance' WHEN 'pest' THEN 'Pest Control' WHEN 'locks' THEN 'Locks and Keys' WHEN 'grounds' THEN 'Grounds' WHEN 'other' THEN 'Other' ELSE '' END),
    ('channel', CASE r.channel WHEN 'resident_portal' THEN 'Resident Portal' WHEN 'phone' THEN 'Phone' WHEN 'email' THEN 'Email' WHEN 'walk_in' THEN 'Walk-in' WHEN 'inspection' THEN 'Inspection' WHEN 'internal' THEN 'Internal' ELSE '' END),
    ('due_on', coalesce(r.due_on::text, '')),
    ('reopened_count', r.reopened_count::text),
    ('created_date', coalesce(to_char(r.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), '')),
    ('last_modified_date', coalesce(to_char(r.last_modified_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), ''))
$$;--> statement-breakpoint
-- One trigger function for any table whose dictionary is one function of its row (TG_ARGV[0]), so a
-- new grid's dictionary is a values function and three triggers, not a copy of this body. As the
-- units' (0017): statement-level with transition tables, one grouped upsert in key order; an update
-- nets old values against new; a deleted organization's rows are left to its cascade.
CREATE FUNCTION grid_values_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  values_of text := TG_ARGV[0];
  upsert text := 'ON CONFLICT (organization_id, table_name, column_name, value) DO UPDATE SET row_count = g.row_count + excluded.row_count';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
      SELECT n.organization_id, %L, v.column_name, v.value, count(*)
        FROM new_rows n CROSS JOIN LATERAL %s(n) v
       GROUP BY 1, 3, 4 ORDER BY 1, 3, 4 %s', TG_TABLE_NAME, values_of, upsert);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
      SELECT o.organization_id, %L, v.column_name, v.value, -count(*)
        FROM old_rows o CROSS JOIN LATERAL %s(o) v
       WHERE EXISTS (SELECT 1 FROM organizations org WHERE org.id = o.organization_id)
       GROUP BY 1, 3, 4 ORDER BY 1, 3, 4 %s', TG_TABLE_NAME, values_of, upsert);
  ELSE
    EXECUTE format('INSERT INTO grid_values AS g (organization_id, table_name, column_name, value, row_count)
      SELECT c.organization_id, %L, c.column_name, c.value, sum(c.delta)
        FROM (SELECT n.organization_id, v.column_name, v.value, 1 AS delta FROM new_rows n CROSS JOIN LATERAL %s(n) v
              UNION ALL
              SELECT o.organization_id, v.column_name, v.value, -1 FROM old_rows o CROSS JOIN LATERAL %s(o) v) c
       GROUP BY 1, 3, 4 HAVING sum(c.delta) <> 0 ORDER BY 1, 3, 4 %s', TG_TABLE_NAME, values_of, values_of, upsert);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER maintenance_requests_grid_values_insert AFTER INSERT ON maintenance_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION grid_values_follow('maintenance_requests_grid_values_of');--> statement-breakpoint
CREATE TRIGGER maintenance_requests_grid_values_update AFTER UPDATE ON maintenance_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION grid_values_follow('maintenance_requests_grid_values_of');--> statement-breakpoint
CREATE TRIGGER maintenance_requests_grid_values_delete AFTER DELETE ON maintenance_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION grid_values_follow('maintenance_requests_grid_values_of');--> statement-breakpoint
-- The overdue filter (open and due before the organization's today) reads the open requests by due day.
CREATE INDEX maintenance_requests_org_open_due_idx ON maintenance_requests (organization_id, due_on, id)
  WHERE status NOT IN ('completed', 'canceled');--> statement-breakpoint
INSERT INTO grid_values (organization_id, table_name, column_name, value, row_count)
SELECT r.organization_id, 'maintenance_requests', v.column_name, v.value, count(*)
  FROM maintenance_requests r CROSS JOIN LATERAL maintenance_requests_grid_values_of(r) v
 GROUP BY 1, 3, 4;
