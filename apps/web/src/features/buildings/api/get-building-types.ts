import { buildingTypeListSchema } from "@keyholder/contracts/buildings";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** Reference data: fetched once per visit. */
export const buildingTypesQuery = queryOptions({
  queryKey: ["building-types"],
  queryFn: async () => (await api("/building-types", { schema: buildingTypeListSchema })).building_types,
  staleTime: Number.POSITIVE_INFINITY,
});
