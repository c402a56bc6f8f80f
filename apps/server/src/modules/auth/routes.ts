import {
  authMessages,
  checkOrganizationNameQuerySchema,
  createAccountRequestSchema,
  createAccountResponseSchema,
  existsQuerySchema,
  existsResponseSchema,
  loginRequestSchema,
  sessionSchema,
} from "@keyholder/contracts/auth";
import { errorCodes, errorMessages } from "@keyholder/contracts/errors";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, unauthenticated } from "../../lib/http-error.ts";
import { createRateLimiter, type RateCheck } from "../../lib/rate-limit.ts";
import { organizationNameExists, usernameExists } from "./availability.ts";
import { clearSessionCookie, setSessionCookie } from "./cookie.ts";
import { createAccount } from "./create-account.ts";
import { login } from "./login.ts";
import { sessionResponse } from "./session-response.ts";
import { createSession, deleteSession } from "./sessions.ts";

const WINDOW_MS = 15 * 60_000;

/** Answers 429 with Retry-After when the check is over its limit. */
function refuseOver(reply: FastifyReply, check: RateCheck, message: string) {
  if (check.allowed) return;
  reply.header("retry-after", String(check.retryAfterSeconds));
  throw new HttpError(429, errorCodes.rateLimited, message);
}

/** Sign-up, login, logout and the session (spec section 7), under /api/v1. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Failed logins per address and account (a guesser locks only their own attempts, never the
  // owner: OWASP's advice); all logins, sign-ups and availability checks per address.
  const accountFailures = createRateLimiter(app.db, { bucket: "login-failures", max: 10, windowMs: WINDOW_MS });
  const loginsPerIp = createRateLimiter(app.db, { bucket: "logins", max: 50, windowMs: WINDOW_MS });
  const signUpsPerIp = createRateLimiter(app.db, { bucket: "sign-ups", max: 20, windowMs: WINDOW_MS });
  const lookupsPerIp = createRateLimiter(app.db, { bucket: "lookups", max: 600, windowMs: WINDOW_MS });

  app.post(
    "/auth/create-account",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign up: a new organization and its owner; signs in unless the organization is waitlisted",
        body: createAccountRequestSchema,
        response: { 200: createAccountResponseSchema },
      },
    },
    async (request, reply) => {
      refuseOver(reply, await signUpsPerIp.allow(request.ip), errorMessages.rateLimited);
      const { user, waitlisted } = await createAccount(app.db, request.body, {
        autoApprove: app.env.AUTO_APPROVE_SIGNUPS,
      });
      if (waitlisted) return { waitlisted: true as const };
      const result = await app.asSystem(async (tx) => {
        const session = await createSession(tx, user, { userAgent: request.headers["user-agent"], ip: request.ip });
        return { token: session.token, body: await sessionResponse(tx, user, session.expiresAt) };
      });
      if (!result.body) throw new Error("new account vanished");
      setSessionCookie(app, reply, result.token);
      return { ...result.body, waitlisted: false as const };
    },
  );

  app.post(
    "/auth/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in with username (email) and password; sets the session cookie",
        body: loginRequestSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      const account = `${request.ip} ${request.body.username.trim().toLowerCase()}`;
      refuseOver(reply, await loginsPerIp.allow(request.ip), authMessages.loginRateLimited);
      refuseOver(reply, await accountFailures.blocked(account), authMessages.loginRateLimited);
      let result: Awaited<ReturnType<typeof login>>;
      try {
        result = await login(app.db, request.body, { userAgent: request.headers["user-agent"], ip: request.ip });
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401) await accountFailures.fail(account);
        throw err;
      }
      await accountFailures.reset(account);
      // A signed-in browser signing in again gets a fresh session; the old one ends.
      if (request.auth) await app.asSystem((tx) => deleteSession(tx, request.auth?.tokenHash ?? ""));
      const body = await app.asSystem((tx) => sessionResponse(tx, result.user, result.session.expiresAt));
      if (!body) throw new Error("signed-in user vanished");
      setSessionCookie(app, reply, result.session.token);
      return body;
    },
  );

  app.post(
    "/auth/logout",
    {
      schema: {
        tags: ["auth"],
        summary: "End the current session",
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const tokenHash = request.auth?.tokenHash;
      if (tokenHash) await app.asSystem((tx) => deleteSession(tx, tokenHash));
      clearSessionCookie(app, reply);
      return { ok: true as const };
    },
  );

  app.get(
    "/auth/session",
    { schema: { tags: ["auth"], summary: "The current session, or 401", response: { 200: sessionSchema } } },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      const body = await app.asSystem((tx) =>
        sessionResponse(tx, { organizationId: auth.orgId, id: auth.userId }, auth.expiresAt),
      );
      if (!body) throw unauthenticated();
      return body;
    },
  );

  app.get(
    "/auth/exists",
    {
      schema: {
        tags: ["auth"],
        summary: "Whether an account uses this email",
        querystring: existsQuerySchema,
        response: { 200: existsResponseSchema },
      },
    },
    async (request, reply) => {
      refuseOver(reply, await lookupsPerIp.allow(request.ip), errorMessages.rateLimited);
      return { exists: await app.asSystem((tx) => usernameExists(tx, request.query.username)) };
    },
  );

  app.get(
    "/auth/check-organization-name",
    {
      schema: {
        tags: ["auth"],
        summary: "Whether an organization already has this name",
        querystring: checkOrganizationNameQuerySchema,
        response: { 200: existsResponseSchema },
      },
    },
    async (request, reply) => {
      refuseOver(reply, await lookupsPerIp.allow(request.ip), errorMessages.rateLimited);
      return { exists: await app.asSystem((tx) => organizationNameExists(tx, request.query.name)) };
    },
  );
};

export default authRoutes;
