import type { FilterCondition } from "@keyholder/contracts/list-query";
import {
  RESPONSIBLE_PARTY_ROLES,
  TENANT_COLUMNS,
  type TENANT_FILTER_TYPES,
  TENANT_KIND_LABELS,
  TENANT_KINDS,
  type TENANT_SORT_KEYS,
  TENANT_STATUS_LABELS,
  TENANT_STATUSES,
  type TenantRow,
  type TenantStatus,
  type TenantStatusCounts,
} from "@keyholder/contracts/tenants";
import { type SQL, sql } from "drizzle-orm";
import { isScoped, type Tx } from "../../db/client.ts";
import { currentOrg } from "../../db/schema/common.ts";
import { isoTimestampSql, listSql, nullableNumber, pageOf, rowOf, type ValueDictionary } from "../../lib/list-sql.ts";
import { toTenantRecord } from "./tenant-record.ts";

/** A code column shown as its label ("Current"), each label with the condition that shows it. */
function labelled<const C extends string>(column: SQL, codes: readonly C[], labels: Record<C, string>) {
  return {
    expr: sql`(case ${column} ${sql.join(
      codes.map((c) => sql`when ${c} then ${labels[c]}`),
      sql` `,
    )} end)`,
    sortBy: column,
    choices: Object.fromEntries(codes.map((c) => [labels[c], sql`${column} = ${c}`])),
  };
}

// One table: every sort key is a column of tenants with its own index (migration 0037).
const { columns, sortKeys } = listSql(TENANT_COLUMNS, {
  name: { expr: sql`t.name` },
  kind: labelled(sql`t.kind`, TENANT_KINDS, TENANT_KIND_LABELS),
  status: labelled(sql`t.status`, TENANT_STATUSES, TENANT_STATUS_LABELS),
  email: { expr: sql`t.email`, nullable: true },
  phone: { expr: sql`t.phone`, nullable: true },
  alternate_email: { expr: sql`t.alternate_email`, nullable: true },
  alternate_phone: { expr: sql`t.alternate_phone`, nullable: true },
  emergency_contact_name: { expr: sql`t.emergency_contact_name`, nullable: true },
  emergency_contact_phone: { expr: sql`t.emergency_contact_phone`, nullable: true },
  emergency_contact_relationship: { expr: sql`t.emergency_contact_relationship`, nullable: true },
  // Shown only (no type, no sort key): see balanceSql.
  balance_cents: { expr: sql`null` },
  created_date: { expr: sql`t.created_date` },
  last_modified_date: { expr: sql`t.last_modified_date` },
});

export interface TenantListQuery {
  offset: number;
  after?: string | undefined;
  limit: number;
  sort_by: (typeof TENANT_SORT_KEYS)[number];
  sort_direction: "asc" | "desc";
  filters: Partial<Record<keyof typeof TENANT_FILTER_TYPES, string>>;
  conditions: FilterCondition[];
  /** By Status's tab: only the tenants of this status. */
  status?: TenantStatus | undefined;
}

/** What the caller may see besides the record: balances need `ledger.view`. */
export interface TenantReadOptions {
  withBalance: boolean;
}

/**
 * What a tenant owes: the maintained balances (lease_balances) of the leases they are responsible
 * on, never a sum of journal lines. A subquery of the select list, so it is read for the page's
 * rows only (pageOf selects over the page's keys), two index lookups a lease. Under row-level
 * security, a scoped user's figure is that of their properties' leases, as the leases they see.
 */
const balanceSql = sql`(select coalesce(sum(b.balance_cents), 0)::bigint from lease_parties p
  join lease_balances b on b.organization_id = p.organization_id and b.lease_id = p.lease_id
  where p.organization_id = t.organization_id and p.tenant_id = t.id
    and p.role in (${sql.join(
      RESPONSIBLE_PARTY_ROLES.map((r) => sql`${r}`),
      sql`, `,
    )}))`;

const columnsSelect = sql`t.id, t.kind, t.first_name, t.last_name, t.company_name, t.name, t.email, t.alternate_email,
  t.phone, t.alternate_phone, t.emergency_contact_name, t.emergency_contact_phone, t.emergency_contact_relationship,
  t.notes, t.status, t.created_by, ${isoTimestampSql(sql`t.created_date`)} as created_date,
  t.last_modified_by, ${isoTimestampSql(sql`t.last_modified_date`)} as last_modified_date`;

/** The columns, with the balance for a caller who may see the books (null for one who may not). */
const selectFor = (withBalance: boolean) =>
  sql`${columnsSelect}, ${withBalance ? balanceSql : sql`null::bigint`} as balance_cents`;

/**
 * The tenants grid's dictionary (tenants_grid_plain_values_of, migration lease_tenant_grid_filters):
 * the type and status as their labels, the days created and modified, and the pieces of the names,
 * nearly all distinct (`grams`). Its counts
 * are the organization's, so a status tab (a subset) does without it.
 */
const dictionary: ValueDictionary = {
  table: "tenants",
  columns: ["kind", "status", "created_date", "last_modified_date"],
  grams: ["name"],
};

/**
 * One page of the tenants grid, sorted and filtered on the server over every row (row-level
 * security limits it to the caller's organization, and a property-scoped user to their tenants).
 */
export async function listTenants(tx: Tx, q: TenantListQuery, o: TenantReadOptions) {
  // A status tab reads the tenants of that status only (the planner flattens the subquery, so the
  // (organization_id, status, name, id) index serves the tab's default order).
  const from = q.status ? sql`(select * from tenants where status = ${q.status}) t` : sql`tenants t`;
  const { rows, total } = await pageOf(tx, {
    select: selectFor(o.withBalance),
    from,
    columns,
    sortKeys,
    tieBreaker: sql`t.id`,
    tieType: "uuid",
    query: q,
    countedTable: q.status ? `tenants.${q.status}` : "tenants",
    dictionary: q.status ? undefined : dictionary,
  });
  const tenants = rows.map(toTenantRow);
  return { tenants, offset: q.offset, count: tenants.length, total_count: total };
}

/** One tenant as the grid shows it, or null. */
export async function getTenant(tx: Tx, id: string, o: TenantReadOptions): Promise<TenantRow | null> {
  const row = await rowOf(tx, { select: selectFor(o.withBalance), from: sql`tenants t`, key: sql`t.id`, id });
  return row ? toTenantRow(row) : null;
}

/**
 * How many of the caller's tenants have each status (By Status's tab counts): the organization's
 * counters (migration 0037), or, for a user who works on some properties, their tenants counted.
 */
export async function tenantStatusCounts(tx: Tx): Promise<{ counts: TenantStatusCounts }> {
  const { rows } = (await tx.execute(
    isScoped(tx)
      ? sql`select status, count(*)::int as n from tenants group by status`
      : sql`select substr(table_name, 9) as status, row_count::int as n from organization_row_counts
             where organization_id = ${currentOrg} and table_name like 'tenants.%'`,
  )) as unknown as { rows: { status: TenantStatus; n: number }[] };
  const counts = Object.fromEntries(TENANT_STATUSES.map((s) => [s, 0])) as TenantStatusCounts;
  for (const r of rows) if (r.status in counts) counts[r.status] = Number(r.n);
  return { counts };
}

function toTenantRow(r: Record<string, unknown>): TenantRow {
  return {
    ...toTenantRecord(r),
    status: (TENANT_STATUSES as readonly string[]).includes(String(r.status)) ? (r.status as TenantStatus) : "none",
    balance_cents: nullableNumber(r.balance_cents),
    created_by: nullableNumber(r.created_by),
    created_date: String(r.created_date),
    last_modified_by: nullableNumber(r.last_modified_by),
    last_modified_date: String(r.last_modified_date),
  };
}
