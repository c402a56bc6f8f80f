import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * Sets each tenant's status from all of their leases (current, notice, future, past or none), by a
 * database function that sees leases of every property (migration 0035): a user who works on some
 * properties still sets the status a tenant's other leases make.
 */
export async function refreshTenantStatus(tx: Tx, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return;
  await tx.execute(sql`select refresh_tenant_status(${`{${[...new Set(tenantIds)].join(",")}}`}::uuid[])`);
}

/**
 * Sets the names a lease keeps for its grid (its renting tenants, units and zones, property) from
 * its parties and holdings, by the function the rename triggers also use (migration 0035).
 */
export async function refreshLeaseNames(tx: Tx, leaseIds: readonly string[]) {
  if (leaseIds.length === 0) return;
  await tx.execute(sql`select refresh_lease_names(${`{${leaseIds.join(",")}}`}::uuid[])`);
}
