import type { PaidDistribution } from "@keyholder/contracts/owners";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { rowsOf } from "../owners/owner-rows.ts";

/** The latest 100 distributions paid, newest first: to whom, from which account, how much. */
export async function readDistributions(tx: Tx, orgId: string): Promise<PaidDistribution[]> {
  return rowsOf<{
    id: string;
    run_id: string;
    owner_id: string;
    owner_name: string;
    bank_account_id: string;
    bank_account_name: string;
    paid_on: string;
    amount_cents: string | number;
    entry_id: string | number;
  }>(
    await tx.execute(sql`
      select d.id, d.run_id, d.owner_id, o.name as owner_name, d.bank_account_id, b.name as bank_account_name,
        d.paid_on::text as paid_on, d.amount_cents, d.entry_id
      from owner_distributions d
      join owners o on o.organization_id = d.organization_id and o.id = d.owner_id
      join bank_accounts b on b.organization_id = d.organization_id and b.id = d.bank_account_id
      where d.organization_id = ${orgId}
      order by d.paid_on desc, d.created_date desc, lower(o.name)
      limit 100`),
  ).map((r) => ({
    id: r.id,
    run_id: r.run_id,
    owner: { id: r.owner_id, name: r.owner_name },
    bank_account: { id: r.bank_account_id, name: r.bank_account_name },
    paid_on: r.paid_on,
    amount_cents: Number(r.amount_cents),
    entry_id: Number(r.entry_id),
  }));
}
