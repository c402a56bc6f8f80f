import { STATEMENT_LINES_PAGE, type StatementLine } from "@keyholder/contracts/bank-statements";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

interface LineRow {
  id: string | number;
  posted_on: string;
  description: string;
  reference: string | null;
  amount_cents: string | number;
  import_id: string;
}

/**
 * A bank account's statement lines, newest first (a page of 500), with how many it has in all: the
 * sum of its imports' added lines (kept as each import lands; counting the lines would read them all).
 */
export async function readStatementLines(tx: Tx, orgId: string, bankAccountId: string) {
  const { rows } = (await tx.execute(sql`
    select l.id, l.posted_on::text as posted_on, l.description, l.reference, l.amount_cents, l.import_id
    from bank_statement_lines l
    where l.organization_id = ${orgId} and l.bank_account_id = ${bankAccountId}
    order by l.posted_on desc, l.id desc
    limit ${STATEMENT_LINES_PAGE}`)) as unknown as { rows: LineRow[] };
  const lines: StatementLine[] = rows.map((r) => ({
    id: Number(r.id),
    posted_on: r.posted_on,
    description: r.description,
    reference: r.reference,
    amount_cents: Number(r.amount_cents),
    import_id: r.import_id,
  }));
  const { rows: counted } = (await tx.execute(sql`
    select coalesce(sum(lines_added), 0)::bigint as n from bank_statement_imports
    where organization_id = ${orgId} and bank_account_id = ${bankAccountId}`)) as unknown as {
    rows: { n: string | number }[];
  };
  return { lines, total_count: Number(counted[0]?.n ?? 0) };
}
