import { type IncomeStatement, reportBasisLabels } from "@keyholder/contracts/income-statement";
import type { ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";

/** The P&L as a table to download: income, expenses, their totals and the net, beside the period before. */
export function incomeStatementDocument(s: IncomeStatement): ReportDocument {
  const row = (label: string, type: string, amount: number, prior: number, total = false): ReportRow => ({
    cells: [label, type, amount, prior, amount - prior],
    ...(total ? { style: "total" as const } : {}),
  });
  const of = (type: "income" | "expense") =>
    s.rows
      .filter((r) => r.account.type === type)
      .map((r) => row(`${r.account.code} ${r.account.name}`, type, r.amount_cents, r.prior_cents));
  return {
    title: "Profit and loss",
    lines: [
      `${s.period_start} to ${s.period_end}, ${reportBasisLabels[s.basis].toLowerCase()} basis`,
      s.property ? `Property: ${s.property.name}` : s.owner ? `Owner: ${s.owner.name}'s properties` : "All properties",
    ],
    fileName: `income-statement-${s.basis}-${s.period_start}-${s.period_end}`,
    columns: [
      { label: "Account", kind: "text", width: 34 },
      { label: "Type", kind: "text", width: 10 },
      { label: `${s.period_start} to ${s.period_end}`, kind: "cents", width: 16 },
      { label: `${s.prior_start} to ${s.prior_end}`, kind: "cents", width: 16 },
      { label: "Change", kind: "cents", width: 14 },
    ],
    rows: [
      ...of("income"),
      row("Total income", "", s.income_cents, s.prior_income_cents, true),
      ...of("expense"),
      row("Total expenses", "", s.expenses_cents, s.prior_expenses_cents, true),
      row("Net income", "", s.net_income_cents, s.prior_net_income_cents, true),
    ],
  };
}
