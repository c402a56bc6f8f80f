import { type RentRollQuery, rentRollSchema } from "@keyholder/contracts/rent-roll";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type RentRollParams = Pick<RentRollQuery, "as_of" | "property_id">;

/** GET /api/v1/reports/rent-roll: Reports > Occupancy's rent roll. */
export const rentRollQuery = (p: RentRollParams) =>
  queryOptions({
    queryKey: ["reports", "rent-roll", p],
    queryFn: ({ signal }) => api("/reports/rent-roll", { query: p, schema: rentRollSchema, signal }),
  });
