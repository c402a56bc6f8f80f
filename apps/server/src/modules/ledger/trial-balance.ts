import type { AccountType } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { readAccountBalances } from "./read-balances.ts";

/**
 * GET /ledger/trial-balance?as_of=: every account with a balance at the end of that day, a debit
 * balance in debit_cents and a credit balance in credit_cents; the totals are equal when the books
 * balance (and they always do: the database refuses an entry that does not).
 */
export async function trialBalance(tx: Tx, orgId: string, asOf: string) {
  const balances = await readAccountBalances(tx, orgId, asOf);
  const { rows } = (await tx.execute(sql`
    select id, code, name, type from ledger_accounts where organization_id = ${orgId} order by code`)) as unknown as {
    rows: { id: number; code: string; name: string; type: AccountType }[];
  };
  const lines = rows
    .map((a) => ({ a, net: balances.get(Number(a.id)) ?? 0 }))
    .filter(({ net }) => net !== 0)
    .map(({ a, net }) => ({
      account_id: Number(a.id),
      code: a.code,
      name: a.name,
      type: a.type,
      debit_cents: Math.max(net, 0),
      credit_cents: Math.max(-net, 0),
    }));
  return {
    as_of: asOf,
    rows: lines,
    total_debit_cents: lines.reduce((sum, r) => sum + r.debit_cents, 0),
    total_credit_cents: lines.reduce((sum, r) => sum + r.credit_cents, 0),
  };
}
