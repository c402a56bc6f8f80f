import { MAINTENANCE_CATEGORIES, type MaintenanceCategory } from "@keyholder/contracts/maintenance";
import type { CostFigures, MaintenanceCost, MaintenanceRangeQuery } from "@keyholder/contracts/maintenance-reports";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { reportRangeAndProperty } from "../../lib/reports/report-property.ts";
import { rowsOf } from "../maintenance/request-sql.ts";

type Group = {
  by_property: number;
  by_category: number;
  by_vendor: number;
  property_id: string | null;
  property_name: string | null;
  category: MaintenanceCategory | null;
  vendor_id: string | null;
  vendor_name: string | null;
  requests: string;
  labor: string;
  material: string;
  other: string;
  total: string;
  billable: string;
};

const figures = (g: Group): CostFigures => ({
  requests: Number(g.requests),
  labor_cents: Number(g.labor),
  material_cents: Number(g.material),
  other_cents: Number(g.other),
  total_cents: Number(g.total),
  billable_cents: Number(g.billable),
});

/**
 * GET /reports/maintenance-cost: the cost lines of a span of days (their day of work, from the
 * lines' (organization, day) index) summed by the request's property, by its category and by the
 * vendor who did the work (the vendor of the line's work order; for a line of no order, the
 * request's vendor), in one statement of grouping sets; a request counts once in each group however
 * many lines it has. The caller's property scope applies through row-level security.
 */
export async function readMaintenanceCost(tx: Tx, orgId: string, q: MaintenanceRangeQuery): Promise<MaintenanceCost> {
  const { from, to, property } = await reportRangeAndProperty(tx, orgId, q);
  const groups = await rowsOf<Group>(
    tx,
    sql`
    with lines as (
      select c.request_id, c.kind, c.amount_cents, c.billable, r.property_id, r.property_name, r.category,
        case when w.id is null then r.vendor_id else w.vendor_id end as vendor_id,
        case when w.id is null then v.name else coalesce(wv.name, w.assignee_name) end as vendor_name
      from maintenance_request_costs c
      join maintenance_requests r on r.organization_id = c.organization_id and r.id = c.request_id
      left join maintenance_work_orders w on w.organization_id = c.organization_id and w.id = c.work_order_id
      left join vendors wv on wv.organization_id = w.organization_id and wv.id = w.vendor_id
      left join vendors v on v.organization_id = r.organization_id and v.id = r.vendor_id
      where c.organization_id = ${orgId} and c.incurred_on between ${from}::date and ${to}::date
        ${property ? sql`and r.property_id = ${property.id}::uuid` : sql``}
    )
    select grouping(property_id) = 0 as by_property, grouping(category) = 0 as by_category,
      grouping(vendor_id) = 0 as by_vendor, property_id, max(property_name) as property_name, category,
      vendor_id, max(vendor_name) as vendor_name, count(distinct request_id) as requests,
      coalesce(sum(amount_cents) filter (where kind = 'labor'), 0) as labor,
      coalesce(sum(amount_cents) filter (where kind = 'material'), 0) as material,
      coalesce(sum(amount_cents) filter (where kind = 'other'), 0) as other,
      coalesce(sum(amount_cents), 0) as total,
      coalesce(sum(amount_cents) filter (where billable), 0) as billable
    from lines
    group by grouping sets ((property_id), (category), (vendor_id), ())`,
  );
  const total = groups.find((g) => !g.by_property && !g.by_category && !g.by_vendor);
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    from,
    to,
    property,
    by_property: groups
      .filter((g) => g.by_property)
      .map((g) => ({ property: { id: String(g.property_id), name: g.property_name ?? "" }, ...figures(g) }))
      .sort((a, b) => byName(a.property, b.property)),
    by_category: MAINTENANCE_CATEGORIES.flatMap((category) => {
      const g = groups.find((x) => x.by_category && x.category === category);
      return g ? [{ category, ...figures(g) }] : [];
    }),
    by_vendor: groups
      .filter((g) => g.by_vendor)
      .map((g) => ({
        vendor: g.vendor_id ? { id: g.vendor_id, name: g.vendor_name ?? "" } : null,
        ...figures(g),
      }))
      // Vendors by name, then the work of our own staff (or nobody's).
      .sort((a, b) => (a.vendor && b.vendor ? byName(a.vendor, b.vendor) : a.vendor ? -1 : b.vendor ? 1 : 0)),
    total: total
      ? figures(total)
      : { requests: 0, labor_cents: 0, material_cents: 0, other_cents: 0, total_cents: 0, billable_cents: 0 },
  };
}
