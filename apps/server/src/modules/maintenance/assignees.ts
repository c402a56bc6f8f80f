import { maintenanceMessages } from "@keyholder/contracts/maintenance";
import type { Assignee, VendorAssignee } from "@keyholder/contracts/maintenance-assignment";
import { ROLE_LABELS, type RoleName, rolesWith } from "@keyholder/contracts/permissions";
import { insuranceProblem } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { currentOrg } from "../../db/schema/common.ts";
import { notFound } from "../../lib/http-error.ts";
import { awaitingApprovalOf } from "../../lib/sessions.ts";
import { staffNameSql } from "./request-row.ts";
import { rowsOf } from "./request-sql.ts";

const WORKERS = rolesWith("maintenance.edit");

export interface Candidate extends Assignee {
  /** Whether the person can take the work: role, property and standing. */
  can_work: boolean;
  works_on_property: boolean;
  enabled: boolean;
}

/**
 * The organization's users who could be given a request on `propertyId`, with what stands in the
 * way of each: a role that does not work requests, another property, an account that cannot sign
 * in. `only`: one user (the assignment's check), else those who can take it, busiest last.
 */
export async function candidatesFor(tx: Tx, propertyId: string, only?: number): Promise<Candidate[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select au.id, ${staffNameSql} as name, ro.name as role,
        ro.name in (${sql.join(
          WORKERS.map((r) => sql`${r}`),
          sql`, `,
        )}) as can_work,
        (ro.name = 'ADMIN' or au.all_properties or exists (select 1 from user_properties up
          where up.organization_id = au.organization_id and up.user_id = au.id and up.property_id = ${propertyId}))
          as works_on_property,
        (au.enabled and not au.banned and not au.locked and not au.waitlisted
          and not ${awaitingApprovalOf({ organizationId: sql`au.organization_id`, id: sql`au.id` }, sql`ro.name`)}) as enabled,
        (select count(*) from maintenance_requests r where r.organization_id = au.organization_id
          and r.assigned_user_id = au.id and r.status not in ('completed', 'canceled'))::int as open_requests
      from users au
      join roles ro on ro.id = au.role_id
      left join persons ap on ap.organization_id = au.organization_id and ap.id = au.person_id
      where ${only === undefined ? sql`true` : sql`au.id = ${only}`}
      order by open_requests, name`,
  );
  const candidates = rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    role: ROLE_LABELS[r.role as RoleName] ?? String(r.role),
    open_requests: Number(r.open_requests),
    can_work: r.can_work === true,
    works_on_property: r.works_on_property === true,
    enabled: r.enabled === true,
  }));
  return only === undefined ? candidates.filter((c) => c.can_work && c.works_on_property && c.enabled) : candidates;
}

/**
 * The organization's vendors a request in `category` could be given to, those whose trades include
 * it first, then the least busy, each with what `insuranceProblem` says on the organization's today
 * (a warning, never a refusal). `only`: one vendor (the assignment's check).
 */
export async function vendorCandidates(tx: Tx, category: string, only?: string): Promise<VendorAssignee[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select v.id, v.name, ${category} = any(v.trades) as trade_matches,
        coalesce(trim(v.email), '') <> '' as has_email, v.insurance_expires_on::text as insurance_expires_on,
        (select (now() at time zone o.time_zone)::date::text from organizations o where o.id = ${currentOrg}) as today,
        (select count(*) from maintenance_requests r where r.organization_id = v.organization_id
          and r.vendor_id = v.id and r.status not in ('completed', 'canceled'))::int as open_requests
      from vendors v
      where ${only === undefined ? sql`true` : sql`v.id = ${only}`}
      order by trade_matches desc, open_requests, v.name, v.id`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    trade_matches: r.trade_matches === true,
    has_email: r.has_email === true,
    insurance_problem: insuranceProblem(
      { insurance_expires_on: r.insurance_expires_on === null ? null : String(r.insurance_expires_on) },
      String(r.today),
    ),
    open_requests: Number(r.open_requests),
  }));
}

/** Who a request can be assigned to (GET /maintenance-requests/{id}/assignees); a technician sees themselves only. */
export async function listAssignees(
  tx: Tx,
  id: string,
  technicianId: number | null,
): Promise<{ assignees: Assignee[]; vendors: VendorAssignee[] }> {
  const [request] = await rowsOf<{ property_id: string; category: string }>(
    tx,
    sql`select property_id, category from maintenance_requests where id = ${id}`,
  );
  if (!request) throw notFound(maintenanceMessages.notFound);
  const candidates = await candidatesFor(tx, request.property_id);
  return {
    assignees: candidates
      .filter((c) => technicianId === null || c.id === technicianId)
      .map(({ id, name, role, open_requests }) => ({ id, name, role, open_requests })),
    // A technician takes work themselves; giving it to a vendor is a manager's.
    vendors: technicianId === null ? await vendorCandidates(tx, request.category) : [],
  };
}
