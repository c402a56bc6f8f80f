import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { autoMatch } from "../reconciliations/auto-match.ts";
import { completeReconciliation } from "../reconciliations/complete-reconciliation.ts";
import { createAdjustment } from "../reconciliations/create-adjustment.ts";
import { createReconciliation } from "../reconciliations/create-reconciliation.ts";
import { readReconciliation } from "../reconciliations/read-reconciliation.ts";

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The demo trust account reconciled to last month's statement (decision 042), as a person would:
 * started at the statement's end date and balance (what the books held at that day, less the fee
 * and plus the interest the bank alone knew of), the deposits matched automatically, the fee posted
 * to Bank Fees and the interest to Other Income from their lines (for the property with the most
 * trust cash there: trust money is always some property's), and completed at a zero difference.
 */
export async function generateReconciliation(tx: Tx, o: { orgId: string; adminUserId: number }) {
  const [statement] = rows<{
    bank_account_id: string;
    last_date: string;
    cash_cents: string;
    fees: string;
    income: string;
    property_id: string | null;
  }>(
    await tx.execute(sql`
      select i.bank_account_id, i.last_date::text as last_date,
        (select coalesce(sum(l.amount_cents), 0) from journal_lines l
          where l.organization_id = i.organization_id and l.account_id = b.ledger_account_id
            and l.posted_on <= i.last_date) as cash_cents,
        (select id from ledger_accounts where organization_id = i.organization_id and code = '6200') as fees,
        (select id from ledger_accounts where organization_id = i.organization_id and code = '4900') as income,
        (select p.property_id from ledger_property_balances p
          where p.organization_id = i.organization_id and p.account_id = b.ledger_account_id
          group by p.property_id order by sum(p.debit_cents - p.credit_cents) desc, p.property_id limit 1) as property_id
      from bank_statement_imports i
      join bank_accounts b on b.organization_id = i.organization_id and b.id = i.bank_account_id
      where i.organization_id = ${o.orgId}
      order by i.created_date desc limit 1`),
  );
  if (!statement) return { reconciled: false };
  const actor = { orgId: o.orgId, userId: o.adminUserId };
  const bankOnly = rows<{ id: string; amount_cents: string }>(
    await tx.execute(sql`
      select l.id, l.amount_cents from bank_statement_lines l
      where l.organization_id = ${o.orgId} and l.bank_account_id = ${statement.bank_account_id}
        and l.description in ('MONTHLY SERVICE FEE', 'INTEREST PAID')`),
  );
  const id = await createReconciliation(tx, actor, {
    bank_account_id: statement.bank_account_id,
    statement_end_date: statement.last_date,
    statement_balance_cents: Number(statement.cash_cents) + bankOnly.reduce((s, l) => s + Number(l.amount_cents), 0),
  });
  await autoMatch(tx, o.orgId, id);
  for (const line of bankOnly) {
    await createAdjustment(tx, actor, id, {
      statement_line_id: Number(line.id),
      account_id: Number(Number(line.amount_cents) < 0 ? statement.fees : statement.income),
      property_id: statement.property_id,
      memo: "",
    });
  }
  const { reconciliation } = await readReconciliation(tx, o.orgId, id);
  // A demo whose books and bank disagree is left in progress for a person to see why, never forced.
  if (reconciliation.difference_cents === 0) await completeReconciliation(tx, actor, id);
  return { reconciled: reconciliation.difference_cents === 0 };
}
