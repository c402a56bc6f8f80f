import { propertyOverviewSchema } from "@keyholder/contracts/property-overview";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const propertyOverviewQuery = (propertyId: string) =>
  queryOptions({
    queryKey: ["properties", propertyId, "overview"],
    queryFn: ({ signal }) => api(`/properties/${propertyId}/overview`, { schema: propertyOverviewSchema, signal }),
  });
