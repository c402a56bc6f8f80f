import type { TrialBalance } from "@keyholder/contracts/ledger";
import type { ReportDocument } from "../../lib/reports/report-document.ts";

/** The trial balance as a table to download: each account's debit or credit balance, and the two totals. */
export const trialBalanceDocument = (t: TrialBalance): ReportDocument => ({
  title: "Trial balance",
  lines: [`As of ${t.as_of}`],
  fileName: `trial-balance-${t.as_of}`,
  columns: [
    { label: "Account", kind: "text", width: 34 },
    { label: "Debit", kind: "cents", width: 16 },
    { label: "Credit", kind: "cents", width: 16 },
  ],
  rows: [
    ...t.rows.map((r) => ({ cells: [`${r.code} ${r.name}`, r.debit_cents || null, r.credit_cents || null] })),
    { cells: ["Total", t.total_debit_cents, t.total_credit_cents], style: "total" as const },
  ],
});
