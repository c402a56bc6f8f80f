import type { CashFlow } from "@keyholder/contracts/cash-flow";
import type { ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";

/** Cash flow as a table to download: cash at the start, each section's flows and net, cash at the end. */
export function cashFlowDocument(c: CashFlow): ReportDocument {
  const rows: ReportRow[] = [{ cells: ["Cash at the start", null, null, c.beginning_cents], style: "total" }];
  for (const s of c.sections) {
    if (!s.flows.length) continue;
    rows.push({ cells: [s.label], style: "heading" });
    for (const f of s.flows)
      rows.push({
        cells: [`${f.account.code} ${f.account.name}`, f.in_cents || null, f.out_cents || null, f.net_cents],
      });
    rows.push({ cells: [`Net, ${s.label.split(":")[0]?.toLowerCase()}`, null, null, s.net_cents], style: "total" });
  }
  rows.push({ cells: ["Net change in cash", null, null, c.net_change_cents], style: "total" });
  rows.push({ cells: ["Cash at the end", null, null, c.ending_cents], style: "total" });
  rows.push({ cells: ["Cash accounts (start, end)"], style: "heading" });
  for (const a of c.cash)
    rows.push({ cells: [`${a.account.code} ${a.account.name}`, a.beginning_cents, null, a.ending_cents] });
  return {
    title: "Cash flow",
    lines: [`${c.from} to ${c.to}`, c.property ? `Property: ${c.property.name}` : "All properties"],
    fileName: `cash-flow-${c.from}-${c.to}`,
    columns: [
      { label: "", kind: "text", width: 36 },
      { label: "In", kind: "cents", width: 15 },
      { label: "Out", kind: "cents", width: 15 },
      { label: "Net", kind: "cents", width: 15 },
    ],
    rows,
  };
}
