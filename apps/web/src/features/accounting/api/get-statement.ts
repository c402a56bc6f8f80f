import { statementImportsSchema, statementLinesSchema } from "@keyholder/contracts/bank-statements";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const STATEMENT_QUERY_KEY = "bank-statement";

/** GET /api/v1/bank-accounts/{id}/statement-lines: the latest 500 lines and how many there are. */
export const statementLinesQuery = (bankAccountId: string) =>
  queryOptions({
    queryKey: [STATEMENT_QUERY_KEY, bankAccountId, "lines"],
    queryFn: ({ signal }) =>
      api(`/bank-accounts/${bankAccountId}/statement-lines`, { schema: statementLinesSchema, signal }),
  });

/**
 * GET /api/v1/bank-accounts/{id}/statement-imports: who imported which file, newest first; asked
 * again every second and a half while a long file is kept in the background.
 */
export const statementImportsQuery = (bankAccountId: string) =>
  queryOptions({
    queryKey: [STATEMENT_QUERY_KEY, bankAccountId, "imports"],
    queryFn: ({ signal }) =>
      api(`/bank-accounts/${bankAccountId}/statement-imports`, { schema: statementImportsSchema, signal }),
    refetchInterval: (query) => (query.state.data?.imports.some((i) => i.status === "importing") ? 1500 : false),
  });
