import { isTechnicianRole } from "@keyholder/contracts/permissions";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type Tx, withOrg } from "../db/client.ts";
import type { AuthContext } from "../lib/auth-context.ts";
import { awaitingApproval, unauthenticated } from "../lib/http-error.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the auth plugin from the session cookie; null when signed out. */
    auth: AuthContext | null;
    /**
     * A transaction confined by row-level security to the signed-in user's organization. The
     * organization always comes from the session, never from the request.
     */
    withOrg<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  }
}

export default fp(
  async function orgContext(app: FastifyInstance) {
    app.decorateRequest("auth", null);
    app.decorateRequest("withOrg", function withOrgOfRequest<
      T,
    >(this: { auth: AuthContext | null }, fn: (tx: Tx) => Promise<T>) {
      const auth = this.auth;
      if (!auth) throw unauthenticated();
      if (auth.awaitingApproval) throw awaitingApproval();
      return withOrg(
        app.db,
        {
          orgId: auth.orgId,
          userId: auth.userId,
          propertyIds: auth.propertyIds,
          technician: isTechnicianRole(auth.roleName),
        },
        fn,
      );
    });
  },
  { name: "org-context" },
);
