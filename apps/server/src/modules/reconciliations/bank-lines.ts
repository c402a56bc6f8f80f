import { RECONCILIATION_ITEMS_LIMIT, type ReconciliationLine } from "@keyholder/contracts/reconciliations";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type OpenReconciliation, rowsOf } from "./reconciliation-rows.ts";

interface LineRow {
  id: string | number;
  posted_on: string;
  description: string;
  reference: string | null;
  amount_cents: string | number;
  match_id: string | null;
}

const toLine = (r: LineRow): ReconciliationLine => ({
  id: Number(r.id),
  posted_on: r.posted_on,
  description: r.description,
  reference: r.reference,
  amount_cents: Number(r.amount_cents),
  match_id: r.match_id,
});

/**
 * The bank's lines an open reconciliation offers: the account's, up to the statement's end date,
 * not matched by another reconciliation (a line is matched once ever), with this one's matches.
 */
export async function readOpenLines(tx: Tx, orgId: string, rec: OpenReconciliation, filter: SQL = sql`true`) {
  return rowsOf<LineRow>(
    await tx.execute(sql`
      select l.id, l.posted_on::text as posted_on, l.description, l.reference, l.amount_cents, m.match_id
      from bank_statement_lines l
      left join bank_reconciliation_lines m on m.organization_id = l.organization_id and m.line_id = l.id
      where l.organization_id = ${orgId} and l.bank_account_id = ${rec.bankAccountId} and l.posted_on <= ${rec.endDate}
        and (m.line_id is null or m.reconciliation_id = ${rec.id}) and ${filter}
      order by l.posted_on, l.id
      limit ${RECONCILIATION_ITEMS_LIMIT}`),
  ).map(toLine);
}

/** A completed reconciliation's lines: those it matched. */
export async function readMatchedLines(tx: Tx, orgId: string, reconciliationId: string) {
  return rowsOf<LineRow>(
    await tx.execute(sql`
      select l.id, l.posted_on::text as posted_on, l.description, l.reference, l.amount_cents, m.match_id
      from bank_reconciliation_lines m
      join bank_statement_lines l on l.organization_id = m.organization_id and l.id = m.line_id
      where m.organization_id = ${orgId} and m.reconciliation_id = ${reconciliationId}
      order by l.posted_on, l.id`),
  ).map(toLine);
}
