import type { RenewalOffer, RenewalStatus } from "@keyholder/contracts/lease-lifecycle";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isoTimestampSql } from "../../lib/list-sql.ts";
import { rowsOf } from "../leases/lease-sql.ts";

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const trimPercent = (p: string) => (p.includes(".") ? p.replace(/\.?0+$/, "") : p) || "0";

/** Renewal offers with their lease's names, newest first (at most 500: a window's offers). */
export async function readOffers(tx: Tx, where: SQL): Promise<RenewalOffer[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select o.id, o.lease_id, l.lease_no, l.tenant_names, l.unit_names, l.property_name, o.status, o.term, o.months,
        o.starts_on::text as starts_on, o.ends_on::text as ends_on, o.current_rent_cents, o.rent_change,
        o.increase_cents, o.increase_percent::text as increase_percent, o.rent_cents, o.decided_on::text as decided_on,
        ${isoTimestampSql(sql`o.created_date`)} as created_date
      from renewal_offers o join leases l on l.organization_id = o.organization_id and l.id = o.lease_id
      where ${where} order by o.created_date desc, o.id limit 500`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    lease_id: String(r.lease_id),
    lease_no: Number(r.lease_no),
    tenant_names: String(r.tenant_names),
    unit_names: String(r.unit_names),
    property_name: String(r.property_name),
    status: String(r.status) as RenewalStatus,
    term: String(r.term) as RenewalOffer["term"],
    months: r.months === null ? null : Number(r.months),
    starts_on: String(r.starts_on),
    ends_on: text(r.ends_on),
    current_rent_cents: Number(r.current_rent_cents),
    rent_change: String(r.rent_change) as RenewalOffer["rent_change"],
    increase_cents: r.increase_cents === null ? null : Number(r.increase_cents),
    increase_percent: r.increase_percent === null ? null : trimPercent(String(r.increase_percent)),
    rent_cents: Number(r.rent_cents),
    decided_on: text(r.decided_on),
    created_date: String(r.created_date),
  }));
}

/** GET /renewal-offers: the organization's offers (those the user's properties allow), by status and property. */
export const listRenewalOffers = (
  tx: Tx,
  q: { status?: RenewalStatus | undefined; property_id?: string | undefined },
) =>
  readOffers(
    tx,
    sql`true ${q.status ? sql`and o.status = ${q.status}` : sql``} ${q.property_id ? sql`and o.property_id = ${q.property_id}` : sql``}`,
  );

/** GET /leases/{id}/renewal-offers. */
export const leaseRenewalOffers = (tx: Tx, leaseId: string) => readOffers(tx, sql`o.lease_id = ${leaseId}`);
