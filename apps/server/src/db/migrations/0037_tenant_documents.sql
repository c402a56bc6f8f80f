CREATE TABLE "tenant_documents" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"expires_on" date,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" integer,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tenant_documents_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "tenant_documents_kind_check" CHECK (kind in ('id', 'insurance', 'lease', 'income', 'other')),
	CONSTRAINT "tenant_documents_size_check" CHECK (byte_size > 0)
);
--> statement-breakpoint
ALTER TABLE "tenant_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "property_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_documents" ADD CONSTRAINT "tenant_documents_organization_id_tenant_id_tenants_organization_id_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."tenants"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_documents_org_tenant_idx" ON "tenant_documents" USING btree ("organization_id","tenant_id","expires_on");--> statement-breakpoint
CREATE INDEX "tenants_org_kind_idx" ON "tenants" USING btree ("organization_id","kind","id");--> statement-breakpoint
CREATE INDEX "tenants_org_status_id_idx" ON "tenants" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "tenants_org_phone_idx" ON "tenants" USING btree ("organization_id","phone","id");--> statement-breakpoint
CREATE INDEX "tenants_org_alternate_email_idx" ON "tenants" USING btree ("organization_id","alternate_email","id");--> statement-breakpoint
CREATE INDEX "tenants_org_alternate_phone_idx" ON "tenants" USING btree ("organization_id","alternate_phone","id");--> statement-breakpoint
CREATE INDEX "tenants_org_emergency_contact_idx" ON "tenants" USING btree ("organization_id","emergency_contact_name","id");--> statement-breakpoint
CREATE INDEX "tenants_org_created_idx" ON "tenants" USING btree ("organization_id","created_date","id");--> statement-breakpoint
CREATE INDEX "tenants_org_modified_idx" ON "tenants" USING btree ("organization_id","last_modified_date","id");--> statement-breakpoint
CREATE INDEX "tenants_org_email_desc_idx" ON "tenants" USING btree ("organization_id","email" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tenants_org_phone_desc_idx" ON "tenants" USING btree ("organization_id","phone" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tenants_org_alternate_email_desc_idx" ON "tenants" USING btree ("organization_id","alternate_email" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tenants_org_alternate_phone_desc_idx" ON "tenants" USING btree ("organization_id","alternate_phone" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tenants_org_emergency_contact_desc_idx" ON "tenants" USING btree ("organization_id","emergency_contact_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tenant_documents" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Decisions 019 and 028: the properties of the leases a tenant is a party to, kept on the tenant by
-- lease_parties' triggers. SECURITY DEFINER: a user who works on some properties adds a party to
-- one of their leases, and the tenant's list must still hold the properties of all its leases,
-- not only those the user's own policies let them see.
CREATE FUNCTION tenant_property_ids_follow() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  -- One branch per event: a statement trigger sees only the transition tables of its own event.
  IF TG_OP = 'INSERT' THEN
    UPDATE tenants t SET property_ids = coalesce(
        (SELECT array_agg(DISTINCT lp.property_id ORDER BY lp.property_id) FROM lease_parties lp
          WHERE lp.organization_id = t.organization_id AND lp.tenant_id = t.id), '{}'::uuid[])
      FROM (SELECT DISTINCT organization_id, tenant_id FROM new_rows) c
     WHERE t.organization_id = c.organization_id AND t.id = c.tenant_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE tenants t SET property_ids = coalesce(
        (SELECT array_agg(DISTINCT lp.property_id ORDER BY lp.property_id) FROM lease_parties lp
          WHERE lp.organization_id = t.organization_id AND lp.tenant_id = t.id), '{}'::uuid[])
      FROM (SELECT DISTINCT organization_id, tenant_id FROM old_rows) c
     WHERE t.organization_id = c.organization_id AND t.id = c.tenant_id;
  ELSE
    UPDATE tenants t SET property_ids = coalesce(
        (SELECT array_agg(DISTINCT lp.property_id ORDER BY lp.property_id) FROM lease_parties lp
          WHERE lp.organization_id = t.organization_id AND lp.tenant_id = t.id), '{}'::uuid[])
      FROM (SELECT organization_id, tenant_id FROM new_rows UNION SELECT organization_id, tenant_id FROM old_rows) c
     WHERE t.organization_id = c.organization_id AND t.id = c.tenant_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lease_parties_tenant_property_ids_insert AFTER INSERT ON lease_parties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_property_ids_follow();--> statement-breakpoint
CREATE TRIGGER lease_parties_tenant_property_ids_update AFTER UPDATE ON lease_parties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_property_ids_follow();--> statement-breakpoint
CREATE TRIGGER lease_parties_tenant_property_ids_delete AFTER DELETE ON lease_parties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_property_ids_follow();--> statement-breakpoint
UPDATE tenants t SET property_ids = p.ids
  FROM (SELECT organization_id, tenant_id, array_agg(DISTINCT property_id ORDER BY property_id) AS ids
          FROM lease_parties GROUP BY 1, 2) p
 WHERE t.organization_id = p.organization_id AND t.id = p.tenant_id;--> statement-breakpoint

-- A user who works on some properties sees the tenants on a lease of one of them, and those on no
-- lease at all (not yet placed: anyone may place them). The test is on the row itself (an inline
-- expression, no lookup per row). No index on property_ids: a GIN index misled the planner into
-- reading every visible tenant and sorting them for a first page (684 ms against 12 ms).
CREATE POLICY "property_scope" ON "tenants" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("property_ids" = '{}'::uuid[] OR "property_ids" && (SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[])
  WITH CHECK ("property_ids" = '{}'::uuid[] OR "property_ids" && (SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]);--> statement-breakpoint
-- A document is visible with its tenant.
CREATE POLICY "property_scope" ON "tenant_documents" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING (EXISTS (SELECT 1 FROM tenants t WHERE t.organization_id = tenant_documents.organization_id AND t.id = tenant_documents.tenant_id))
  WITH CHECK (EXISTS (SELECT 1 FROM tenants t WHERE t.organization_id = tenant_documents.organization_id AND t.id = tenant_documents.tenant_id));--> statement-breakpoint

-- How many leases a tenant is a party to, all of them whatever the caller's property scope: a
-- tenant on any lease is never deleted (its lease history and balance must stay).
CREATE FUNCTION tenant_lease_count(org uuid, tenant uuid) RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT count(DISTINCT lp.lease_id)::integer FROM lease_parties lp WHERE lp.organization_id = org AND lp.tenant_id = tenant
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_lease_count(uuid, uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_lease_count(uuid, uuid) TO keyholder_app;--> statement-breakpoint

-- Rows per organization (an unfiltered grid's total), and per status (By Status's tabs and counts,
-- as 'tenants.<status>'), kept by statement triggers like the other grids' (0005).
CREATE TRIGGER tenants_row_count_insert AFTER INSERT ON tenants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
CREATE TRIGGER tenants_row_count_delete AFTER DELETE ON tenants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
CREATE FUNCTION tenant_status_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO organization_row_counts AS c (organization_id, table_name, row_count)
    SELECT n.organization_id, 'tenants.' || n.status, count(*) FROM new_rows n GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (organization_id, table_name) DO UPDATE SET row_count = c.row_count + excluded.row_count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE organization_row_counts c SET row_count = c.row_count - d.n
      FROM (SELECT o.organization_id, 'tenants.' || o.status AS table_name, count(*) AS n FROM old_rows o GROUP BY 1, 2) d
     WHERE c.organization_id = d.organization_id AND c.table_name = d.table_name;
  ELSE
    INSERT INTO organization_row_counts AS c (organization_id, table_name, row_count)
    SELECT organization_id, table_name, sum(n) FROM (
        SELECT n.organization_id, 'tenants.' || n.status AS table_name, 1 AS n FROM new_rows n
        UNION ALL
        SELECT o.organization_id, 'tenants.' || o.status, -1 FROM old_rows o) d
     GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
        ON CONFLICT (organization_id, table_name) DO UPDATE SET row_count = c.row_count + excluded.row_count;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tenants_status_counts_insert AFTER INSERT ON tenants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_status_counts_follow();--> statement-breakpoint
CREATE TRIGGER tenants_status_counts_update AFTER UPDATE ON tenants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_status_counts_follow();--> statement-breakpoint
CREATE TRIGGER tenants_status_counts_delete AFTER DELETE ON tenants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_status_counts_follow();--> statement-breakpoint
INSERT INTO organization_row_counts (organization_id, table_name, row_count)
SELECT organization_id, 'tenants', count(*) FROM tenants GROUP BY 1
UNION ALL
SELECT organization_id, 'tenants.' || status, count(*) FROM tenants GROUP BY 1, 2;
--> statement-breakpoint
-- The text filters' trigram indexes, as the other grids' (0015).
SELECT grid_text_index(i.name, 'tenants', i.expr) FROM (VALUES
  ('tenants_name_trgm', 'name'),
  ('tenants_email_trgm', 'email'),
  ('tenants_phone_trgm', 'phone')) AS i(name, expr);
