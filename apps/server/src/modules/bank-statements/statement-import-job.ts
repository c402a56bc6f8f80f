import type { StatementMapping } from "@keyholder/contracts/bank-statements";
import { sql } from "drizzle-orm";
import type { ClaimedJob } from "../../lib/jobs/job-store.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import type { JobHandler, JobTools } from "../../plugins/jobs.ts";
import { autoMatchStep, type LineCursor } from "../reconciliations/auto-match.ts";
import { lockOpenOfAccount } from "../reconciliations/reconciliation-rows.ts";
import { fingerprints } from "./fingerprints.ts";
import { keepLines } from "./keep-lines.ts";
import { readStatementFile } from "./read-statement-file.ts";
import { statementLinesOf } from "./statement-lines-of.ts";

export const STATEMENT_IMPORT_JOB = "statement-import";
/** Lines kept per checkpoint: each commits with the import's count, so progress moves and a crash loses little. */
const LINES_PER_STEP = 5000;

export interface StatementImportParams extends Record<string, unknown> {
  import_id: string;
  bank_account_id: string;
  /** The file as uploaded, in the storage, until the job ends. */
  file_key: string;
  /** A CSV's mapping, as the request read it; null for OFX. */
  mapping: StatementMapping | null;
}

interface Progress extends Record<string, unknown> {
  phase: "lines" | "matching" | "done";
  lines_done: number;
  matched: number;
  cursor: LineCursor | null;
}

export const statementFileKey = (orgId: string, importId: string) => `org/${orgId}/statement-imports/${importId}`;

/**
 * A large statement kept in the background (decision 041): its lines LINES_PER_STEP at a time,
 * each step committed with the import's count of lines read and added; then its new lines matched
 * to the account's reconciliation in progress, a step at a time (auto-match.ts); then the import
 * is done and the stored file deleted. Resumed after a crash from its last step: a step done twice
 * keeps nothing twice (the fingerprints) and matches nothing twice (matched lines are not free).
 */
export function statementImportHandler(storage: Storage): JobHandler {
  return {
    kind: STATEMENT_IMPORT_JOB,
    async run(job: ClaimedJob, tools: JobTools) {
      const params = job.params as StatementImportParams;
      const into = { orgId: job.orgId, bankAccountId: params.bank_account_id, importId: params.import_id };
      let progress: Progress = { phase: "lines", lines_done: 0, matched: 0, cursor: null, ...job.progress };
      if (progress.phase === "lines") {
        const bytes = await storage.get(params.file_key);
        if (!bytes) throw new Error("The statement file is no longer kept: import it again");
        const lines = statementLinesOf(readStatementFile(bytes), params.mapping);
        const file = { lines, keys: fingerprints(lines) };
        while (progress.phase === "lines") {
          if (tools.stopping()) return { done: false };
          const from = progress.lines_done;
          const to = Math.min(lines.length, from + LINES_PER_STEP);
          progress = await tools.checkpoint(async (tx) => {
            await keepLines(tx, into, file, from, to);
            const next: Progress = { ...progress, lines_done: to, phase: to === lines.length ? "matching" : "lines" };
            return { value: next, progress: next };
          });
        }
      }
      while (progress.phase === "matching") {
        if (tools.stopping()) return { done: false };
        progress = await tools.checkpoint(async (tx) => {
          const reconciliation = await lockOpenOfAccount(tx, job.orgId, params.bank_account_id);
          const step = reconciliation
            ? await autoMatchStep(tx, job.orgId, reconciliation, progress.cursor)
            : { matched: 0, cursor: null };
          const next: Progress = {
            ...progress,
            matched: progress.matched + step.matched,
            cursor: step.cursor,
            phase: step.cursor ? "matching" : "done",
          };
          await tx.execute(sql`
            update bank_statement_imports set lines_matched = ${next.matched},
              status = ${next.phase === "done" ? "done" : "importing"}
            where organization_id = ${job.orgId} and id = ${params.import_id}`);
          return { value: next, progress: next };
        });
      }
      await storage.delete(params.file_key);
      return { done: true, result: { lines_done: progress.lines_done, matched: progress.matched } };
    },
  };
}
