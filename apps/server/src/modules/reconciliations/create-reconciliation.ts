import { type CreateReconciliation, reconciliationMessages } from "@keyholder/contracts/reconciliations";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { violatesUnique } from "../../lib/violates.ts";
import { offeredItems } from "./book-items.ts";
import { lockOpenOfAccount, refuseScoped, rowsOf } from "./reconciliation-rows.ts";

/**
 * POST /reconciliations: a bank account reconciled to a statement's end date and balance. It begins
 * at the last completed reconciliation's statement balance (zero for the first) and has every item
 * the books dated on or before the end date ticked, as the bank will most often have cleared them;
 * later items are offered unticked. One at a time per account, each ending after the last.
 */
export async function createReconciliation(tx: Tx, actor: Actor, input: CreateReconciliation): Promise<string> {
  refuseScoped(tx);
  const orgId = actor.orgId;
  // The account row is locked: two reconciliations started at once take turns.
  const [account] = rowsOf<{ ledger_account_id: number }>(
    await tx.execute(sql`
      select ledger_account_id from bank_accounts
      where organization_id = ${orgId} and id = ${input.bank_account_id} and is_active
      for update`),
  );
  if (!account) {
    throw badRequest(reconciliationMessages.bankAccount, { bank_account_id: [reconciliationMessages.bankAccount] });
  }
  if (await lockOpenOfAccount(tx, orgId, input.bank_account_id))
    throw new HttpError(409, "RECONCILIATION_IN_PROGRESS", reconciliationMessages.inProgress);
  const [last] = rowsOf<{ end_date: string; balance: string | number }>(
    await tx.execute(sql`
      select statement_end_date::text as end_date, statement_balance_cents as balance from bank_reconciliations
      where organization_id = ${orgId} and bank_account_id = ${input.bank_account_id} and status = 'completed'
      order by statement_end_date desc limit 1`),
  );
  if (last && input.statement_end_date <= last.end_date) {
    const message = reconciliationMessages.endDateAfterLast(last.end_date);
    throw badRequest(message, { statement_end_date: [message] });
  }
  let id: string;
  try {
    const [created] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into bank_reconciliations (organization_id, bank_account_id, statement_end_date, statement_balance_cents,
          beginning_balance_cents, created_by)
        values (${orgId}, ${input.bank_account_id}, ${input.statement_end_date}, ${input.statement_balance_cents},
          ${last ? Number(last.balance) : 0}, ${actor.userId})
        returning id`),
    );
    id = created?.id ?? "";
  } catch (err) {
    if (violatesUnique(err, "bank_reconciliations_in_progress_key")) {
      throw new HttpError(409, "RECONCILIATION_IN_PROGRESS", reconciliationMessages.inProgress);
    }
    throw err;
  }
  const rec = {
    id,
    bankAccountId: input.bank_account_id,
    cashAccountId: Number(account.ledger_account_id),
    endDate: input.statement_end_date,
  };
  await tx.execute(sql`
    insert into bank_reconciliation_items (organization_id, bank_account_id, entry_id, reconciliation_id, amount_cents)
    select ${orgId}, ${input.bank_account_id}, o.entry_id, ${id}, o.amount_cents
    from (${offeredItems(orgId, rec, sql`l.posted_on <= ${input.statement_end_date}`)}) o`);
  return id;
}
