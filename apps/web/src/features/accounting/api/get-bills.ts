import { billPaymentsSchema, billsSchema } from "@keyholder/contracts/payables";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const BILLS_QUERY_KEY = "bills";

/** GET /api/v1/bills: unpaid ones oldest due first, or all newest first; of one vendor when named. */
export const billsQuery = (status: "unpaid" | "all", vendorId?: string) =>
  queryOptions({
    queryKey: [BILLS_QUERY_KEY, status, vendorId ?? null],
    queryFn: ({ signal }) => api("/bills", { query: { status, vendor_id: vendorId }, schema: billsSchema, signal }),
  });

/** GET /api/v1/bill-payments: the latest 100. */
export const billPaymentsQuery = queryOptions({
  queryKey: [BILLS_QUERY_KEY, "payments"],
  queryFn: ({ signal }) => api("/bill-payments", { schema: billPaymentsSchema, signal }),
});
