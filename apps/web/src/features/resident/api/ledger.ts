import { leaseLedgerSchema } from "@keyholder/contracts/lease-ledger";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { leaseParam } from "./lease-query.ts";

export const residentLedgerQuery = (leaseId?: string) =>
  queryOptions({
    queryKey: ["resident", "ledger", leaseId ?? null],
    queryFn: () => api(`/resident/ledger${leaseParam(leaseId)}`, { schema: leaseLedgerSchema, ownSession: true }),
  });

/** The statement's address: a plain link downloads it with the resident's cookie. */
export const residentStatementUrl = (leaseId?: string) => `/api/v1/resident/ledger/statement.pdf${leaseParam(leaseId)}`;
