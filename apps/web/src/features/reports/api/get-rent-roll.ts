import { type RentRollQuery, rentRollSchema } from "@keyholder/contracts/rent-roll";
import type { ReportFormat } from "@keyholder/contracts/reports";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type RentRollParams = Pick<RentRollQuery, "as_of" | "property_id">;

const query = (p: RentRollParams) => ({ as_of: p.as_of, property_id: p.property_id });

/** GET /api/v1/reports/rent-roll: Reports > Occupancy's rent roll. */
export const rentRollQuery = (p: RentRollParams) =>
  queryOptions({
    queryKey: ["reports", "rent-roll", query(p)],
    queryFn: ({ signal }) => api("/reports/rent-roll", { query: query(p), schema: rentRollSchema, signal }),
  });

/** Where the same rent roll downloads from in a format (the browser sends the session cookie). */
export function rentRollFileUrl(p: RentRollParams, format: Exclude<ReportFormat, "json">) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query(p))) if (v) search.set(k, v);
  search.set("format", format);
  return `/api/v1/reports/rent-roll?${search}`;
}
