import type { BillsQuery } from "@keyholder/contracts/payables";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { readBills } from "./read-bills.ts";

const UNPAID = sql`b.void_entry_id is null and b.applied_cents < b.total_cents`;

/**
 * GET /bills: the unpaid ones oldest due first (500, from the partial index of open bills), or all,
 * newest first (200); of one vendor when named. With what is owed in all: unpaid bills less unused
 * credits, over the open bills only.
 */
export async function listBills(tx: Tx, orgId: string, query: BillsQuery) {
  const vendor = query.vendor_id ? sql`b.vendor_id = ${query.vendor_id}` : sql`true`;
  const bills =
    query.status === "unpaid"
      ? await readBills(tx, orgId, sql`${UNPAID} and ${vendor}`, sql`b.due_date, b.created_date, b.id`, 500)
      : await readBills(tx, orgId, vendor, sql`b.bill_date desc, b.created_date desc`, 200);
  const { rows } = (await tx.execute(sql`
    select coalesce(sum(case when b.kind = 'bill' then 1 else -1 end * (b.total_cents - b.applied_cents)), 0) as owed
    from bills b where b.organization_id = ${orgId} and ${UNPAID} and ${vendor}`)) as unknown as {
    rows: { owed: string | number }[];
  };
  return { bills, total_open_cents: Number(rows[0]?.owed ?? 0) };
}
