import { type BalanceSheet, balanceSheetLines } from "@keyholder/contracts/balance-sheet";
import type { ReportDocument } from "../../lib/reports/report-document.ts";

/** The balance sheet as a table to download: each account, the totals in bold. */
export const balanceSheetDocument = (sheet: BalanceSheet): ReportDocument => ({
  title: "Balance sheet",
  lines: [`As of ${sheet.as_of}`],
  fileName: `balance-sheet-${sheet.as_of}`,
  columns: [
    { label: "Line", kind: "text", width: 40 },
    { label: `Balance ${sheet.as_of}`, kind: "cents", width: 16 },
  ],
  rows: balanceSheetLines(sheet).map((l) => ({
    cells: [l.label, l.amount_cents],
    ...(l.total ? { style: "total" as const } : {}),
  })),
});
