import {
  INSURANCE_STATES,
  TAX_CLASSIFICATION_LABELS,
  TAX_CLASSIFICATIONS,
  VENDOR_COLUMNS,
  VENDOR_TRADE_LABELS,
  VENDOR_TRADES,
  type VendorListQuery,
} from "@keyholder/contracts/vendors";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { flagColumn, listSql, pageOf } from "../../lib/list-sql.ts";
import { accountNameSql, insuranceExpiredSql, toVendorRow, vendorSelect, vendorsFrom } from "./vendor-row.ts";

/** A code column shown as its label, each label with the condition that shows it. */
function labelled<const C extends string>(column: SQL, codes: readonly C[], labels: Record<C, string>) {
  return {
    expr: sql`(case ${column} ${sql.join(
      codes.map((c) => sql`when ${c} then ${labels[c]}`),
      sql` `,
    )} end)`,
    sortBy: column,
    nullable: true,
    choices: Object.fromEntries(codes.map((c) => [labels[c], sql`${column} = ${c}`])),
  };
}

/** The trades as the grid shows them ("Plumbing, HVAC"), in the contract's order. */
const tradesSql = sql`(select string_agg(case t.trade ${sql.join(
  VENDOR_TRADES.map((c) => sql`when ${c} then ${VENDOR_TRADE_LABELS[c]}`),
  sql` `,
)} end, ', ' order by t.ord) from unnest(v.trades) with ordinality as t(trade, ord))`;

const insuranceSql = sql`(case when v.insurance_expires_on is null then ${INSURANCE_STATES.none}
  when ${insuranceExpiredSql} then ${INSURANCE_STATES.expired} else ${INSURANCE_STATES.valid} end)`;

// Every sort key is a column of vendors with its index (migration vendors).
const { columns, sortKeys } = listSql(VENDOR_COLUMNS, {
  name: { expr: sql`v.name` },
  trades: { expr: tradesSql, nullable: true },
  contact_name: { expr: sql`v.contact_name`, nullable: true },
  email: { expr: sql`v.email`, nullable: true },
  phone: { expr: sql`v.phone`, nullable: true },
  city: { expr: sql`v.city`, nullable: true },
  insurance: {
    expr: insuranceSql,
    choices: {
      [INSURANCE_STATES.none]: sql`v.insurance_expires_on is null`,
      [INSURANCE_STATES.expired]: insuranceExpiredSql,
      [INSURANCE_STATES.valid]: sql`not ${insuranceExpiredSql}`,
    },
  },
  insurance_expires_on: { expr: sql`v.insurance_expires_on`, day: true, nullable: true },
  eligible_1099: flagColumn(sql`v.eligible_1099`, { yes: "Yes", no: "No" }),
  tax_classification: labelled(sql`v.tax_classification`, TAX_CLASSIFICATIONS, TAX_CLASSIFICATION_LABELS),
  default_expense_account: { expr: accountNameSql, nullable: true },
  created_date: { expr: sql`v.created_date` },
  last_modified_date: { expr: sql`v.last_modified_date` },
});

/** The columns read through a join (the account's name, the insurance through the organization's today). */
const JOINED = new Set(["insurance", "default_expense_account"]);
const testsJoins = (q: VendorListQuery) =>
  Object.entries(q.filters).some(([column, text]) => JOINED.has(column) && text) ||
  q.conditions.some((c) => JOINED.has(c.column));

/** One page of the vendors grid, sorted and filtered on the server over the organization's vendors. */
export async function listVendors(tx: Tx, q: VendorListQuery) {
  const { rows, total } = await pageOf(tx, {
    select: vendorSelect,
    from: vendorsFrom(),
    // Deep pages find their keys in the vendors alone, unless a filter tests a joined column.
    keysFrom: testsJoins(q) ? undefined : sql`vendors v`,
    columns,
    sortKeys,
    tieBreaker: sql`v.id`,
    tieType: "uuid",
    query: q,
  });
  const vendors = rows.map(toVendorRow);
  return { vendors, offset: q.offset, count: vendors.length, total_count: total };
}
