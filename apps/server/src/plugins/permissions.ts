import { API_PREFIX } from "@keyholder/contracts/http";
import { canAny, permissionMessages } from "@keyholder/contracts/permissions";
import { twoFactorMessages } from "@keyholder/contracts/two-factor";
import { userAdminMessages } from "@keyholder/contracts/users";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { awaitingApproval, forbidden, unauthenticated } from "../lib/http-error.ts";
import { ROUTE_RULES, type RouteRule } from "./route-rules.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route: set from ROUTE_RULES for every /api/v1 route. */
    rule?: RouteRule;
  }
}

/** What a preview may still send: stopping it, signing out, signing in as someone. */
const PREVIEW_WRITES = new Set([
  "DELETE /auth/view-as",
  "POST /auth/logout",
  "POST /auth/login",
  "POST /auth/two-factor",
  // The assistant only reads: asking it changes nothing.
  "POST /ai/query",
]);

/** The rule of a route as registered (HEAD answers as its GET). */
export function ruleOf(method: string, url: string): RouteRule | undefined {
  const verb = method === "HEAD" ? "GET" : method;
  return ROUTE_RULES[`${verb} ${url.slice(API_PREFIX.length)}`];
}

/**
 * Enforces ROUTE_RULES on every request, in onRequest (before the body is read), so a user whose
 * role may not do something learns that, not what is wrong with their payload. The role comes from
 * the session, read from the database on every request: a changed role counts at once.
 */
export default fp(
  async function permissions(app: FastifyInstance) {
    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith(`${API_PREFIX}/`)) return;
      for (const method of [route.method].flat()) {
        const rule = ruleOf(method, route.url);
        if (!rule)
          throw new Error(`${method} ${route.url} has no rule in plugins/route-rules.ts: decide who may call it`);
        route.config = { ...route.config, rule };
      }
    });
    app.addHook("onRequest", async (request) => {
      const rule = request.routeOptions.config?.rule;
      // A preview of another user's workspace changes nothing (issue 13, item 6).
      if (request.auth?.viewer != null && request.method !== "GET" && request.method !== "HEAD") {
        const route = `${request.method} ${request.routeOptions.url?.slice(API_PREFIX.length)}`;
        if (!PREVIEW_WRITES.has(route)) throw forbidden(userAdminMessages.previewReadOnly, "PREVIEW_READ_ONLY");
      }
      if (!rule || rule === "public" || rule === "operator") return;
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      if (auth.awaitingApproval) throw awaitingApproval();
      if (rule === "signed-in") return;
      // Their account (where two-factor is set up) stays open to them; the organization's data does not.
      if (auth.twoFactorSetupRequired) throw forbidden(twoFactorMessages.setupRequired, "TWO_FACTOR_SETUP_REQUIRED");
      if (!canAny(auth.roleName, rule))
        throw forbidden(
          permissionMessages.denied(auth.roleLabel, typeof rule === "string" ? rule : (rule[0] ?? "records.view")),
        );
    });
  },
  { name: "permissions", dependencies: ["auth"] },
);
