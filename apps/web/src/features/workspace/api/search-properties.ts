import { propertySearchResponseSchema } from "@keyholder/contracts/property-search";
import { api } from "../../../lib/api-client.ts";

export const searchProperties = (query: string, signal?: AbortSignal) =>
  api("/properties/search", { query: { query }, schema: propertySearchResponseSchema, signal });
