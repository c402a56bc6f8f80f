import type { BalanceSheet } from "@keyholder/contracts/balance-sheet";
import type { AccountType } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { readAccountBalances } from "../ledger/read-balances.ts";

/**
 * GET /reports/balance-sheet?as_of=: every account's balance at the end of the day from the
 * maintained balances (decision 027: month rows, the partial month's day rows; a user of some
 * properties their properties' rows), grouped by type; income and expenses make the earnings to
 * date in equity, so the sheet balances as the ledger does.
 */
export async function readBalanceSheet(tx: Tx, orgId: string, asOf: string): Promise<BalanceSheet> {
  const balances = await readAccountBalances(tx, orgId, asOf);
  const { rows } = (await tx.execute(sql`
    select id, code, name, type from ledger_accounts where organization_id = ${orgId} order by code, id`)) as unknown as {
    rows: { id: number; code: string; name: string; type: AccountType }[];
  };
  const of = (type: AccountType, sign: 1 | -1) =>
    rows
      .filter((a) => a.type === type && (balances.get(Number(a.id)) ?? 0) !== 0)
      .map((a) => ({
        account: { id: Number(a.id), code: a.code, name: a.name },
        amount_cents: sign * (balances.get(Number(a.id)) ?? 0),
      }));
  const sum = (lines: { amount_cents: number }[]) => lines.reduce((s, l) => s + l.amount_cents, 0);
  const assets = of("asset", 1);
  const liabilities = of("liability", -1);
  const equity = of("equity", -1);
  const earnings = sum(of("income", -1)) + sum(of("expense", -1));
  return {
    as_of: asOf,
    assets,
    liabilities,
    equity,
    earnings_cents: earnings,
    total_assets_cents: sum(assets),
    total_liabilities_cents: sum(liabilities),
    total_equity_cents: sum(equity) + earnings,
  };
}
