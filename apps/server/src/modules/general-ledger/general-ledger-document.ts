import type { GeneralLedger } from "@keyholder/contracts/general-ledger";
import type { ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";

/**
 * General ledger detail as a table to download: for each account its heading, the opening balance,
 * its lines with the running balance, and a total with the closing balance.
 */
export function generalLedgerDocument(g: GeneralLedger): ReportDocument {
  function* rows(): Iterable<ReportRow> {
    for (const a of g.accounts) {
      const title = `${a.account.code} ${a.account.name}`;
      yield { cells: [title], style: "heading" };
      yield { cells: [g.from, null, "Opening balance", "", "", "", null, null, a.opening_cents] };
      for (const l of a.lines)
        yield {
          cells: [
            l.posted_on,
            l.entry_id,
            l.memo,
            l.property_name,
            l.unit_name,
            l.name,
            l.debit_cents || null,
            l.credit_cents || null,
            l.balance_cents,
          ],
        };
      yield {
        cells: [g.to, null, `Total ${title}`, "", "", "", a.debit_cents, a.credit_cents, a.closing_cents],
        style: "total",
      };
    }
    yield {
      cells: [null, null, "Total", "", "", "", g.total_debit_cents, g.total_credit_cents, null],
      style: "total",
    };
  }
  return {
    title: "General ledger detail",
    lines: [
      `${g.from} to ${g.to}`,
      g.account ? `Account: ${g.account.code} ${g.account.name}` : "All accounts",
      g.property ? `Property: ${g.property.name}` : "All properties",
    ],
    fileName: `general-ledger-${g.from}-${g.to}`,
    columns: [
      { label: "Date", kind: "date", width: 11 },
      { label: "Entry", kind: "count", width: 8 },
      { label: "Memo", kind: "text", width: 26 },
      { label: "Property", kind: "text", width: 16 },
      { label: "Unit", kind: "text", width: 8 },
      { label: "Name", kind: "text", width: 18 },
      { label: "Debit", kind: "cents", width: 12 },
      { label: "Credit", kind: "cents", width: 12 },
      { label: "Balance", kind: "cents", width: 13 },
    ],
    rows: rows(),
  };
}
