import {
  leaseLedgerSchema,
  leasePostingSchema,
  type PostPayment,
  type ReturnPayment,
} from "@keyholder/contracts/lease-ledger";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** A lease's tenant ledger (issue 27 item 10): what every posting to it makes stale. */
export const leaseLedgerKey = (leaseId: string) => ["lease-ledger", leaseId] as const;
export const leaseLedgerQuery = (leaseId: string) =>
  queryOptions({
    queryKey: leaseLedgerKey(leaseId),
    queryFn: () => api(`/leases/${leaseId}/ledger`, { schema: leaseLedgerSchema }),
  });

export const recordPayment = (leaseId: string, body: PostPayment) =>
  api(`/leases/${leaseId}/payments`, { method: "POST", body, schema: leasePostingSchema });

export const returnPayment = (paymentId: string, body: ReturnPayment) =>
  api(`/payments/${paymentId}/return`, { method: "POST", body, schema: leasePostingSchema });

/** The statement download (a plain link: the browser saves the PDF with its name). */
export const statementUrl = (leaseId: string, from?: string, to?: string) => {
  const query = new URLSearchParams();
  if (from) query.set("from", from);
  if (to) query.set("to", to);
  const q = query.toString();
  return `/api/v1/leases/${leaseId}/statement.pdf${q ? `?${q}` : ""}`;
};
