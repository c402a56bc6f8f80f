import { leaseLedgerSchema } from "@keyholder/contracts/lease-ledger";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const residentLedgerQuery = queryOptions({
  queryKey: ["resident", "ledger"],
  queryFn: () => api("/resident/ledger", { schema: leaseLedgerSchema, ownSession: true }),
});

/** The statement's address: a plain link downloads it with the resident's cookie. */
export const RESIDENT_STATEMENT_URL = "/api/v1/resident/ledger/statement.pdf";
