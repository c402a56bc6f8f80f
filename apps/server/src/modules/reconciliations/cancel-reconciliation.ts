import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { lockOpen } from "./reconciliation-rows.ts";

/**
 * DELETE /reconciliations/{id}: an in-progress reconciliation given up (a wrong end date or balance),
 * its ticks and matches with it; nothing posted is undone (a fee posted from it stays in the books,
 * offered to the next one). A completed one is kept (409).
 */
export async function cancelReconciliation(tx: Tx, orgId: string, id: string) {
  await lockOpen(tx, orgId, id);
  await tx.execute(sql`delete from bank_reconciliations where organization_id = ${orgId} and id = ${id}`);
}
