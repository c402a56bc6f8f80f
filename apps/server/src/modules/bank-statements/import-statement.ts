import { createHash } from "node:crypto";
import { type StatementImport, statementMessages } from "@keyholder/contracts/bank-statements";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bankStatementImports } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import type { NewJob } from "../../lib/jobs/job-store.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import { matchAll } from "../reconciliations/auto-match.ts";
import { lockOpenOfAccount } from "../reconciliations/reconciliation-rows.ts";
import { fingerprints } from "./fingerprints.ts";
import { keepLines } from "./keep-lines.ts";
import type { StatementFile } from "./read-statement-file.ts";
import { readStatementImports } from "./read-statement-imports.ts";
import { StatementFileError } from "./statement-file-error.ts";
import { STATEMENT_IMPORT_JOB, type StatementImportParams, statementFileKey } from "./statement-import-job.ts";
import { statementLinesOf, summarize } from "./statement-lines-of.ts";
import { chosenMapping, mappingRequired, saveMapping } from "./statement-mapping.ts";

export interface ImportDeps {
  storage: Storage;
  enqueue(tx: Tx, job: NewJob): Promise<string | null>;
  /** Files of more lines are kept by a job (STATEMENT_INLINE_LINES). */
  inlineLines: number;
}

/**
 * Keeps a statement's lines in a bank account, each once (keep-lines.ts), and matches the new ones
 * to the account's reconciliation in progress where one clear partner exists. A CSV is read with the
 * mapping sent, else the one kept for the account, and the mapping that read it is kept. The whole
 * file is read here, so a row that does not read refuses the import before anything is kept. A file
 * of more than `inlineLines` lines is then kept by a job (statement-import-job.ts) from the file
 * stored for it: the import is answered as importing, and counts its lines as the job goes.
 */
export async function importStatement(
  tx: Tx,
  actor: Actor,
  bankAccountId: string,
  file: StatementFile,
  upload: { bytes: Buffer; name: string; fields: Record<string, string> },
  /** Without them (the demo), the file is kept at once whatever its size. */
  deps?: ImportDeps,
): Promise<{ result: StatementImport; queued: boolean }> {
  const { mapping } = await chosenMapping(tx, actor.orgId, bankAccountId, file, upload.fields);
  if (file.format === "csv" && !mapping) throw mappingRequired();
  const lines = statementLinesOf(file, mapping);
  if (lines.length === 0) throw new StatementFileError(statementMessages.noLines);
  const { first_date, last_date } = summarize(lines);
  const queued = deps !== undefined && lines.length > deps.inlineLines;
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
      status: queued ? "importing" : "done",
      createdBy: actor.userId,
    })
    .returning({ id: bankStatementImports.id });
  const importId = created?.id ?? "";
  if (mapping) await saveMapping(tx, actor.orgId, actor.userId, bankAccountId, mapping);
  if (queued && deps) {
    const fileKey = statementFileKey(actor.orgId, importId);
    await deps.storage.put(fileKey, upload.bytes, "application/octet-stream");
    const params: StatementImportParams = {
      import_id: importId,
      bank_account_id: bankAccountId,
      file_key: fileKey,
      mapping,
    };
    const jobId = await deps.enqueue(tx, {
      orgId: actor.orgId,
      kind: STATEMENT_IMPORT_JOB,
      params: { ...params },
      requestedBy: actor.userId,
    });
    await tx.execute(
      sql`update bank_statement_imports set job_id = ${jobId} where organization_id = ${actor.orgId} and id = ${importId}`,
    );
  } else {
    const into = { orgId: actor.orgId, bankAccountId, importId };
    await keepLines(tx, into, { lines, keys: fingerprints(lines) }, 0, lines.length);
    const reconciliation = await lockOpenOfAccount(tx, actor.orgId, bankAccountId);
    if (reconciliation) {
      const matched = await matchAll(tx, actor.orgId, reconciliation);
      await tx.execute(
        sql`update bank_statement_imports set lines_matched = ${matched} where organization_id = ${actor.orgId} and id = ${importId}`,
      );
    }
  }
  const [result] = await readStatementImports(tx, actor.orgId, bankAccountId, importId);
  if (!result) throw new Error("statement import not read back");
  return { result, queued };
}
