import { reconciliationMessages } from "@keyholder/contracts/reconciliations";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { lockOpen, rowsOf } from "./reconciliation-rows.ts";

/** DELETE /reconciliations/{id}/matches/{matchId}: the lines free again, the items still ticked. */
export async function deleteMatch(tx: Tx, orgId: string, id: string, matchId: string) {
  await lockOpen(tx, orgId, id);
  const freed = rowsOf<unknown>(
    await tx.execute(sql`
      delete from bank_reconciliation_lines
      where organization_id = ${orgId} and reconciliation_id = ${id} and match_id = ${matchId}
      returning line_id`),
  );
  if (freed.length === 0) throw notFound(reconciliationMessages.matchNotFound);
  await tx.execute(sql`
    update bank_reconciliation_items set match_id = null
    where organization_id = ${orgId} and reconciliation_id = ${id} and match_id = ${matchId}`);
}
