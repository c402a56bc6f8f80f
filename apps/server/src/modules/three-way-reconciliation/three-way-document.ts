import type { ThreeWay } from "@keyholder/contracts/three-way-reconciliation";
import type { ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";

/** The three-way reconciliation as a table to download: per trust account, the bank, the books, the clients. */
export function threeWayDocument(w: ThreeWay): ReportDocument {
  const rows: ReportRow[] = [];
  for (const a of w.accounts) {
    rows.push({
      cells: [
        `${a.bank_account.name}, ${a.statement_end_date ? `statement of ${a.statement_end_date}` : "never reconciled"}`,
      ],
      style: "heading",
    });
    rows.push({ cells: ["Bank statement balance", a.statement_balance_cents] });
    rows.push({ cells: ["Deposits in transit", a.deposits_in_transit_cents] });
    rows.push({ cells: ["Outstanding payments", a.outstanding_payments_cents] });
    rows.push({ cells: ["Adjusted bank balance", a.adjusted_bank_cents], style: "total" });
    rows.push({ cells: ["Book balance (trust cash)", a.book_cents], style: "total" });
    for (const c of a.clients)
      rows.push({ cells: [`  ${c.property.name}${c.cents < 0 ? " (below zero)" : ""}`, c.cents] });
    if (a.unassigned_cents) rows.push({ cells: ["  Money of no property", a.unassigned_cents] });
    rows.push({ cells: ["Client ledgers (properties)", a.clients_cents], style: "total" });
    rows.push({ cells: ["Bank less books", a.bank_difference_cents] });
    rows.push({ cells: ["Books less clients", a.client_difference_cents] });
    rows.push({
      cells: [a.balanced ? "Reconciled three ways" : "Not reconciled: see the differences above"],
      style: "total",
    });
  }
  return {
    title: "Three-way reconciliation",
    lines: [`Last reconciliations by ${w.as_of}`],
    fileName: `three-way-reconciliation-${w.as_of}`,
    columns: [
      { label: "", kind: "text", width: 40 },
      { label: "Amount", kind: "cents", width: 16 },
    ],
    rows,
  };
}
