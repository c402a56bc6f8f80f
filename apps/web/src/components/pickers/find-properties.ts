import { propertySearchResponseSchema } from "@keyholder/contracts/property-search";
import { api } from "../../lib/api-client.ts";

/** The organization's properties matching the text, for the property pickers of the record forms. */
export const findProperties = async (text: string, signal?: AbortSignal) =>
  (await api("/properties/search", { query: { query: text }, schema: propertySearchResponseSchema, signal }))
    .properties;
