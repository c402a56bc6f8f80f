import { type ZoneRow, zoneListSchema } from "@keyholder/contracts/zones";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";

export const ZONES_QUERY_KEY = "zone-table-";

/** Names of the properties seen in loaded rows, so the History dialog can show names, not ids. */
export const propertyNames = new Map<string, string>();

export async function getZones(request: PageRequest): Promise<Page<ZoneRow>> {
  const page = await api("/zones", { query: listQueryParams(request), schema: zoneListSchema, signal: request.signal });
  for (const z of page.zones) propertyNames.set(z.property_id, z.property.name);
  return { rows: page.zones, offset: page.offset, count: page.count, total: page.total_count };
}
