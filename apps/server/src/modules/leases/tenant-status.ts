import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * Sets each tenant's status from all of their leases (current, notice, future, past or none), by a
 * database function that sees leases of every property (migration 0034): a user who works on some
 * properties still sets the status a tenant's other leases make.
 */
export async function refreshTenantStatus(tx: Tx, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return;
  await tx.execute(sql`select refresh_tenant_status(${`{${[...new Set(tenantIds)].join(",")}}`}::uuid[])`);
}
