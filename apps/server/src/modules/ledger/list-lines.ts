import { ENTRY_SOURCE_LABELS, type EntrySource } from "@keyholder/contracts/ledger";
import { LEDGER_LINE_COLUMNS, type LedgerLineRow, type LedgerLinesQuery } from "@keyholder/contracts/ledger-lines";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { centsColumn, listSql, nullableNumber, nullableText, pageOf } from "../../lib/list-sql.ts";

const debit = sql`(case when l.amount_cents > 0 then l.amount_cents else 0 end)`;
const credit = sql`(case when l.amount_cents < 0 then -l.amount_cents else 0 end)`;
const memo = sql`coalesce(nullif(l.memo, ''), e.memo)`;

// The kind of entry is filtered as its label: "pay" finds payments and returned payments.
const sourceChoices = Object.fromEntries(
  Object.entries(ENTRY_SOURCE_LABELS).map(([source, label]): [string, SQL] => [label, sql`e.source = ${source}`]),
);

const { columns, sortKeys } = listSql(LEDGER_LINE_COLUMNS, {
  posted_on: { expr: sql`l.posted_on`, day: true },
  entry_id: { expr: sql`l.entry_id`, integer: true },
  source: { expr: sql`e.source`, choices: sourceChoices },
  account_code: { expr: sql`a.code` },
  account_name: { expr: sql`a.name` },
  property_name: { expr: sql`p.name`, nullable: true },
  unit_number: { expr: sql`u.unit_number`, nullable: true },
  lease_no: { expr: sql`le.lease_no`, integer: true, nullable: true },
  tenant_name: { expr: sql`t.name`, nullable: true },
  vendor_name: { expr: sql`v.name`, nullable: true },
  owner_name: { expr: sql`o.name`, nullable: true },
  memo: { expr: memo },
  debit_cents: centsColumn(debit),
  credit_cents: centsColumn(credit),
});

const select = sql`l.line_key, l.entry_id, l.line_no, l.posted_on::text as posted_on, e.source, l.account_id,
  a.code as account_code, a.name as account_name, l.property_id, p.name as property_name, l.unit_id,
  u.unit_number, l.lease_id, le.lease_no, l.tenant_id, t.name as tenant_name, l.vendor_id, v.name as vendor_name, l.owner_id, o.name as owner_name,
  ${memo} as memo,
  ${debit} as debit_cents, ${credit} as credit_cents`;

// Row-level security keeps every table to the organization, and a property-scoped user to the lines
// of their properties (decision 027).
const from = sql`journal_lines l
  join journal_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
  join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
  left join properties p on p.organization_id = l.organization_id and p.id = l.property_id
  left join units u on u.organization_id = l.organization_id and u.unit_id = l.unit_id
  left join leases le on le.organization_id = l.organization_id and le.id = l.lease_id
  left join tenants t on t.organization_id = l.organization_id and t.id = l.tenant_id
  left join vendors v on v.organization_id = l.organization_id and v.id = l.vendor_id
  left join owners o on o.organization_id = l.organization_id and o.id = l.owner_id`;

/** GET /ledger/lines: a page of the journal's lines, sorted and filtered by any column. */
export async function listLines(tx: Tx, q: LedgerLinesQuery) {
  const { rows, total } = await pageOf(tx, {
    select,
    from,
    columns,
    sortKeys,
    tieBreaker: sql`l.line_key`,
    query: q,
    countedTable: "journal_lines",
  });
  const lines = rows.map(
    (r): LedgerLineRow => ({
      key: String(r.line_key),
      entry_id: Number(r.entry_id),
      line_no: Number(r.line_no),
      posted_on: String(r.posted_on),
      source: r.source as EntrySource,
      account_id: Number(r.account_id),
      account_code: String(r.account_code),
      account_name: String(r.account_name),
      property_id: nullableText(r.property_id),
      property_name: nullableText(r.property_name),
      unit_id: nullableNumber(r.unit_id),
      unit_number: nullableText(r.unit_number),
      lease_id: nullableText(r.lease_id),
      lease_no: nullableNumber(r.lease_no),
      tenant_id: nullableText(r.tenant_id),
      tenant_name: nullableText(r.tenant_name),
      vendor_id: nullableText(r.vendor_id),
      vendor_name: nullableText(r.vendor_name),
      owner_id: nullableText(r.owner_id),
      owner_name: nullableText(r.owner_name),
      memo: String(r.memo ?? ""),
      debit_cents: Number(r.debit_cents),
      credit_cents: Number(r.credit_cents),
    }),
  );
  return { lines, offset: q.offset, count: lines.length, total_count: total };
}
