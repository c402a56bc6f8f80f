import { REPORT_RUN_MAX_ROWS } from "@keyholder/contracts/report-runs";
import { REPORT_MAX_ROWS, reportMessages } from "@keyholder/contracts/reports";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../http-error.ts";

/** Transactions of background runs (issue 30 item 7): they may read more rows than a screen. */
const background = new WeakSet<Tx>();

/** Marks a transaction as a background run's: its reports read up to REPORT_RUN_MAX_ROWS rows. */
export const asBackgroundRun = (tx: Tx) => {
  background.add(tx);
};

/** How many rows a report may read in this transaction. */
export const reportRowLimit = (tx: Tx) => (background.has(tx) ? REPORT_RUN_MAX_ROWS : REPORT_MAX_ROWS);

/** Refuses a report of more rows than the transaction may read, saying how many it has. */
export function checkReportRows(tx: Tx, rows: number) {
  const limit = reportRowLimit(tx);
  if (rows > limit) throw badRequest(reportMessages.tooLarge(rows, limit, background.has(tx)));
}
