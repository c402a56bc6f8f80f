import { type LeasePetRow, leasePetListSchema } from "@keyholder/contracts/leases";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";

export const LEASE_PETS_QUERY_KEY = "lease-pet-table-";

/** The lease each listed pet is on: a pet's history is its lease's. */
export const leaseOfPet = new Map<number, string>();

export async function getLeasePets(request: PageRequest): Promise<Page<LeasePetRow>> {
  const page = await api("/lease-pets", {
    query: listQueryParams(request),
    schema: leasePetListSchema,
    signal: request.signal,
  });
  for (const p of page.pets) leaseOfPet.set(p.id, p.lease_id);
  return { rows: page.pets, offset: page.offset, count: page.count, total: page.total_count };
}
