import {
  insuranceProblem,
  TAX_CLASSIFICATIONS,
  type TaxClassification,
  VENDOR_TRADE_LABELS,
  VENDOR_TRADES,
  type VendorRow,
  type VendorTrade,
} from "@keyholder/contracts/vendors";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { currentOrg } from "../../db/schema/common.ts";
import type { AuditedFields } from "../../lib/audit.ts";
import { isoTimestampSql, nullableNumber, rowOf } from "../../lib/list-sql.ts";

/** The organization's today (org_day, joined in `vendorsFrom`): what an insurance expiry is judged on. */
export const insuranceExpiredSql = sql`(v.insurance_expires_on < org_day.today)`;
export const accountNameSql = sql`(a.code || ' ' || a.name)`;

/**
 * A vendor with its expense account's name and the organization's today (in its time zone).
 * `base`: the vendors table or a subquery of it.
 */
export const vendorsFrom = (base: SQL = sql`vendors`) => sql`${base} v
  cross join (select (now() at time zone o.time_zone)::date as today from organizations o where o.id = ${currentOrg}) org_day
  left join ledger_accounts a on a.organization_id = v.organization_id and a.id = v.default_expense_account_id`;

/** Every column but the sealed taxpayer id, which no answer carries. */
export const vendorSelect = sql`v.id, v.name, v.trades, v.contact_name, v.email, v.phone, v.alternate_phone,
  v.address_line_1, v.address_line_2, v.city, v.state_code, v.zipcode, v.legal_name, v.tax_classification,
  v.taxpayer_id_last4, v.eligible_1099, v.insurance_provider, v.insurance_policy_number,
  v.insurance_expires_on::text as insurance_expires_on, org_day.today::text as today,
  coalesce(${insuranceExpiredSql}, false) as insurance_expired,
  v.default_expense_account_id, ${accountNameSql} as default_expense_account_name, v.notes,
  v.created_by, ${isoTimestampSql(sql`v.created_date`)} as created_date,
  v.last_modified_by, ${isoTimestampSql(sql`v.last_modified_date`)} as last_modified_date`;

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const flag = (v: unknown) => v === true || v === "t";

/** A text[] as node-postgres and PGlite answer it (an array), or its literal ("{a,b}"). */
function tradesOf(v: unknown): VendorTrade[] {
  const list = Array.isArray(v)
    ? v.map(String)
    : String(v ?? "")
        .replace(/^\{|\}$/g, "")
        .split(",");
  return VENDOR_TRADES.filter((t) => list.includes(t));
}

export function toVendorRow(r: Record<string, unknown>): VendorRow {
  const insurance_expires_on = text(r.insurance_expires_on);
  const classification = text(r.tax_classification);
  return {
    id: String(r.id),
    name: String(r.name),
    trades: tradesOf(r.trades),
    contact_name: text(r.contact_name),
    email: text(r.email),
    phone: text(r.phone),
    alternate_phone: text(r.alternate_phone),
    address_line_1: text(r.address_line_1),
    address_line_2: text(r.address_line_2),
    city: text(r.city),
    state_code: text(r.state_code),
    zipcode: text(r.zipcode),
    legal_name: text(r.legal_name),
    tax_classification: (TAX_CLASSIFICATIONS as readonly string[]).includes(classification ?? "")
      ? (classification as TaxClassification)
      : null,
    taxpayer_id_last4: text(r.taxpayer_id_last4),
    eligible_1099: flag(r.eligible_1099),
    insurance_provider: text(r.insurance_provider),
    insurance_policy_number: text(r.insurance_policy_number),
    insurance_expires_on,
    insurance_problem: insuranceProblem({ insurance_expires_on }, String(r.today)),
    insurance_expired: flag(r.insurance_expired),
    default_expense_account_id: nullableNumber(r.default_expense_account_id),
    default_expense_account_name: text(r.default_expense_account_name),
    notes: text(r.notes),
    created_by: nullableNumber(r.created_by),
    created_date: String(r.created_date),
    last_modified_by: nullableNumber(r.last_modified_by),
    last_modified_date: String(r.last_modified_date),
  };
}

/** One vendor as the grid shows it, or null (another organization's reads as none). */
export async function readVendor(tx: Tx, id: string): Promise<VendorRow | null> {
  const row = await rowOf(tx, { select: vendorSelect, from: vendorsFrom(), key: sql`v.id`, id });
  return row ? toVendorRow(row) : null;
}

/** What a vendor's history records: the form's fields as shown, the taxpayer id by its last four digits. */
export interface VendorAuditSource {
  name: string;
  trades: readonly string[];
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  alternate_phone: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  state_code: string | null;
  zipcode: string | null;
  legal_name: string | null;
  tax_classification: string | null;
  taxpayer_id_last4: string | null;
  eligible_1099: boolean;
  insurance_provider: string | null;
  insurance_policy_number: string | null;
  insurance_expires_on: string | null;
  default_expense_account_name: string | null;
  notes: string | null;
}

export function vendorAuditFields(v: VendorAuditSource): AuditedFields {
  return {
    name: v.name,
    // As the grid shows them ("Plumbing, HVAC"), so the History dialog reads the same words.
    trades: v.trades.map((t) => VENDOR_TRADE_LABELS[t as VendorTrade] ?? t).join(", "),
    contact_name: v.contact_name,
    email: v.email,
    phone: v.phone,
    alternate_phone: v.alternate_phone,
    address_line_1: v.address_line_1,
    address_line_2: v.address_line_2,
    city: v.city,
    state_code: v.state_code,
    zipcode: v.zipcode,
    legal_name: v.legal_name,
    tax_classification: v.tax_classification,
    taxpayer_id_last4: v.taxpayer_id_last4,
    eligible_1099: v.eligible_1099,
    insurance_provider: v.insurance_provider,
    insurance_policy_number: v.insurance_policy_number,
    insurance_expires_on: v.insurance_expires_on,
    default_expense_account: v.default_expense_account_name,
    notes: v.notes,
  };
}
