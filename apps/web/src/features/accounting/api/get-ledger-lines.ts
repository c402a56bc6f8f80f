import { type LedgerLineRow, ledgerLineRowSchema } from "@keyholder/contracts/ledger-lines";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";

/** Ends "-table-": a change in any table (a payment, a lease) refreshes it with the others. */
export const LEDGER_LINES_QUERY_KEY = "ledger-line-table-";

/** GET /api/v1/ledger/lines: a page of Accounting > Transactions. */
export async function getLedgerLines(request: PageRequest): Promise<Page<LedgerLineRow>> {
  const page = await getRowsPage<LedgerLineRow>("/ledger/lines", request, ledgerLineRowSchema);
  return page;
}
