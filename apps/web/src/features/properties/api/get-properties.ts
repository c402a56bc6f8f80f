import { type PropertyRow, propertyListSchema } from "@keyholder/contracts/properties";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";

export const PROPERTIES_QUERY_KEY = "property-table-";

export async function getProperties(request: PageRequest): Promise<Page<PropertyRow>> {
  const page = await api("/properties/details", {
    query: listQueryParams(request),
    schema: propertyListSchema,
    signal: request.signal,
  });
  return { rows: page.properties, offset: page.offset, count: page.count, total: page.total_count };
}
