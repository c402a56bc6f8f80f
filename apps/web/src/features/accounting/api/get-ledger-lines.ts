import { type LedgerLineRow, ledgerLinesPageSchema } from "@keyholder/contracts/ledger-lines";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";

/** Ends "-table-": a change in any table (a payment, a lease) refreshes it with the others. */
export const LEDGER_LINES_QUERY_KEY = "ledger-line-table-";

/** GET /api/v1/ledger/lines: a page of Accounting > Transactions. */
export async function getLedgerLines(request: PageRequest): Promise<Page<LedgerLineRow>> {
  const page = await api("/ledger/lines", {
    query: listQueryParams(request),
    schema: ledgerLinesPageSchema,
    signal: request.signal,
  });
  return { rows: page.lines, offset: page.offset, count: page.count, total: page.total_count };
}
