DROP INDEX "properties_org_name_idx";--> statement-breakpoint
CREATE INDEX "zones_property_idx" ON "zones" USING btree ("organization_id","property_id","name","id");--> statement-breakpoint
CREATE INDEX "properties_org_name_idx" ON "properties" USING btree ("organization_id","name","id");--> statement-breakpoint
-- The property dropdown's search (GET /api/v1/properties/get-id-name?search-term=, decision 014), in
-- the shape of decision 008: under row-level security ILIKE cannot use the trigram index of 0003,
-- so a rare term read every property of the organization. This function runs as the tables' owner,
-- confined by its first condition to the transaction's organization (app.org_id; unset means
-- nothing), and returns the ids of one keyset page: the matches after (after_name, after_id) by
-- name then id, at most max_rows. The planner, given the actual pattern by EXECUTE, walks
-- properties_org_name_idx in order for a common term and stops at the page's end, or takes the
-- trigram index for a rare one. The caller reads the rows under the policies.
CREATE FUNCTION property_names_matching(pattern text, after_name text, after_id uuid, max_rows integer)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  org uuid := nullif(current_setting('app.org_id', true), '')::uuid;
BEGIN
  IF org IS NULL THEN
    RETURN;
  END IF;
  IF after_name IS NULL THEN
    RETURN QUERY EXECUTE
      'SELECT p.id FROM properties p WHERE p.organization_id = $1 AND p.name ILIKE $2
        ORDER BY p.name, p.id LIMIT $3'
      USING org, pattern, max_rows;
  ELSE
    RETURN QUERY EXECUTE
      'SELECT p.id FROM properties p WHERE p.organization_id = $1 AND p.name ILIKE $2
         AND (p.name, p.id) > ($3, $4)
        ORDER BY p.name, p.id LIMIT $5'
      USING org, pattern, after_name, after_id, max_rows;
  END IF;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION property_names_matching(text, text, uuid, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION property_names_matching(text, text, uuid, integer) TO keyholder_app;
