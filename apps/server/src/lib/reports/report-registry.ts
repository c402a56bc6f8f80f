import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import type { ReportDocument } from "./report-document.ts";

/**
 * A report as the background runs find it (issue 30 item 7): what its route serves, by its id (its
 * path under /reports), so a run reads and writes exactly what a download would.
 */
export interface RegisteredReport {
  id: string;
  query: z.ZodType<{ format: string }>;
  read(tx: Tx, orgId: string, query: unknown): Promise<unknown>;
  document(result: unknown): ReportDocument;
  /**
   * The report's file read in parts as it is written (`read` and `document` in one, any size),
   * for the reports a portfolio makes too large to read whole; the transaction stays open while
   * the file is written.
   */
  stream?(tx: Tx, orgId: string, query: unknown, o: { batchRows: number }): Promise<ReportDocument>;
}

export type ReportRegistry = Map<string, RegisteredReport>;
