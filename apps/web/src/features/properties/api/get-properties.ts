import { type PropertyRow, propertyRowSchema } from "@keyholder/contracts/properties";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";

export const PROPERTIES_QUERY_KEY = "property-table-";

export async function getProperties(request: PageRequest): Promise<Page<PropertyRow>> {
  const page = await getRowsPage<PropertyRow>("/properties/details", request, propertyRowSchema);
  return page;
}
