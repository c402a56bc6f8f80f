import { type ResidentLease, residentMessages } from "@keyholder/contracts/resident";
import type { ResidentLeaseChoice } from "@keyholder/contracts/resident-account";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import type { ResidentContext } from "./resident-session.ts";

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The lease the portal shows: the one asked for, else the resident's current one (active or on
 * notice first, then the newest). Runs as keyholder_resident: another lease is simply not there.
 */
export function pickLease(resident: ResidentContext, asked?: string): string {
  const id = asked ?? resident.leaseIds[0];
  if (!id || !resident.leaseIds.includes(id))
    throw notFound(asked ? residentMessages.leaseNotFound : residentMessages.noLease);
  return id;
}

export async function readResidentLease(tx: Tx, orgId: string, leaseId: string): Promise<ResidentLease> {
  const [lease] = rows<Record<string, unknown>>(
    await tx.execute(sql`
      select l.id, l.lease_no, l.status, l.term, l.start_date::text as start_date, l.end_date::text as end_date,
        l.property_name, l.unit_names, l.rent_cents, l.deposit_cents, l.due_day,
        coalesce(b.balance_cents, 0) as balance_cents
      from leases l
      left join lease_balances b on b.organization_id = l.organization_id and b.lease_id = l.id
      where l.organization_id = ${orgId} and l.id = ${leaseId}`),
  );
  if (!lease) throw notFound(residentMessages.leaseNotFound);
  const parties = rows<{ name: string; role: string }>(
    await tx.execute(sql`select t.name, p.role from lease_parties p
      join tenants t on t.organization_id = p.organization_id and t.id = p.tenant_id
      where p.organization_id = ${orgId} and p.lease_id = ${leaseId}
      order by p.role <> 'primary', t.name`),
  );
  return {
    id: String(lease.id),
    lease_no: Number(lease.lease_no),
    status: lease.status as ResidentLease["status"],
    term: String(lease.term),
    start_date: String(lease.start_date),
    end_date: lease.end_date === null ? null : String(lease.end_date),
    property_name: String(lease.property_name),
    unit_names: String(lease.unit_names),
    rent_cents: Number(lease.rent_cents),
    deposit_cents: Number(lease.deposit_cents),
    due_day: Number(lease.due_day),
    parties,
    balance_cents: Number(lease.balance_cents),
  };
}

/** The portal's lease switcher: every lease of the resident, the current one first (as keyholder_resident). */
export async function listResidentLeases(tx: Tx, resident: ResidentContext): Promise<ResidentLeaseChoice[]> {
  const found = rows<Record<string, unknown>>(
    await tx.execute(sql`select id, lease_no, status, property_name, unit_names, start_date::text as start_date,
        end_date::text as end_date
      from leases where organization_id = ${resident.orgId} and id = any(${`{${resident.leaseIds.join(",")}}`}::uuid[])`),
  );
  const byId = new Map(found.map((l) => [String(l.id), l]));
  return resident.leaseIds.flatMap((id) => {
    const l = byId.get(id);
    if (!l) return [];
    return [
      {
        id,
        lease_no: Number(l.lease_no),
        status: String(l.status),
        property_name: String(l.property_name),
        unit_names: String(l.unit_names),
        start_date: String(l.start_date),
        end_date: l.end_date === null ? null : String(l.end_date),
      },
    ];
  });
}
