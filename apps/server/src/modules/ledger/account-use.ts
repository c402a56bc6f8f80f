import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * Whether anything was posted to an account (one look along the lines' account index), and how many
 * recurring charges will still post to it. The charges are counted without an index of their own:
 * one would be written by every charge run's update, and this is an administrator's rare question.
 */
export async function accountUse(tx: Tx, orgId: string, accountId: number) {
  const { rows } = (await tx.execute(sql`
    select
      exists (select 1 from journal_lines where organization_id = ${orgId} and account_id = ${accountId}) as posted,
      (select count(*) from recurring_charges
        where organization_id = ${orgId} and account_id = ${accountId} and charge_from is not null) as charges,
      exists (select 1 from recurring_charges where organization_id = ${orgId} and account_id = ${accountId}) as named`)) as unknown as {
    rows: { posted: boolean; charges: string | number; named: boolean }[];
  };
  const [use] = rows;
  return {
    posted: Boolean(use?.posted),
    /** Recurring charges still to post to it. */
    charges: Number(use?.charges ?? 0),
    /** Whether any recurring charge names it, ended ones too. */
    named: Boolean(use?.named),
  };
}
