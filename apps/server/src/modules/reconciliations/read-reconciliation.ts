import { type ReconciliationDetail, reconciliationMessages } from "@keyholder/contracts/reconciliations";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { readMatchedLines, readOpenLines } from "./bank-lines.ts";
import { readClearedItems, readOpenItems } from "./book-items.ts";
import { readReconciliations, refuseScoped, rowsOf } from "./reconciliation-rows.ts";

/**
 * GET /reconciliations/{id}: the reconciliation with the books' items and the bank's lines. In
 * progress: everything it offers (items cleared ticked, lines and items matched grouped); completed:
 * what it cleared and matched, as kept.
 */
export async function readReconciliation(tx: Tx, orgId: string, id: string): Promise<ReconciliationDetail> {
  refuseScoped(tx);
  const [reconciliation] = await readReconciliations(tx, orgId, sql`r.id = ${id}`);
  if (!reconciliation) throw notFound(reconciliationMessages.notFound);
  if (reconciliation.status === "completed") {
    const [items, lines] = [await readClearedItems(tx, orgId, id), await readMatchedLines(tx, orgId, id)];
    return { reconciliation, items, lines };
  }
  const [account] = rowsOf<{ ledger_account_id: number }>(
    await tx.execute(sql`
      select ledger_account_id from bank_accounts where organization_id = ${orgId} and id = ${reconciliation.bank_account.id}`),
  );
  const rec = {
    id,
    bankAccountId: reconciliation.bank_account.id,
    cashAccountId: Number(account?.ledger_account_id),
    endDate: reconciliation.statement_end_date,
  };
  const items = await readOpenItems(tx, orgId, rec);
  const lines = await readOpenLines(tx, orgId, rec);
  return { reconciliation, items, lines };
}
