import { zoneOverviewSchema } from "@keyholder/contracts/zones";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { ZONES_QUERY_KEY } from "./get-zones.ts";

/** The zone at a glance (GET /api/v1/zones/{id}/overview); under the table's key, so a change refreshes it. */
export const zoneOverviewQuery = (id: number) =>
  queryOptions({
    queryKey: [ZONES_QUERY_KEY, "overview", id],
    queryFn: ({ signal }) => api(`/zones/${id}/overview`, { schema: zoneOverviewSchema, signal }),
  });
