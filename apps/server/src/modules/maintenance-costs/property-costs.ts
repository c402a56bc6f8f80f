import type { maintenanceCostsQuerySchema, propertyCostsSchema } from "@keyholder/contracts/maintenance-costs";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { rowsOf } from "../maintenance/request-sql.ts";

type Query = z.output<typeof maintenanceCostsQuerySchema>;
type PropertyCosts = z.infer<typeof propertyCostsSchema>;

/**
 * Costs per property for a span of days (the lines' `incurred_on`; what was billed, by the charge's
 * day): labor, material, other, billable and billed, for the accounting's vendor bills. Starts from
 * the lines of the span (their (organization, day) index) and the billed requests (a partial index),
 * or from one property's requests; the caller's property scope applies through row-level security.
 */
export async function propertyCosts(tx: Tx, orgId: string, q: Query): Promise<{ properties: PropertyCosts[] }> {
  const from = q.from ?? null;
  const to = q.to ?? null;
  const property = q.property_id ? sql`and r.property_id = ${q.property_id}` : sql``;
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`with per as (
        select r.property_id, c.request_id,
          sum(c.amount_cents) filter (where c.kind = 'labor') as labor,
          sum(c.amount_cents) filter (where c.kind = 'material') as material,
          sum(c.amount_cents) filter (where c.kind = 'other') as other,
          sum(c.amount_cents) as total,
          sum(c.amount_cents) filter (where c.billable) as billable,
          0 as billed
        from maintenance_request_costs c
        join maintenance_requests r on r.organization_id = c.organization_id and r.id = c.request_id
        where c.organization_id = ${orgId}
          and (${from}::date is null or c.incurred_on >= ${from}::date)
          and (${to}::date is null or c.incurred_on <= ${to}::date) ${property}
        group by r.property_id, c.request_id
        union all
        select r.property_id, r.id, 0, 0, 0, 0, 0, r.billed_cents
        from maintenance_requests r
        where r.organization_id = ${orgId} and r.billed_on is not null
          and (${from}::date is null or r.billed_on >= ${from}::date)
          and (${to}::date is null or r.billed_on <= ${to}::date) ${property}
      )
      select per.property_id, coalesce(p.name, '') as property_name, count(distinct per.request_id) as requests,
        coalesce(sum(labor), 0) as labor_cents, coalesce(sum(material), 0) as material_cents,
        coalesce(sum(other), 0) as other_cents, coalesce(sum(total), 0) as total_cents,
        coalesce(sum(billable), 0) as billable_cents, coalesce(sum(billed), 0) as billed_cents
      from per left join properties p on p.organization_id = ${orgId} and p.id = per.property_id
      group by per.property_id, p.name
      order by p.name, per.property_id`,
  );
  return {
    properties: rows.map((r) => ({
      property_id: String(r.property_id),
      property_name: String(r.property_name),
      requests: Number(r.requests),
      labor_cents: Number(r.labor_cents),
      material_cents: Number(r.material_cents),
      other_cents: Number(r.other_cents),
      total_cents: Number(r.total_cents),
      billable_cents: Number(r.billable_cents),
      billed_cents: Number(r.billed_cents),
    })),
  };
}
