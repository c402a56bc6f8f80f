import { propertyZonesSchema } from "@keyholder/contracts/zones";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** The zones of a property a building of it can be put in (GET /api/v1/properties/{id}/zones), by name. */
export const propertyZonesQuery = (propertyId: string) =>
  queryOptions({
    queryKey: ["property-zones", propertyId],
    queryFn: async ({ signal }) =>
      (await api(`/properties/${propertyId}/zones`, { schema: propertyZonesSchema, signal })).zones,
    enabled: propertyId !== "",
  });
