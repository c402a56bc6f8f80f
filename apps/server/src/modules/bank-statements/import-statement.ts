import { createHash } from "node:crypto";
import { type StatementImport, statementMessages } from "@keyholder/contracts/bank-statements";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bankStatementImports, bankStatementLines } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { fingerprints } from "./fingerprints.ts";
import type { StatementFile } from "./read-statement-file.ts";
import { readStatementImports } from "./read-statement-imports.ts";
import { StatementFileError } from "./statement-file-error.ts";
import { statementLinesOf, summarize } from "./statement-lines-of.ts";
import { chosenMapping, mappingRequired, saveMapping } from "./statement-mapping.ts";

/** Rows per insert: 8 values a row stays far under PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

/**
 * Keeps a statement's lines in a bank account, each once: a line already kept (the same file again,
 * or one that overlaps) adds nothing (the fingerprint's unique index; two imports at once take turns
 * on it). A CSV is read with the mapping sent, else the one kept for the account, and the mapping
 * that read it is kept. All of the file or nothing: a row that does not read refuses the import.
 */
export async function importStatement(
  tx: Tx,
  actor: Actor,
  bankAccountId: string,
  file: StatementFile,
  upload: { bytes: Buffer; name: string; fields: Record<string, string> },
): Promise<StatementImport> {
  const { mapping } = await chosenMapping(tx, actor.orgId, bankAccountId, file, upload.fields);
  if (file.format === "csv" && !mapping) throw mappingRequired();
  const lines = statementLinesOf(file, mapping);
  if (lines.length === 0) throw new StatementFileError(statementMessages.noLines);
  const { first_date, last_date } = summarize(lines);
  const [created] = await tx
    .insert(bankStatementImports)
    .values({
      organizationId: actor.orgId,
      bankAccountId,
      fileName: upload.name,
      format: file.format,
      fileSha256: createHash("sha256").update(upload.bytes).digest("hex"),
      firstDate: first_date,
      lastDate: last_date,
      linesInFile: lines.length,
      createdBy: actor.userId,
    })
    .returning({ id: bankStatementImports.id });
  const importId = created?.id ?? "";
  const keys = fingerprints(lines);
  let added = 0;
  for (let at = 0; at < lines.length; at += BATCH) {
    const inserted = await tx
      .insert(bankStatementLines)
      .values(
        lines.slice(at, at + BATCH).map((l, i) => ({
          organizationId: actor.orgId,
          bankAccountId,
          importId,
          postedOn: l.posted_on,
          amountCents: l.amount_cents,
          description: l.description,
          reference: l.reference,
          fingerprint: keys[at + i] ?? "",
        })),
      )
      .onConflictDoNothing()
      .returning({ id: bankStatementLines.id });
    added += inserted.length;
  }
  await tx.execute(
    sql`update bank_statement_imports set lines_added = ${added} where organization_id = ${actor.orgId} and id = ${importId}`,
  );
  if (mapping) await saveMapping(tx, actor.orgId, actor.userId, bankAccountId, mapping);
  const [result] = await readStatementImports(tx, actor.orgId, bankAccountId, importId);
  if (!result) throw new Error("statement import not read back");
  return result;
}
