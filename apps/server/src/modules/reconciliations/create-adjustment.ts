import { type CreateAdjustment, reconciliationMessages } from "@keyholder/contracts/reconciliations";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { postEntries } from "../ledger/post-entries.ts";
import { readOpenLines } from "./bank-lines.ts";
import { readOpenItems } from "./book-items.ts";
import { insertMatches } from "./insert-matches.ts";
import { lockOpen, type OpenReconciliation, rowsOf } from "./reconciliation-rows.ts";

/**
 * POST /reconciliations/{id}/adjustments: a bank line the books do not have (a service fee, interest)
 * posted as the person confirms it, on the line's day: the cash account and the income or expense
 * account chosen, for the property chosen (on a trust account one must be: trust money of no
 * property would be money no owner statement shows), then matched to the line. Keyed by the line, so it is
 * posted once whatever happens to the request.
 */
export async function createAdjustment(tx: Tx, actor: Actor, id: string, input: CreateAdjustment) {
  const orgId = actor.orgId;
  const rec = await lockOpen(tx, orgId, id);
  const [line] = await readOpenLines(tx, orgId, rec, sql`l.id = ${input.statement_line_id}`);
  if (!line || line.match_id) throw new HttpError(409, "LINE_TAKEN", reconciliationMessages.lineTaken);
  const [account] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select id from ledger_accounts
      where organization_id = ${orgId} and id = ${input.account_id} and is_active and type in ('income', 'expense')`),
  );
  if (!account) {
    throw badRequest(reconciliationMessages.adjustmentAccount, {
      account_id: [reconciliationMessages.adjustmentAccount],
    });
  }
  const propertyId = await adjustmentProperty(tx, orgId, rec, input.property_id ?? null);
  const key = `bank-line:${line.id}`;
  await postEntries(tx, orgId, [
    {
      postedOn: line.posted_on,
      memo: input.memo || line.description,
      source: "bank_adjustment",
      idempotencyKey: key,
      createdBy: actor.userId,
      lines: [
        { accountId: rec.cashAccountId, amountCents: line.amount_cents, propertyId },
        { accountId: input.account_id, amountCents: -line.amount_cents, propertyId },
      ],
    },
  ]);
  const [entry] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`select id from journal_entries where organization_id = ${orgId} and idempotency_key = ${key}`),
  );
  const items = await readOpenItems(tx, orgId, rec, sql`l.entry_id = ${Number(entry?.id)}`);
  await insertMatches(tx, orgId, rec, [{ lines: [line], items }]);
}

async function adjustmentProperty(tx: Tx, orgId: string, rec: OpenReconciliation, propertyId: string | null) {
  if (!propertyId) {
    const [account] = rowsOf<{ kind: string }>(
      await tx.execute(
        sql`select kind from bank_accounts where organization_id = ${orgId} and id = ${rec.bankAccountId}`,
      ),
    );
    if (account?.kind !== "trust") return null;
    throw badRequest(reconciliationMessages.trustProperty, { property_id: [reconciliationMessages.trustProperty] });
  }
  const [property] = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from properties where organization_id = ${orgId} and id = ${propertyId}`),
  );
  if (!property) {
    throw badRequest(reconciliationMessages.adjustmentProperty, {
      property_id: [reconciliationMessages.adjustmentProperty],
    });
  }
  return property.id;
}
