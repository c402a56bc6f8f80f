import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { sql } from "drizzle-orm";
import type { E2e } from "./harness.ts";

type Rows<T> = { rows: T[] };

/**
 * The start the maintenance, vendor and resident tests share: the organization of an owner who
 * signed up, with one property, Harbor Lofts, and its unit 4B. `one` runs a statement as the system
 * and answers its first row, for what each test adds on top.
 */
export async function harborLofts(e2e: E2e, ownerEmail: string) {
  const one = async <T>(query: ReturnType<typeof sql>) =>
    e2e.app.asSystem(async (tx) => ((await tx.execute(query)) as unknown as Rows<T>).rows[0] as T);
  const org = await one<{ id: string }>(
    sql`select organization_id as id from users where username = ${ownerEmail.toLowerCase()}`,
  );
  const property = await one<{ id: string }>(sql`insert into properties (organization_id, name, property_type_id)
    values (${org.id}, 'Harbor Lofts', (select id from property_types order by id limit 1)) returning id`);
  const unit = await one<{ unit_id: number }>(sql`insert into units (organization_id, property_id, unit_number)
    values (${org.id}, ${property.id}, '4B') returning unit_id`);
  return { one, orgId: org.id, propertyId: property.id, unitId: unit.unit_id };
}

/**
 * The owner signed in through the real login route, and the API called as them: what the tests
 * set up behind the screens they drive. `cookies` go beside the owner's session (a resident's, say).
 */
export async function ownerApi(e2e: E2e, owner: { email: string; password: string }) {
  const login = await e2e.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    payload: { username: owner.email, password: owner.password },
  });
  const session = login.cookies.find((c) => c.name === "kh_session")?.value ?? "";
  return (method: "GET" | "POST", url: string, payload?: object, cookies: Record<string, string> = {}) =>
    e2e.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: { kh_session: session, ...cookies },
      ...(payload ? { payload } : {}),
    });
}
