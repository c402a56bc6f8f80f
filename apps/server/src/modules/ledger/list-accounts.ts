import {
  type AccountType,
  type LedgerAccount,
  type LedgerRole,
  ledgerMessages,
  normalBalanceOf,
} from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { readAccountBalances } from "./read-balances.ts";

/** GET /ledger/accounts: the chart of accounts by code, each with its balance so far (or the one account `id`). */
export async function listAccounts(tx: Tx, orgId: string, id?: number): Promise<{ accounts: LedgerAccount[] }> {
  const { rows } = (await tx.execute(sql`
    select id, code, name, type, role, lease_ledger, is_active from ledger_accounts
    where organization_id = ${orgId} ${id === undefined ? sql`` : sql`and id = ${id}`} order by code`)) as unknown as {
    rows: {
      id: number;
      code: string;
      name: string;
      type: AccountType;
      role: LedgerRole | null;
      lease_ledger: boolean;
      is_active: boolean;
    }[];
  };
  const balances = await readAccountBalances(tx, orgId);
  return {
    accounts: rows.map((a) => ({
      ...a,
      id: Number(a.id),
      normal_balance: normalBalanceOf(a.type),
      balance_cents: balances.get(Number(a.id)) ?? 0,
    })),
  };
}

/** One account as the chart lists it, or a 404. */
export async function readAccount(tx: Tx, orgId: string, id: number): Promise<LedgerAccount> {
  const [account] = (await listAccounts(tx, orgId, id)).accounts;
  if (!account) throw notFound(ledgerMessages.accountNotFound);
  return account;
}
