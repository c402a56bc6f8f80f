import { type ApplicantTenant, applicationMessages } from "@keyholder/contracts/applications";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";

interface ApplicationRow {
  status: string;
  full_name: string;
  email: string;
  phone: string;
  property_id: string;
  property_name: string;
  unit_id: number | null;
  unit_number: string | null;
  floor_plan_id: number | null;
  floor_plan_name: string | null;
  move_in_date: string | null;
}

/** "Ana María de la Cruz" → first "Ana", last "María de la Cruz"; one word is a first name. */
function splitName(full: string) {
  const words = full.trim().split(/\s+/);
  return { first: words[0] ?? "", last: words.slice(1).join(" ") || null };
}

/**
 * An approved application becomes a tenant (issue 27 item 11), once: the application's key on
 * tenants is unique, so a second click or a retry finds the tenant the first made. Answers what
 * the lease dialog is filled with (property, unit or floor plan, the move-in day as its start).
 */
export async function applicantToTenant(tx: Tx, actor: Actor, applicationId: string): Promise<ApplicantTenant> {
  const { rows } = (await tx.execute(sql`
    select a.status, a.full_name, a.email, a.phone, a.property_id, p.name as property_name,
      a.unit_id::float8 as unit_id, u.unit_number, a.floor_plan_id::float8 as floor_plan_id,
      a.floor_plan_name, a.move_in_date::text as move_in_date
    from applications a
    join properties p on p.organization_id = a.organization_id and p.id = a.property_id
    left join units u on u.organization_id = a.organization_id and u.unit_id = a.unit_id
    where a.organization_id = ${actor.orgId} and a.id = ${applicationId} and a.status <> 'draft'
    for update of a`)) as unknown as { rows: ApplicationRow[] };
  const app = rows[0];
  if (!app) throw notFound(applicationMessages.applicationNotFound);
  if (app.status !== "approved") throw new HttpError(409, "NOT_APPROVED", applicationMessages.approveFirst);

  const name = splitName(app.full_name);
  const inserted = (await tx.execute(sql`
    insert into tenants (organization_id, kind, first_name, last_name, name, email, phone, application_id, created_by, last_modified_by)
    values (${actor.orgId}, 'person', ${name.first}, ${name.last}, ${app.full_name.trim()}, ${app.email}, ${app.phone || null},
      ${applicationId}, ${actor.userId}, ${actor.userId})
    on conflict (organization_id, application_id) where application_id is not null do nothing
    returning id, name, email, phone`)) as unknown as {
    rows: { id: string; name: string; email: string | null; phone: string | null }[];
  };
  let tenant = inserted.rows[0];
  const created = tenant !== undefined;
  if (tenant) {
    await writeAudit(tx, actor, "tenant", [
      {
        action: "create",
        entityId: tenant.id,
        after: { name: tenant.name, email: tenant.email, phone: tenant.phone, application_id: applicationId },
      },
    ]);
  } else {
    const found = (await tx.execute(sql`
      select id, name, email, phone from tenants where organization_id = ${actor.orgId} and application_id = ${applicationId}`)) as unknown as {
      rows: { id: string; name: string; email: string | null; phone: string | null }[];
    };
    tenant = found.rows[0];
  }
  if (!tenant) throw notFound(applicationMessages.applicationNotFound);
  return {
    tenant: { id: String(tenant.id), name: tenant.name, email: tenant.email, phone: tenant.phone },
    created,
    lease: {
      application_id: applicationId,
      property_id: String(app.property_id),
      property_name: app.property_name,
      unit_id: app.unit_id === null ? null : Number(app.unit_id),
      unit_number: app.unit_number,
      floor_plan_id: app.floor_plan_id === null ? null : Number(app.floor_plan_id),
      floor_plan_name: app.floor_plan_name,
      start_date: app.move_in_date,
    },
  };
}
