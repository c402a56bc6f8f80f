import { type IncomeStatement, reportBasisLabels, statementColumnsLabels } from "@keyholder/contracts/income-statement";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";

/**
 * The P&L as a table to download: income, expenses, their totals and the net, set out in its
 * columns (months, years, properties or owners) when asked, beside the period before.
 */
export function incomeStatementDocument(s: IncomeStatement): ReportDocument {
  const row = (label: string, type: string, columns: number[], amount: number, prior: number, total = false) => ({
    cells: [label, type, ...columns, amount, prior, amount - prior],
    ...(total ? { style: "total" as const } : {}),
  });
  const of = (type: "income" | "expense"): ReportRow[] =>
    s.rows
      .filter((r) => r.account.type === type)
      .map((r) => row(`${r.account.code} ${r.account.name}`, type, r.columns_cents, r.amount_cents, r.prior_cents));
  const t = s.column_totals;
  const split: ReportColumn[] = s.column_heads.map((h) => ({ label: h.label, kind: "cents", width: 14 }));
  return {
    title: "Profit and loss",
    lines: [
      `${s.period_start} to ${s.period_end}, ${reportBasisLabels[s.basis].toLowerCase()} basis`,
      s.property ? `Property: ${s.property.name}` : s.owner ? `Owner: ${s.owner.name}'s properties` : "All properties",
      ...(s.columns === "period" ? [] : [statementColumnsLabels[s.columns]]),
      ...(s.columns === "owner" ? ["Each owner's column holds their properties' whole amounts"] : []),
    ],
    fileName: `income-statement-${s.basis}-${s.period_start}-${s.period_end}${s.columns === "period" ? "" : `-by-${s.columns}`}`,
    columns: [
      { label: "Account", kind: "text", width: 34 },
      { label: "Type", kind: "text", width: 10 },
      ...split,
      { label: `${s.period_start} to ${s.period_end}`, kind: "cents", width: 16 },
      { label: `${s.prior_start} to ${s.prior_end}`, kind: "cents", width: 16 },
      { label: "Change", kind: "cents", width: 14 },
    ],
    rows: [
      ...of("income"),
      row("Total income", "", t.income_cents, s.income_cents, s.prior_income_cents, true),
      ...of("expense"),
      row("Total expenses", "", t.expenses_cents, s.expenses_cents, s.prior_expenses_cents, true),
      row("Net income", "", t.net_income_cents, s.net_income_cents, s.prior_net_income_cents, true),
    ],
  };
}
