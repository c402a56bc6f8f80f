import {
  accountMessages,
  accountSessionListSchema,
  changePasswordRequestSchema,
  sessionIdParamsSchema,
  updateProfileRequestSchema,
} from "@keyholder/contracts/account";
import { sessionSchema } from "@keyholder/contracts/auth";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessions } from "../../db/schema/index.ts";
import type { AuthContext } from "../../lib/auth-context.ts";
import { notFound, unauthenticated } from "../../lib/http-error.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { deleteOtherSessions } from "../../lib/sessions.ts";
import { sessionResponse } from "../auth/session-response.ts";
import { changePassword } from "./change-password.ts";
import { updateProfile } from "./update-profile.ts";

const iso = (v: string) => new Date(v).toISOString();
const ok = z.object({ ok: z.literal(true) });

/** The signed-in user's own account: details, password and sessions. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireAuth);
  const me = (request: { auth: AuthContext | null }) => {
    if (!request.auth) throw unauthenticated();
    return request.auth;
  };

  app.patch(
    "/account/profile",
    {
      schema: {
        tags: ["account"],
        summary: "Edit your own names, preferred name and phone; answers the updated session",
        body: updateProfileRequestSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request) => {
      const auth = me(request);
      const session = await request.withOrg(async (tx) => {
        await updateProfile(tx, auth, request.body);
        return sessionResponse(tx, { organizationId: auth.orgId, id: auth.userId }, auth.expiresAt, auth.viewer);
      });
      if (!session) throw unauthenticated();
      return session;
    },
  );

  app.post(
    "/account/password",
    {
      schema: {
        tags: ["account"],
        summary: "Change your password (current password required); ends your other sessions",
        body: changePasswordRequestSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      const auth = me(request);
      await request.withOrg((tx) => changePassword(tx, auth, request.body));
      return { ok: true as const };
    },
  );

  app.get(
    "/account/sessions",
    { schema: { tags: ["account"], summary: "Your active sessions", response: { 200: accountSessionListSchema } } },
    async (request) => {
      const auth = me(request);
      const rows = await request.withOrg((tx) =>
        tx.select().from(sessions).where(eq(sessions.userId, auth.userId)).orderBy(desc(sessions.lastSeenAt)),
      );
      return {
        sessions: rows
          .filter((s) => Date.parse(s.expiresAt) > Date.now())
          .map((s) => ({
            id: s.tokenHash,
            user_agent: s.userAgent,
            ip: s.ip,
            created_at: iso(s.createdAt),
            last_seen_at: iso(s.lastSeenAt),
            expires_at: iso(s.expiresAt),
            current: s.tokenHash === auth.tokenHash,
          })),
      };
    },
  );

  app.delete(
    "/account/sessions/:id",
    {
      schema: {
        tags: ["account"],
        summary: "End one of your sessions",
        params: sessionIdParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      const auth = me(request);
      const ended = await request.withOrg((tx) =>
        tx
          .delete(sessions)
          .where(and(eq(sessions.userId, auth.userId), eq(sessions.tokenHash, request.params.id)))
          .returning({ id: sessions.tokenHash }),
      );
      if (ended.length === 0) throw notFound(accountMessages.sessionNotFound);
      return { ok: true as const };
    },
  );

  app.delete(
    "/account/sessions",
    { schema: { tags: ["account"], summary: "End all your sessions but this one", response: { 200: ok } } },
    async (request) => {
      const auth = me(request);
      await request.withOrg((tx) =>
        deleteOtherSessions(tx, { organizationId: auth.orgId, id: auth.userId }, auth.tokenHash),
      );
      return { ok: true as const };
    },
  );
};

export default accountRoutes;
