import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { rowsOf } from "./reconciliation-rows.ts";

/** The bank account's reconciliation in progress (there is at most one), or null. */
export async function openReconciliationId(tx: Tx, orgId: string, bankAccountId: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id from bank_reconciliations
      where organization_id = ${orgId} and bank_account_id = ${bankAccountId} and status = 'in_progress'`),
  );
  return row?.id ?? null;
}
