import { randomUUID } from "node:crypto";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { canAny, type Permission, ROLE_PERMISSIONS, type RoleName } from "@keyholder/contracts/permissions";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../test/test-app.ts";
import { asSystem } from "../db/client.ts";
import { hashPassword } from "../lib/passwords.ts";
import { ROUTE_RULES } from "./route-rules.ts";

const PASSWORD = "Role-Pass-123!";
const ROLES = ["ADMIN", "PROPERTY_MANAGER", "STAFF", "READ_ONLY"] as const satisfies readonly RoleName[];

/** Every route the app serves under /api/v1, read from its OpenAPI document ("GET /staff/:id"). */
async function servedRoutes(t: Awaited<ReturnType<typeof createTestApp>>) {
  const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith("/api/v1/"))
    .flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.slice(7).replace(/\{(\w+)\}/g, ":$1")}`),
    );
}

/** A concrete URL for a route pattern: ids that exist nowhere (uuids or numbers as the route takes them). */
const concrete = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_, name: string) =>
    name === "id" && /^\/(properties|staff|applicants)\//.test(pattern)
      ? randomUUID()
      : name === "slug"
        ? "nowhere"
        : "987654",
  );

describe("roles and permissions on every endpoint", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookies = new Map<RoleName, string>();

  beforeAll(async () => {
    t = await createTestApp();
    const org = await signedInOrganization(t, "Role Matrix");
    cookies.set("ADMIN", org.cookie);
    const hash = await hashPassword(PASSWORD);
    for (const role of ROLES.filter((r) => r !== "ADMIN")) {
      const email = `${role.toLowerCase()}@role-matrix.example`;
      await asSystem(t.db, (tx) =>
        tx.execute(sql`insert into users (organization_id, role_id, username, password_hash)
          values (${org.orgId}, (select id from roles where name = ${role}), ${email}, ${hash})`),
      );
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        payload: { username: email, password: PASSWORD },
      });
      const cookie = res.cookies.find((c) => c.name === "kh_session")?.value;
      if (!cookie) throw new Error(`login as ${role} failed: ${res.body}`);
      cookies.set(role, cookie);
    }
  });
  afterAll(() => t.close());

  it("has a rule for every route it serves, and no rule for a route it does not", async () => {
    const served = await servedRoutes(t);
    expect(served.length).toBeGreaterThan(80);
    expect(served.filter((r) => !(r in ROUTE_RULES))).toEqual([]);
    expect(Object.keys(ROUTE_RULES).filter((r) => !served.includes(r))).toEqual([]);
  });

  it("lets each role call exactly what its permissions allow", async () => {
    const served = await servedRoutes(t);
    const guarded = served.filter((r) => {
      const rule = ROUTE_RULES[r];
      return typeof rule !== "string" || !["public", "signed-in", "operator"].includes(rule);
    });
    const wrong: string[] = [];
    for (const role of ROLES) {
      for (const route of guarded) {
        const [method, pattern] = route.split(" ") as [string, string];
        const permission = ROUTE_RULES[route] as Permission | Permission[];
        const res = await t.app.inject({
          method: method as "GET",
          url: `/api/v1${concrete(pattern)}`,
          headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
          cookies: { kh_session: cookies.get(role) ?? "" },
          ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
        });
        const refused = res.statusCode === 403 && res.json().error.code === "FORBIDDEN";
        if (refused === canAny(role, permission) || res.statusCode === 401 || res.statusCode >= 500) {
          wrong.push(`${role} ${route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("says which role is refused what", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/properties/${randomUUID()}`,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: { kh_session: cookies.get("STAFF") ?? "" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("As Staff, you cannot delete properties");
  });

  it("puts the role's permissions in the session for the workspace to offer", async () => {
    for (const role of ROLES) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/v1/auth/session",
        cookies: { kh_session: cookies.get(role) ?? "" },
      });
      expect(res.json().user.permissions, role).toEqual([...ROLE_PERMISSIONS[role]]);
    }
  });
});
