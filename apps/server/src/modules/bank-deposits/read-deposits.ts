import type { BankDeposit } from "@keyholder/contracts/bank-accounts";
import { type SQL, sql } from "drizzle-orm";
import { isScoped, type Tx } from "../../db/client.ts";
import { userName } from "../history/list-history.ts";

interface DepositRow {
  id: string;
  bank_account_id: string;
  bank_account_name: string;
  deposited_on: string;
  memo: string;
  total_cents: string | number;
  receipts: number;
  entry_id: string | number;
  void_entry_id: string | number | null;
  voided_date: string | Date | null;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
}

/**
 * Bank deposits, newest first (at most `limit`). A user of some properties reads only the deposits
 * whose every receipt is of their properties (the payments' row-level security hides the others,
 * so their count falls short of the deposit's).
 */
export async function readDeposits(tx: Tx, orgId: string, where: SQL, limit = 50): Promise<BankDeposit[]> {
  const scoped = isScoped(tx)
    ? sql`and d.receipts = (select count(*) from lease_payments p where p.organization_id = d.organization_id and p.deposit_id = d.id)`
    : sql``;
  const { rows } = (await tx.execute(sql`
    select d.id, d.bank_account_id, b.name as bank_account_name, d.deposited_on::text as deposited_on, d.memo,
      d.total_cents, d.receipts, d.entry_id, d.void_entry_id, d.voided_date, u.id as user_id, u.username, pe.first_name, pe.last_name, pe.preferred_name
    from bank_deposits d
    join bank_accounts b on b.organization_id = d.organization_id and b.id = d.bank_account_id
    left join users u on u.organization_id = d.organization_id and u.id = d.created_by
    left join persons pe on pe.organization_id = u.organization_id and pe.id = u.person_id
    where d.organization_id = ${orgId} and ${where} ${scoped}
    order by d.deposited_on desc, d.created_date desc
    limit ${limit}`)) as unknown as { rows: DepositRow[] };
  return rows.map((r) => ({
    id: r.id,
    bank_account: { id: r.bank_account_id, name: r.bank_account_name },
    deposited_on: r.deposited_on,
    memo: r.memo,
    total_cents: Number(r.total_cents),
    receipts: r.receipts,
    entry_id: Number(r.entry_id),
    created_by: r.user_id === null ? null : { id: Number(r.user_id), name: userName(r) },
    void_entry_id: r.void_entry_id === null ? null : Number(r.void_entry_id),
    voided_at: r.voided_date === null ? null : new Date(r.voided_date).toISOString(),
  }));
}
