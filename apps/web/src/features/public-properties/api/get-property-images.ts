import { publicPropertyImageListSchema } from "@keyholder/contracts/public-properties";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { publicQueryTimes } from "./public-query-times.ts";

export const propertyImagesQuery = (propertyId: string) =>
  queryOptions({
    queryKey: ["public", "property-images", propertyId],
    queryFn: ({ signal }) =>
      api(`/public/properties/${propertyId}/images`, { schema: publicPropertyImageListSchema, signal }),
    ...publicQueryTimes,
  });
