import type { BankAccount } from "@keyholder/contracts/bank-accounts";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { readAccountBalances } from "../ledger/read-balances.ts";

interface BankAccountRow {
  id: string;
  name: string;
  kind: BankAccount["kind"];
  bank_name: string | null;
  account_last4: string | null;
  routing_number: string | null;
  ledger_account_id: number;
  ledger_code: string;
  ledger_name: string;
  is_active: boolean;
  created_date: string | Date;
  property_count: number;
}

/**
 * Bank accounts by name (active first), each with its cash account and that account's balance from
 * the maintained balances (decision 027; a user of some properties reads their properties' share).
 */
export async function readBankAccounts(tx: Tx, orgId: string, where: SQL = sql`true`): Promise<BankAccount[]> {
  const { rows } = (await tx.execute(sql`
    select b.id, b.name, b.kind, b.bank_name, b.account_last4, b.routing_number, b.is_active, b.created_date,
      a.id as ledger_account_id, a.code as ledger_code, a.name as ledger_name,
      (select count(*)::int from bank_account_properties x
        where x.organization_id = b.organization_id and x.bank_account_id = b.id) as property_count
    from bank_accounts b
    join ledger_accounts a on a.organization_id = b.organization_id and a.id = b.ledger_account_id
    where b.organization_id = ${orgId} and ${where}
    order by not b.is_active, lower(b.name)`)) as unknown as { rows: BankAccountRow[] };
  const balances = rows.length ? await readAccountBalances(tx, orgId) : new Map<number, number>();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    bank_name: r.bank_name,
    account_last4: r.account_last4,
    routing_number: r.routing_number,
    ledger_account: { id: Number(r.ledger_account_id), code: r.ledger_code, name: r.ledger_name },
    balance_cents: balances.get(Number(r.ledger_account_id)) ?? 0,
    is_active: r.is_active,
    created_date: new Date(r.created_date).toISOString(),
    property_count: Number(r.property_count),
  }));
}
