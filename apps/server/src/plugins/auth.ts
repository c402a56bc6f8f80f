import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { servedOverHttps } from "../env.ts";
import { findSession, touchSession } from "../lib/sessions.ts";

export const SESSION_COOKIE = "kh_session";
/** Behind HTTPS the cookie is Secure and __Host- prefixed (bound to this host, path /). */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

/** Reads the session cookie and sets request.auth; an unknown or expired token means signed out. */
export default fp(
  async function auth(app: FastifyInstance) {
    const cookieName = sessionCookieName(servedOverHttps(app.env));
    app.decorate("sessionCookieName", cookieName);
    app.addHook("onRequest", async (request) => {
      const token = request.cookies[cookieName];
      // Health answers for the process and its database, never for a user: no session lookup.
      if (!token || !request.url.startsWith("/api/") || request.url.startsWith("/api/health")) return;
      const found = await app.asSystem((tx) => findSession(tx, token));
      if (!found) return;
      const { seenLongAgo, ...session } = found;
      request.auth = session;
      // At most one write a minute per session, not one per request.
      if (seenLongAgo) void touchSession(app, session.tokenHash);
    });
  },
  { name: "auth", dependencies: ["org-context"] },
);

declare module "fastify" {
  interface FastifyInstance {
    sessionCookieName: string;
  }
}
