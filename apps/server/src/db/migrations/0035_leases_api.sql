ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_check";--> statement-breakpoint
ALTER TABLE "recurring_charges" ADD COLUMN "late_fee_max_cents" bigint;--> statement-breakpoint
CREATE INDEX "leases_org_lease_no_idx" ON "leases" USING btree ("organization_id","lease_no","id");--> statement-breakpoint
CREATE INDEX "leases_org_tenant_names_idx" ON "leases" USING btree ("organization_id","tenant_names","id");--> statement-breakpoint
CREATE INDEX "leases_org_property_name_idx" ON "leases" USING btree ("organization_id","property_name","id");--> statement-breakpoint
CREATE INDEX "leases_org_unit_names_idx" ON "leases" USING btree ("organization_id","unit_names","id");--> statement-breakpoint
CREATE INDEX "leases_org_term_idx" ON "leases" USING btree ("organization_id","term","id");--> statement-breakpoint
CREATE INDEX "leases_org_start_date_idx" ON "leases" USING btree ("organization_id","start_date","id");--> statement-breakpoint
CREATE INDEX "leases_org_move_out_date_idx" ON "leases" USING btree ("organization_id","move_out_date","id");--> statement-breakpoint
CREATE INDEX "leases_org_rent_idx" ON "leases" USING btree ("organization_id","rent_cents","id");--> statement-breakpoint
CREATE INDEX "leases_org_deposit_idx" ON "leases" USING btree ("organization_id","deposit_cents","id");--> statement-breakpoint
CREATE INDEX "leases_org_created_idx" ON "leases" USING btree ("organization_id","created_date","id");--> statement-breakpoint
CREATE INDEX "leases_org_modified_idx" ON "leases" USING btree ("organization_id","last_modified_date","id");--> statement-breakpoint
CREATE INDEX "lease_balances_org_balance_idx" ON "lease_balances" USING btree ("organization_id","balance_cents","lease_id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_check" CHECK (source in ('manual', 'reversal', 'recurring_charge', 'late_fee', 'move_in'));--> statement-breakpoint
-- A tenant's status follows all of their leases (decision 029): current when one is active, notice
-- when one is on notice, future when one is signed and not moved in, past when they all ended, none
-- otherwise. SECURITY DEFINER: a user who works on some properties changes a lease of theirs, and
-- the status must still count the tenant's leases on other properties. Only the caller's
-- organization (app.org_id) is touched.
CREATE FUNCTION refresh_tenant_status(tenant_ids uuid[]) RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  update tenants t set status = s.status
  from (
    select x.id, coalesce((
      select case
        when bool_or(l.status = 'active') then 'current'
        when bool_or(l.status = 'notice') then 'notice'
        when bool_or(l.status = 'pending') then 'future'
        when bool_or(l.status = 'ended') then 'past'
      end
      from lease_parties p
      join leases l on l.organization_id = p.organization_id and l.id = p.lease_id
      where p.organization_id = nullif(current_setting('app.org_id', true), '')::uuid and p.tenant_id = x.id), 'none') as status
    from unnest(tenant_ids) x(id)
  ) s
  where t.organization_id = nullif(current_setting('app.org_id', true), '')::uuid and t.id = s.id and t.status <> s.status
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION refresh_tenant_status(uuid[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION refresh_tenant_status(uuid[]) TO keyholder_app;
--> statement-breakpoint
-- Roles for the income accounts other recurring charges credit (decision 029): code posts by role.
CREATE OR REPLACE FUNCTION seed_ledger_accounts(org uuid) RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  INSERT INTO ledger_accounts (organization_id, code, name, type, role, lease_ledger)
  SELECT org, a.code, a.name, a.type, a.role, a.lease_ledger FROM (VALUES
    ('1010', 'Operating Cash', 'asset', 'operating_cash', false),
    ('1020', 'Trust Cash', 'asset', 'trust_cash', false),
    ('1030', 'Security Deposit Escrow Cash', 'asset', 'deposit_escrow_cash', false),
    ('1050', 'Undeposited Funds', 'asset', 'undeposited_funds', false),
    ('1100', 'Accounts Receivable - Tenants', 'asset', 'accounts_receivable', true),
    ('1150', 'Accounts Receivable - Owners', 'asset', 'owner_receivable', false),
    ('1200', 'Prepaid Expenses', 'asset', NULL, false),
    ('1500', 'Buildings and Improvements', 'asset', NULL, false),
    ('1590', 'Accumulated Depreciation', 'asset', NULL, false),
    ('2010', 'Accounts Payable', 'liability', 'accounts_payable', false),
    ('2100', 'Security Deposits Held', 'liability', 'security_deposits_held', false),
    ('2110', 'Pet, Key and Other Deposits Held', 'liability', 'other_deposits_held', false),
    ('2150', 'Deposit Interest Payable', 'liability', NULL, false),
    ('2200', 'Prepaid Rent', 'liability', 'prepaid_rent', true),
    ('2300', 'Due to Owners', 'liability', 'owner_funds_held', false),
    ('2400', 'Sales and Occupancy Tax Payable', 'liability', NULL, false),
    ('2500', 'Mortgage Payable', 'liability', NULL, false),
    ('2900', 'Clearing', 'liability', 'clearing', false),
    ('3100', 'Owner Contributions', 'equity', 'owner_contributions', false),
    ('3200', 'Owner Distributions', 'equity', 'owner_distributions', false),
    ('3900', 'Retained Earnings', 'equity', 'retained_earnings', false),
    ('3950', 'Opening Balance Equity', 'equity', 'opening_balance_equity', false),
    ('4010', 'Rent', 'income', 'rent_income', false),
    ('4020', 'Parking', 'income', 'parking_income', false),
    ('4030', 'Pet Rent', 'income', 'pet_rent_income', false),
    ('4040', 'Utility Reimbursement', 'income', 'utility_income', false),
    ('4100', 'Late Fees', 'income', 'late_fee_income', false),
    ('4110', 'NSF Fees', 'income', 'nsf_fee_income', false),
    ('4200', 'Application Fees', 'income', NULL, false),
    ('4300', 'Damage and Cleaning Charges', 'income', NULL, false),
    ('4400', 'Concessions', 'income', 'concessions', false),
    ('4500', 'Deposit Forfeitures', 'income', NULL, false),
    ('4600', 'Management Fee Income', 'income', NULL, false),
    ('4610', 'Leasing Fee Income', 'income', NULL, false),
    ('4620', 'Maintenance Markup Income', 'income', NULL, false),
    ('4630', 'Retained Tenant Fees', 'income', NULL, false),
    ('4900', 'Other Income', 'income', 'other_income', false),
    ('5100', 'Management Fees', 'expense', 'management_fees', false),
    ('5200', 'Leasing Commissions', 'expense', NULL, false),
    ('5300', 'Advertising', 'expense', NULL, false),
    ('5400', 'Repairs and Maintenance', 'expense', NULL, false),
    ('5410', 'Plumbing', 'expense', NULL, false),
    ('5420', 'Electrical', 'expense', NULL, false),
    ('5430', 'HVAC', 'expense', NULL, false),
    ('5440', 'Appliances', 'expense', NULL, false),
    ('5450', 'Turnover and Make-Ready', 'expense', NULL, false),
    ('5500', 'Cleaning', 'expense', NULL, false),
    ('5600', 'Landscaping and Snow', 'expense', NULL, false),
    ('5700', 'Utilities', 'expense', NULL, false),
    ('5800', 'Insurance', 'expense', NULL, false),
    ('5900', 'Property Taxes', 'expense', NULL, false),
    ('6000', 'HOA Dues', 'expense', NULL, false),
    ('6100', 'Legal and Professional', 'expense', NULL, false),
    ('6150', 'Security Deposit Interest Expense', 'expense', NULL, false),
    ('6200', 'Bank Fees', 'expense', NULL, false),
    ('6300', 'Mortgage Interest', 'expense', NULL, false),
    ('6400', 'Depreciation', 'expense', NULL, false)
  ) AS a(code, name, type, role, lease_ledger)
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
UPDATE ledger_accounts a SET role = r.role
FROM (VALUES ('4020', 'parking_income'), ('4030', 'pet_rent_income'), ('4040', 'utility_income'), ('4900', 'other_income')) r(code, role)
WHERE a.code = r.code AND a.role IS NULL
  AND NOT EXISTS (SELECT 1 FROM ledger_accounts b WHERE b.organization_id = a.organization_id AND b.role = r.role);
--> statement-breakpoint
-- The names a lease keeps for its grid (decision 029): its renting tenants (primary, then co-tenants
-- by name) and its units then zones (in the order the lease lists them). Kept by the leases code on
-- every change of a lease, and by the triggers below when a tenant, unit, zone or property is
-- renamed, whoever renames it. SECURITY DEFINER: a user who works on some properties renames a
-- tenant whose leases are also on others.
CREATE FUNCTION refresh_lease_names_in(org uuid, lease_ids uuid[]) RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  update leases l set
    tenant_names = coalesce((
      select string_agg(t.name, ', ' order by p.role <> 'primary', t.name)
      from lease_parties p join tenants t on t.organization_id = p.organization_id and t.id = p.tenant_id
      where p.organization_id = l.organization_id and p.lease_id = l.id and p.role in ('primary', 'co_tenant')), ''),
    unit_names = coalesce((
      select string_agg(coalesce(u.unit_number, z.name), ', ' order by lu.unit_id is null, lu.id)
      from lease_units lu
      left join units u on u.organization_id = lu.organization_id and u.unit_id = lu.unit_id
      left join zones z on z.organization_id = lu.organization_id and z.id = lu.zone_id
      where lu.organization_id = l.organization_id and lu.lease_id = l.id), ''),
    property_name = (select pr.name from properties pr where pr.organization_id = l.organization_id and pr.id = l.property_id)
  where l.organization_id = org and l.id = any(lease_ids)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION refresh_lease_names_in(uuid, uuid[]) FROM PUBLIC;--> statement-breakpoint
-- The request's: only the leases of the caller's organization.
CREATE FUNCTION refresh_lease_names(lease_ids uuid[]) RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  select refresh_lease_names_in(nullif(current_setting('app.org_id', true), '')::uuid, lease_ids)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION refresh_lease_names(uuid[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION refresh_lease_names(uuid[]) TO keyholder_app;--> statement-breakpoint
CREATE FUNCTION leases_follow_renames() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_TABLE_NAME = 'properties' THEN
    UPDATE leases SET property_name = NEW.name WHERE organization_id = NEW.organization_id AND property_id = NEW.id;
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'tenants' THEN
    PERFORM refresh_lease_names_in(NEW.organization_id, array(SELECT lease_id FROM lease_parties WHERE organization_id = NEW.organization_id AND tenant_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'units' THEN
    PERFORM refresh_lease_names_in(NEW.organization_id, array(SELECT lease_id FROM lease_units WHERE organization_id = NEW.organization_id AND unit_id = NEW.unit_id));
  ELSE
    PERFORM refresh_lease_names_in(NEW.organization_id, array(SELECT lease_id FROM lease_units WHERE organization_id = NEW.organization_id AND zone_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER leases_tenant_renamed AFTER UPDATE OF name ON tenants FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION leases_follow_renames();--> statement-breakpoint
CREATE TRIGGER leases_unit_renamed AFTER UPDATE OF unit_number ON units FOR EACH ROW
  WHEN (OLD.unit_number IS DISTINCT FROM NEW.unit_number) EXECUTE FUNCTION leases_follow_renames();--> statement-breakpoint
CREATE TRIGGER leases_zone_renamed AFTER UPDATE OF name ON zones FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION leases_follow_renames();--> statement-breakpoint
CREATE TRIGGER leases_property_renamed AFTER UPDATE OF name ON properties FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION leases_follow_renames();
--> statement-breakpoint
-- An unfiltered leases page reads its total here (0005), not by counting the organization's leases.
CREATE TRIGGER leases_row_count_insert AFTER INSERT ON leases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
CREATE TRIGGER leases_row_count_delete AFTER DELETE ON leases
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
INSERT INTO organization_row_counts (organization_id, table_name, row_count)
SELECT organization_id, 'leases', count(*) FROM leases GROUP BY 1;
--> statement-breakpoint
-- Every lease has its balance row from the start (0 until its first posting), so the grid joins it
-- and sorts by balance from its index (lease_balances_org_balance_idx), with no empty values. The
-- ledger's posting trigger adds to the row (ON CONFLICT); a lease deleted (never posted to) takes
-- its zero row with it. SECURITY DEFINER: the request role may only read balances (decision 027).
CREATE FUNCTION leases_balance_rows() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lease_balances (organization_id, lease_id, property_id, balance_cents)
      SELECT n.organization_id, n.id, n.property_id, 0 FROM new_rows n ORDER BY 1, 2
      ON CONFLICT (organization_id, lease_id) DO NOTHING;
  ELSE
    DELETE FROM lease_balances b USING old_rows o
      WHERE b.organization_id = o.organization_id AND b.lease_id = o.id AND b.balance_cents = 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER leases_balance_insert AFTER INSERT ON leases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leases_balance_rows();--> statement-breakpoint
CREATE TRIGGER leases_balance_delete AFTER DELETE ON leases
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leases_balance_rows();--> statement-breakpoint
INSERT INTO lease_balances (organization_id, lease_id, property_id, balance_cents)
SELECT organization_id, id, property_id, 0 FROM leases ORDER BY 1, 2
ON CONFLICT (organization_id, lease_id) DO NOTHING;
