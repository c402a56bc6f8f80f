import { LEASE_COLUMNS, type LeaseListQuery } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { centsColumn, listSql, pageOf, type ValueDictionary } from "../../lib/list-sql.ts";
import { leaseBalanceFrom, leaseRowFrom, leaseRowSelect, toLeaseRow } from "./lease-row.ts";

// Every column but the balance is a column of leases (names, rent and property are copies kept
// with the lease), each sort key with its index (migration 0035); the balance is the maintained
// lease_balances row, which every lease has from its creation (a trigger, migration 0035).
// Unfiltered, the total is the organization's lease count kept by triggers (migration 0035);
// filtered, the dictionary's (below).
const { columns, sortKeys } = listSql(LEASE_COLUMNS, {
  lease_no: { expr: sql`l.lease_no`, integer: true },
  tenant_names: { expr: sql`l.tenant_names` },
  property_name: { expr: sql`l.property_name` },
  unit_names: { expr: sql`l.unit_names` },
  status: { expr: sql`l.status` },
  term: { expr: sql`l.term` },
  start_date: { expr: sql`l.start_date`, day: true },
  end_date: { expr: sql`l.end_date`, day: true, nullable: true },
  move_out_date: { expr: sql`l.move_out_date`, day: true, nullable: true },
  rent_cents: centsColumn(sql`l.rent_cents`),
  deposit_cents: centsColumn(sql`l.deposit_cents`),
  balance_cents: centsColumn(sql`b.balance_cents`),
  created_date: { expr: sql`l.created_date` },
  last_modified_date: { expr: sql`l.last_modified_date` },
});

/**
 * The columns whose values leases_grid_values_of (migration lease_tenant_grid_filters) keeps in the
 * dictionary, all the lease's own; of the names, nearly all distinct, it keeps their pieces (`grams`).
 * A filter on one gets its total without testing every lease (decision 018).
 */
const dictionary: ValueDictionary = {
  table: "leases",
  columns: [
    "property_name",
    "status",
    "term",
    "start_date",
    "end_date",
    "move_out_date",
    "rent_cents",
    "deposit_cents",
    "created_date",
    "last_modified_date",
  ],
  grams: ["tenant_names", "unit_names"],
};

/** One page of the leases grid, sorted and filtered over every lease the caller may see. */
export async function listLeases(tx: Tx, q: LeaseListQuery) {
  const { rows, total } = await pageOf(tx, {
    select: leaseRowSelect,
    // Sorted by balance, the inner join lets the page be read off the balance index.
    from: q.sort_by === "b.balance_cents" ? leaseBalanceFrom : leaseRowFrom,
    columns,
    sortKeys,
    tieBreaker: sql`l.id`,
    tieType: "uuid",
    query: q,
    countedTable: "leases",
    dictionary,
  });
  const leases = rows.map(toLeaseRow);
  return { leases, offset: q.offset, count: leases.length, total_count: total };
}
