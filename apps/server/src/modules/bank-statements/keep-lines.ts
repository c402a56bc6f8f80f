import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bankStatementLines } from "../../db/schema/index.ts";
import type { BankFileLine } from "./statement-file-error.ts";

/** Rows per insert: 8 values a row stays far under PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

export interface KeptImport {
  orgId: string;
  bankAccountId: string;
  importId: string;
}

/**
 * Keeps the lines `from` to `to` of a file (their fingerprints alongside), each once: a line already
 * kept, by this file before or another, adds nothing (the fingerprint's unique index; two imports
 * at once take turns on it). Counts the import's lines read and added with them. How many were new.
 */
export async function keepLines(
  tx: Tx,
  into: KeptImport,
  file: { lines: readonly BankFileLine[]; keys: readonly string[] },
  from: number,
  to: number,
): Promise<number> {
  let added = 0;
  for (let at = from; at < to; at += BATCH) {
    const inserted = await tx
      .insert(bankStatementLines)
      .values(
        file.lines.slice(at, Math.min(at + BATCH, to)).map((l, i) => ({
          organizationId: into.orgId,
          bankAccountId: into.bankAccountId,
          importId: into.importId,
          postedOn: l.posted_on,
          amountCents: l.amount_cents,
          description: l.description,
          reference: l.reference,
          fingerprint: file.keys[at + i] ?? "",
        })),
      )
      .onConflictDoNothing()
      .returning({ id: bankStatementLines.id });
    added += inserted.length;
  }
  await tx.execute(sql`
    update bank_statement_imports set lines_done = ${to}, lines_added = lines_added + ${added}
    where organization_id = ${into.orgId} and id = ${into.importId}`);
  return added;
}
