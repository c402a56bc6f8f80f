import { propertyListingSchema } from "@keyholder/contracts/property-listing";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/properties/{id}/listing: whether the property can be listed, and what its listing lacks. */
export const propertyListingQuery = (propertyId: string) =>
  queryOptions({
    queryKey: ["properties", propertyId, "listing"],
    queryFn: ({ signal }) => api(`/properties/${propertyId}/listing`, { schema: propertyListingSchema, signal }),
  });
