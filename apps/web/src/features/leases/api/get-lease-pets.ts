import { type LeasePetRow, leasePetRowSchema } from "@keyholder/contracts/leases";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";

export const LEASE_PETS_QUERY_KEY = "lease-pet-table-";

/** The lease each listed pet is on: a pet's history is its lease's. */
export const leaseOfPet = new Map<number, string>();

export async function getLeasePets(request: PageRequest): Promise<Page<LeasePetRow>> {
  const page = await getRowsPage<LeasePetRow>("/lease-pets", request, leasePetRowSchema);
  for (const p of page.rows) leaseOfPet.set(p.id, p.lease_id);
  return page;
}
