import type { GeneralLedger, GeneralLedgerLine } from "@keyholder/contracts/general-ledger";
import type { ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";

type Line = Omit<GeneralLedgerLine, "balance_cents">;

/** An account's part of the file: its opening balance and its lines of the span, as they are read. */
export interface LedgerFileAccount {
  account: { code: string; name: string };
  opening_cents: number;
  lines: AsyncIterable<Line> | Iterable<Line>;
}

/**
 * General ledger detail as a table to download: for each account its heading, the opening balance,
 * its lines with the running balance, and a total with the closing balance. The accounts and their
 * lines may come as they are read (a background run's file of any length): the balances and totals
 * add up as the lines pass.
 */
export function generalLedgerFile(
  g: Pick<GeneralLedger, "from" | "to" | "property" | "account">,
  accounts: AsyncIterable<LedgerFileAccount> | Iterable<LedgerFileAccount>,
): ReportDocument {
  async function* rows(): AsyncIterable<ReportRow> {
    let [allDebit, allCredit] = [0, 0];
    for await (const a of accounts) {
      const title = `${a.account.code} ${a.account.name}`;
      yield { cells: [title], style: "heading" };
      yield { cells: [g.from, null, "Opening balance", "", "", "", null, null, a.opening_cents] };
      let [balance, debit, credit] = [a.opening_cents, 0, 0];
      for await (const l of a.lines) {
        balance += l.debit_cents - l.credit_cents;
        debit += l.debit_cents;
        credit += l.credit_cents;
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
            balance,
          ],
        };
      }
      allDebit += debit;
      allCredit += credit;
      yield { cells: [g.to, null, `Total ${title}`, "", "", "", debit, credit, balance], style: "total" };
    }
    yield { cells: [null, null, "Total", "", "", "", allDebit, allCredit, null], style: "total" };
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

/** The general ledger read whole (a screen's, or a download of up to a screen's lines) as its file. */
export const generalLedgerDocument = (g: GeneralLedger): ReportDocument => generalLedgerFile(g, g.accounts);
