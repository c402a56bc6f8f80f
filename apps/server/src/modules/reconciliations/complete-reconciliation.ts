import { reconciliationMessages } from "@keyholder/contracts/reconciliations";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { lockOpen, readReconciliations } from "./reconciliation-rows.ts";

/**
 * POST /reconciliations/{id}/complete: finished when the statement's balance and the cleared balance
 * agree to the cent. From then its items and lines are locked (the database refuses any change) and
 * never offered again; the account's next reconciliation begins at this statement's balance.
 */
export async function completeReconciliation(tx: Tx, actor: Actor, id: string) {
  await lockOpen(tx, actor.orgId, id);
  const [current] = await readReconciliations(tx, actor.orgId, sql`r.id = ${id}`);
  if (current && current.difference_cents !== 0) {
    throw new HttpError(409, "RECONCILIATION_DIFFERENCE", reconciliationMessages.notZero(current.difference_cents));
  }
  await tx.execute(sql`
    update bank_reconciliations set status = 'completed', completed_by = ${actor.userId}, completed_date = now()
    where organization_id = ${actor.orgId} and id = ${id}`);
}
