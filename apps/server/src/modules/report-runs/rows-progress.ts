import type { ReportDocument } from "../../lib/reports/report-document.ts";
import type { JobTools } from "../../plugins/jobs.ts";

/**
 * A run's file counted as its rows pass, the count saved as the run's progress every `everyMs`
 * (a checkpoint, which renews the run's claim on its job): the Downloads list shows how far a
 * long file is, and no other server takes over a run still writing. One save at a time, never
 * awaited by the writing: a run written in its report's transaction on PGlite (one connection)
 * saves once that transaction ends. A save that finds the run taken over stops the writing at the
 * next row; `settled` waits for the last save and throws what it met.
 */
export function withRowsProgress(doc: ReportDocument, tools: JobTools, everyMs: number) {
  let rows = 0;
  let last = performance.now();
  let saving: Promise<void> | null = null;
  let failure: { error: unknown } | null = null;
  const save = () => {
    saving = tools
      .checkpoint(async () => ({ value: null, progress: { phase: "writing", step: 2, steps: 3, rows } }))
      .then(
        () => undefined,
        (error: unknown) => {
          failure = { error };
        },
      )
      .finally(() => {
        saving = null;
      });
  };
  async function* counted() {
    for await (const row of doc.rows) {
      if (failure) throw failure.error;
      rows++;
      if (!saving && performance.now() - last >= everyMs) {
        last = performance.now();
        save();
      }
      yield row;
    }
  }
  return {
    doc: { ...doc, rows: counted() } satisfies ReportDocument,
    async settled() {
      while (saving) await saving;
      if (failure) throw failure.error;
    },
  };
}
