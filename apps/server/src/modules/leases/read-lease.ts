import type { LateFeeType, Lease, LeasePartyRole, PetKind } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { NOT_YET, shownOn, storedCharges } from "./lease-charges.ts";
import { leaseRowFrom, leaseRowSelect, toLeaseRow } from "./lease-row.ts";
import { rowsOf } from "./lease-sql.ts";

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** One lease with its parties, units, charge history and pets, or null (not the caller's). */
export async function readLease(tx: Tx, id: string): Promise<Lease | null> {
  const [r] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select ${leaseRowSelect}, l.moved_in_on::text as moved_in_on, l.notice_given_on::text as notice_given_on,
        l.moved_out_on::text as moved_out_on, l.due_day, l.grace_days, l.late_fee_type, l.late_fee_cents,
        l.late_fee_percent::text as late_fee_percent, l.late_fee_max_cents, l.application_id, l.renewed_from_id,
        (now() at time zone (select o.time_zone from organizations o where o.id = l.organization_id))::date::text as today
      from ${leaseRowFrom} where l.id = ${id}`,
  );
  if (!r) return null;
  const parties = await rowsOf<{
    tenant_id: string;
    name: string;
    role: LeasePartyRole;
    status: string;
    email: string | null;
    resident_portal: "none" | "invited" | "active";
  }>(
    tx,
    sql`select p.tenant_id, t.name, p.role, t.status, nullif(trim(t.email), '') as email,
      coalesce((select case when a.password_hash is null then 'invited' else 'active' end from resident_accounts a
        where a.organization_id = p.organization_id and (a.tenant_id = p.tenant_id
          or a.id = (select x.account_id from resident_account_tenants x
            where x.organization_id = p.organization_id and x.tenant_id = p.tenant_id))), 'none') as resident_portal
    from lease_parties p
      join tenants t on t.organization_id = p.organization_id and t.id = p.tenant_id
      where p.lease_id = ${id}
      order by array_position(array['primary', 'co_tenant', 'occupant', 'guarantor'], p.role), t.name`,
  );
  const units = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select lu.unit_id, lu.zone_id, coalesce(u.unit_number, z.name) as name, lu.starts_on::text as starts_on,
        lu.ends_on::text as ends_on, lu.holds
      from lease_units lu
      left join units u on u.organization_id = lu.organization_id and u.unit_id = lu.unit_id
      left join zones z on z.organization_id = lu.organization_id and z.id = lu.zone_id
      where lu.lease_id = ${id} order by lu.zone_id is not null, lu.id`,
  );
  const pets = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select id, kind, name, breed, weight_lbs::text as weight_lbs, assistance_animal, pet_deposit_cents,
        pet_rent_cents, notes from lease_pets where lease_id = ${id} order by id`,
  );
  const charges = await storedCharges(tx, id);
  const day = shownOn(String(r.today), String(r.start_date), text(r.end_date));
  return {
    ...toLeaseRow(r),
    moved_in_on: text(r.moved_in_on),
    notice_given_on: text(r.notice_given_on),
    moved_out_on: text(r.moved_out_on),
    due_day: Number(r.due_day),
    grace_days: Number(r.grace_days),
    late_fee: {
      type: String(r.late_fee_type) as LateFeeType,
      amount_cents: Number(r.late_fee_cents),
      percent: trimPercent(String(r.late_fee_percent)),
      max_cents: r.late_fee_max_cents === null ? null : Number(r.late_fee_max_cents),
    },
    application_id: text(r.application_id),
    renewed_from_id: text(r.renewed_from_id),
    parties: parties.map((p) => ({
      tenant_id: p.tenant_id,
      name: p.name,
      role: p.role,
      tenant_status: p.status,
      email: p.email,
      resident_portal: p.resident_portal,
    })),
    units: units.map((u) => ({
      unit_id: u.unit_id === null ? null : Number(u.unit_id),
      zone_id: u.zone_id === null ? null : Number(u.zone_id),
      name: String(u.name ?? ""),
      starts_on: String(u.starts_on),
      ends_on: text(u.ends_on),
      holds: Boolean(u.holds),
    })),
    recurring_charges: charges.map((c) => ({
      id: c.id,
      kind: c.kind,
      description: c.description,
      amount_cents: c.amount_cents,
      start_date: c.start_date,
      end_date: c.end_date,
      due_day: Number(r.due_day),
      next_period_start: c.next_period_start === NOT_YET ? null : c.next_period_start,
      in_effect: c.start_date <= day && (c.end_date === null || c.end_date >= day),
    })),
    pets: pets.map((p) => ({
      id: Number(p.id),
      kind: String(p.kind) as PetKind,
      name: text(p.name),
      breed: text(p.breed),
      weight_lbs: text(p.weight_lbs),
      assistance_animal: Boolean(p.assistance_animal),
      pet_deposit_cents: Number(p.pet_deposit_cents),
      pet_rent_cents: Number(p.pet_rent_cents),
      notes: text(p.notes),
    })),
  };
}

/** "7.5000" as people write it: "7.5". */
const trimPercent = (p: string) => (p.includes(".") ? p.replace(/\.?0+$/, "") : p) || "0";
