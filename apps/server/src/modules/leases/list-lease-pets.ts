import type { LeaseStatus, PetKind } from "@keyholder/contracts/leases";
import { LEASE_PET_COLUMNS, type LeasePetRow, type leasePetListQuerySchema } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { centsColumn, listSql, nullableText, pageOf } from "../../lib/list-sql.ts";

const { columns, sortKeys } = listSql(LEASE_PET_COLUMNS, {
  lease_no: { expr: sql`l.lease_no`, integer: true },
  tenant_names: { expr: sql`l.tenant_names` },
  property_name: { expr: sql`l.property_name` },
  unit_names: { expr: sql`l.unit_names` },
  kind: { expr: sql`p.kind` },
  name: { expr: sql`p.name`, nullable: true },
  breed: { expr: sql`p.breed`, nullable: true },
  weight_lbs: { expr: sql`p.weight_lbs`, nullable: true },
  assistance_animal: { expr: sql`(case when p.assistance_animal then 'Yes' else 'No' end)` },
  pet_deposit_cents: centsColumn(sql`p.pet_deposit_cents`),
  pet_rent_cents: centsColumn(sql`p.pet_rent_cents`),
});

const select = sql`p.id, p.lease_id, p.kind, p.name, p.breed, p.weight_lbs::text as weight_lbs, p.assistance_animal,
  p.pet_deposit_cents, p.pet_rent_cents, p.notes, l.lease_no, l.status as lease_status, l.tenant_names,
  l.property_id, l.property_name, l.unit_names`;
const from = sql`lease_pets p join leases l on l.organization_id = p.organization_id and l.id = p.lease_id`;

/** Tenants > Pets: the pets on the leases the caller may see, with their lease, tenants, property and units. */
export async function listLeasePets(tx: Tx, q: z.infer<typeof leasePetListQuerySchema>) {
  const { rows, total } = await pageOf(tx, {
    select,
    from,
    columns,
    sortKeys,
    tieBreaker: sql`p.id`,
    query: q,
  });
  const pets = rows.map(
    (r): LeasePetRow => ({
      id: Number(r.id),
      lease_id: String(r.lease_id),
      lease_no: Number(r.lease_no),
      lease_status: String(r.lease_status) as LeaseStatus,
      tenant_names: String(r.tenant_names),
      property_id: String(r.property_id),
      property_name: String(r.property_name),
      unit_names: String(r.unit_names),
      kind: String(r.kind) as PetKind,
      name: nullableText(r.name),
      breed: nullableText(r.breed),
      weight_lbs: nullableText(r.weight_lbs),
      assistance_animal: Boolean(r.assistance_animal),
      pet_deposit_cents: Number(r.pet_deposit_cents),
      pet_rent_cents: Number(r.pet_rent_cents),
      notes: nullableText(r.notes),
    }),
  );
  return { pets, offset: q.offset, count: pets.length, total_count: total };
}
