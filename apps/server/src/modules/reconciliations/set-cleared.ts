import { reconciliationMessages, type SetCleared } from "@keyholder/contracts/reconciliations";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import { bigintArray } from "../../lib/sql-arrays.ts";
import { offeredItems } from "./book-items.ts";
import { lockOpen, rowsOf } from "./reconciliation-rows.ts";

/**
 * POST /reconciliations/{id}/cleared: items ticked as on the statement, or unticked. Every item named
 * must be one the reconciliation offers; a matched item is unticked by undoing its match.
 */
export async function setCleared(tx: Tx, orgId: string, id: string, input: SetCleared) {
  const rec = await lockOpen(tx, orgId, id);
  const ids = [...new Set(input.entry_ids)];
  if (input.cleared) {
    const added = rowsOf<{ entry_id: string }>(
      await tx.execute(sql`
        insert into bank_reconciliation_items (organization_id, bank_account_id, entry_id, reconciliation_id, amount_cents)
        select ${orgId}, ${rec.bankAccountId}, o.entry_id, ${id}, o.amount_cents
        from (${offeredItems(orgId, rec, sql`l.entry_id = any(${bigintArray(ids)})`)}) o
        on conflict do nothing
        returning entry_id`),
    );
    const already = rowsOf<{ n: number }>(
      await tx.execute(sql`
        select count(*)::int as n from bank_reconciliation_items
        where organization_id = ${orgId} and reconciliation_id = ${id} and entry_id = any(${bigintArray(ids)})`),
    );
    if ((already[0]?.n ?? 0) !== ids.length || added.length > ids.length) {
      throw new HttpError(409, "ITEM_TAKEN", reconciliationMessages.itemTaken);
    }
    return;
  }
  const matched = rowsOf<unknown>(
    await tx.execute(sql`
      select 1 from bank_reconciliation_items
      where organization_id = ${orgId} and reconciliation_id = ${id} and entry_id = any(${bigintArray(ids)})
        and match_id is not null limit 1`),
  );
  if (matched.length) throw new HttpError(409, "ITEM_MATCHED", reconciliationMessages.itemMatched);
  await tx.execute(sql`
    delete from bank_reconciliation_items
    where organization_id = ${orgId} and reconciliation_id = ${id} and entry_id = any(${bigintArray(ids)})`);
}
