import { addMonths, todayIn } from "@keyholder/contracts/civil-date";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { type E2e, signIn } from "./harness.ts";

type Rows<T> = { rows: T[] };

/**
 * A new organization, signed in, with one property (Elm Court, unit 101), a tenant (Dana Mover) and
 * a lease moved in two months ago ($1,500 deposit, $1,200 rent), made through the API as the
 * screens make them; `api` posts more as the administrator.
 */
export async function organizationWithLease(e2e: E2e, name: string, viewport?: { width: number; height: number }) {
  const owner = await e2e.signUp({ email: `${name}@example.com`, company_name: `${name} Rentals` });
  const page = await signIn(e2e, owner, viewport);
  const cookie = (await page.context().cookies()).find((c) => c.name === "kh_session")?.value ?? "";
  const api = async (url: string, payload: object) => {
    const res = await e2e.app.inject({
      method: "POST",
      url: `/api/v1${url}`,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: { kh_session: cookie },
      payload,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const today = todayIn("America/New_York");
  const start = addMonths(`${today.slice(0, 7)}-01`, -2);
  const ids = await e2e.app.asSystem(async (tx) => {
    const [org] = (
      (await tx.execute(
        sql`select organization_id as id from users where username = ${owner.email.toLowerCase()}`,
      )) as unknown as Rows<{ id: string }>
    ).rows;
    const [property] = (
      (await tx.execute(sql`insert into properties (organization_id, name, property_type_id)
        values (${org?.id}, 'Elm Court', (select id from property_types order by id limit 1)) returning id`)) as unknown as Rows<{
        id: string;
      }>
    ).rows;
    const [unit] = (
      (await tx.execute(sql`insert into units (organization_id, property_id, unit_number)
        values (${org?.id}, ${property?.id}, '101') returning unit_id`)) as unknown as Rows<{ unit_id: number }>
    ).rows;
    const [tenant] = (
      (await tx.execute(sql`insert into tenants (organization_id, name) values (${org?.id}, 'Dana Mover')
        returning id`)) as unknown as Rows<{ id: string }>
    ).rows;
    return { propertyId: property?.id ?? "", unitId: Number(unit?.unit_id), tenantId: tenant?.id ?? "" };
  });
  const deposit = 150_000;
  const rent = 120_000;
  const created = await api("/leases", {
    property_id: ids.propertyId,
    units: [{ unit_id: ids.unitId }],
    parties: [{ tenant_id: ids.tenantId, role: "primary" }],
    term: "fixed",
    start_date: start,
    end_date: addMonths(start, 12),
    rent_cents: rent,
    deposit_cents: deposit,
  });
  const leaseId = created.lease.id as string;
  await api(`/leases/${leaseId}/move-in`, {});
  return { page, leaseId, propertyId: ids.propertyId, api, deposit, rent, start, today };
}
