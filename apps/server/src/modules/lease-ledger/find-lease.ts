import { leaseLedgerMessages } from "@keyholder/contracts/lease-ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";

/** What a posting to a lease carries on its lines, and what its statement shows. */
export interface LeaseRef {
  id: string;
  leaseNo: number;
  propertyId: string;
  propertyName: string;
  tenantNames: string;
  unitNames: string;
  /** Its primary tenant and first unit: the dimensions of its lines. */
  tenantId: string | null;
  unitId: number | null;
}

/**
 * The lease as the request's user may see it (row-level security: their organization, and their
 * properties under a property scope); 404 otherwise, so another organization's lease is not there.
 */
export async function findLease(tx: Tx, orgId: string, id: string): Promise<LeaseRef> {
  const { rows } = (await tx.execute(sql`
    select l.id, l.lease_no, l.property_id, l.property_name, l.tenant_names, l.unit_names,
      (select p.tenant_id from lease_parties p where p.organization_id = l.organization_id and p.lease_id = l.id
        order by p.role <> 'primary', p.tenant_id limit 1) as tenant_id,
      (select u.unit_id from lease_units u where u.organization_id = l.organization_id and u.lease_id = l.id
        and u.unit_id is not null order by u.id limit 1) as unit_id
    from leases l where l.organization_id = ${orgId} and l.id = ${id}`)) as unknown as {
    rows: {
      id: string;
      lease_no: number | string;
      property_id: string;
      property_name: string;
      tenant_names: string;
      unit_names: string;
      tenant_id: string | null;
      unit_id: number | string | null;
    }[];
  };
  const row = rows[0];
  if (!row) throw notFound(leaseLedgerMessages.leaseNotFound);
  return {
    id: row.id,
    leaseNo: Number(row.lease_no),
    propertyId: row.property_id,
    propertyName: row.property_name,
    tenantNames: row.tenant_names,
    unitNames: row.unit_names,
    tenantId: row.tenant_id,
    unitId: row.unit_id === null ? null : Number(row.unit_id),
  };
}

/**
 * Serializes the postings of one lease until commit: the same advisory lock the open-items trigger
 * takes (lease_lock_key, migration tenant_ledger), taken here before reading what is open, so a
 * payment and a charge run never apply the same open cents twice.
 */
export async function lockLease(tx: Tx, orgId: string, leaseId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(27030, lease_lock_key(${orgId}::uuid, ${leaseId}::uuid))`);
}
