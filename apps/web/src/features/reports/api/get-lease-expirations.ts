import { type LeaseExpirationsQuery, leaseExpirationsSchema } from "@keyholder/contracts/lease-expirations";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type LeaseExpirationsParams = Partial<Pick<LeaseExpirationsQuery, "as_of" | "property_id" | "days">>;

/** GET /api/v1/reports/lease-expirations: Reports > Occupancy's leases ending soon. */
export const leaseExpirationsQuery = (p: LeaseExpirationsParams) =>
  queryOptions({
    queryKey: ["reports", "lease-expirations", p],
    queryFn: ({ signal }) => api("/reports/lease-expirations", { query: p, schema: leaseExpirationsSchema, signal }),
  });
