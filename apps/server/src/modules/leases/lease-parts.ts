import type { LeasePetInput } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { LeaseParty } from "./lease-references.ts";

/** Replaces the parties of a lease. */
export async function writeParties(
  tx: Tx,
  o: { orgId: string; leaseId: string; propertyId: string; parties: readonly LeaseParty[] },
) {
  await tx.execute(sql`delete from lease_parties where lease_id = ${o.leaseId}`);
  const rows = o.parties.map((p) => ({ tenant_id: p.tenantId, role: p.role }));
  await tx.execute(sql`
    insert into lease_parties (organization_id, lease_id, tenant_id, property_id, role)
    select ${o.orgId}, ${o.leaseId}, x.tenant_id, ${o.propertyId}, x.role
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(tenant_id uuid, role text)`);
}

/** Replaces the pets of a lease (nothing refers to a pet: its deposit is posted under the lease). */
export async function writePets(
  tx: Tx,
  o: { orgId: string; leaseId: string; propertyId: string; pets: readonly LeasePetInput[] },
) {
  await tx.execute(sql`delete from lease_pets where lease_id = ${o.leaseId}`);
  if (o.pets.length === 0) return;
  await tx.execute(sql`
    insert into lease_pets (organization_id, lease_id, property_id, kind, name, breed, weight_lbs, assistance_animal,
      pet_deposit_cents, pet_rent_cents, notes)
    select ${o.orgId}, ${o.leaseId}, ${o.propertyId}, x.kind, x.name, x.breed, x.weight_lbs::numeric, x.assistance_animal,
      x.pet_deposit_cents, x.pet_rent_cents, x.notes
    from jsonb_to_recordset(${JSON.stringify(o.pets)}::jsonb) as x(kind text, name text, breed text, weight_lbs text,
      assistance_animal boolean, pet_deposit_cents bigint, pet_rent_cents bigint, notes text)`);
}
