import {
  authMessages,
  checkOrganizationNameQuerySchema,
  createAccountRequestSchema,
  createAccountResponseSchema,
  existsQuerySchema,
  existsResponseSchema,
  type LoginRequest,
  loginRequestSchema,
  sessionSchema,
} from "@keyholder/contracts/auth";
import { errorMessages } from "@keyholder/contracts/errors";
import { inviteMessages, staffLoginSchema, staffSignupSchema } from "@keyholder/contracts/staff";
import { loginAnswerSchema, twoFactorCodeSchema, twoFactorMessages } from "@keyholder/contracts/two-factor";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, unauthenticated } from "../../lib/http-error.ts";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { createRateLimiter, refuseOver } from "../../lib/rate-limit.ts";
import { createSession, deleteSession } from "../../lib/sessions.ts";
import { issueVerificationLink } from "../email-verification/verification-link.ts";
import { acceptWithAccount, staffSignup } from "../staff/accept-invitation.ts";
import { type ApprovalRequest, approvalMails } from "../staff/awaiting-approval.ts";
import { twoFactorLockMail } from "../two-factor/lock-mail.ts";
import { openTotpSecret } from "../two-factor/stored-secret.ts";
import { verifyChallenge } from "../two-factor/verify-challenge.ts";
import { organizationNameExists, usernameExists } from "./availability.ts";
import {
  challengeCookieName,
  clearChallengeCookie,
  clearSessionCookie,
  setChallengeCookie,
  setSessionCookie,
} from "./cookie.ts";
import { createAccount } from "./create-account.ts";
import { login } from "./login.ts";
import { sessionResponse } from "./session-response.ts";

const WINDOW_MS = 15 * 60_000;

/** Sign-up, login, logout and the session (spec section 7), under /api/v1. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Failed logins per address and account (a guesser locks only their own attempts, never the
  // owner: OWASP's advice); all logins, sign-ups and availability checks per address.
  const accountFailures = createRateLimiter(app.db, { bucket: "login-failures", max: 10, windowMs: WINDOW_MS });
  const loginsPerIp = createRateLimiter(app.db, { bucket: "logins", max: 50, windowMs: WINDOW_MS });
  const signUpsPerIp = createRateLimiter(app.db, { bucket: "sign-ups", max: 20, windowMs: WINDOW_MS });
  const lookupsPerIp = createRateLimiter(app.db, { bucket: "lookups", max: 600, windowMs: WINDOW_MS });
  const baseUrl = publicUrl(app.env);

  /** After an acceptance has committed: the administrators who approve staff are emailed. */
  async function askForApproval(approval: ApprovalRequest | null) {
    for (const mail of approval ? approvalMails(approval, baseUrl) : []) await app.mailer.send(mail);
  }

  /**
   * Checks the password (rate limited per address and per account), opens a new session and sets
   * its cookie; `beforeSession` runs in the login's transaction (accepting an invitation).
   */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    credentials: LoginRequest,
    beforeSession?: Parameters<typeof login>[3],
  ) {
    const account = `${request.ip} ${credentials.username.trim().toLowerCase()}`;
    refuseOver(reply, await loginsPerIp.allow(request.ip), authMessages.loginRateLimited);
    refuseOver(reply, await accountFailures.blocked(account), authMessages.loginRateLimited);
    let result: Awaited<ReturnType<typeof login>>;
    try {
      const meta = { userAgent: request.headers["user-agent"], ip: request.ip };
      result = await login(app.db, credentials, meta, beforeSession);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 401) await accountFailures.fail(account);
      throw err;
    }
    await accountFailures.reset(account);
    if (result.challenge) {
      setChallengeCookie(app, reply, result.challenge.token);
      return { two_factor_required: true as const, expires_at: result.challenge.expiresAt };
    }
    return startSession(request, reply, result.user, result.session);
  }

  /** A signed-in browser signing in again gets a fresh session; the old one ends. */
  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { organizationId: string; id: number },
    session: { token: string; expiresAt: string },
  ) {
    if (request.auth) await app.asSystem((tx) => deleteSession(tx, request.auth?.tokenHash ?? ""));
    const body = await app.asSystem((tx) => sessionResponse(tx, user, session.expiresAt));
    if (!body) throw new Error("signed-in user vanished");
    setSessionCookie(app, reply, session.token);
    return body;
  }

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
      // The account works at once; the owner confirms the address by the mailed link meanwhile.
      const mail = await app.asSystem((tx) => issueVerificationLink(tx, user, publicUrl(app.env)));
      if (mail) await app.mailer.send(mail);
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
        summary:
          "Sign in with username (email) and password; sets the session cookie, or, with two-factor sign-in on, answers two_factor_required and waits for POST /auth/two-factor",
        body: loginRequestSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request, reply) => signIn(request, reply, request.body),
  );

  app.post(
    "/auth/staff-signup",
    {
      schema: {
        tags: ["auth"],
        summary:
          "Accept a staff invitation with a new account (the invited email, Staff role); signs in, waiting for approval",
        body: staffSignupSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      refuseOver(reply, await signUpsPerIp.allow(request.ip), errorMessages.rateLimited);
      const meta = { userAgent: request.headers["user-agent"], ip: request.ip };
      const { user, approval, session } = await app
        .asSystem(async (tx) => {
          const { user, approval } = await staffSignup(tx, request.body);
          return { user, approval, session: await createSession(tx, user, meta) };
        })
        .catch((err: unknown) => {
          // Two sign-ups racing for one email: the loser hears what a late one would.
          const e = err as { constraint?: string; cause?: { constraint?: string } };
          if ((e.constraint ?? e.cause?.constraint) === "users_username_key") {
            throw new HttpError(409, "ACCOUNT_EXISTS", inviteMessages.accountExists);
          }
          throw err;
        });
      await askForApproval(approval);
      return startSession(request, reply, user, session);
    },
  );

  app.post(
    "/auth/staff-login",
    {
      schema: {
        tags: ["auth"],
        summary: "Accept a staff invitation by signing in with the account it was sent to",
        body: staffLoginSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request, reply) => {
      const { invite_guid: token, ...credentials } = request.body;
      const acceptance = acceptWithAccount(token);
      const answer = await signIn(request, reply, credentials, acceptance.run);
      await askForApproval(acceptance.approval());
      return answer;
    },
  );

  app.post(
    "/auth/two-factor",
    {
      schema: {
        tags: ["auth"],
        summary:
          "The second step of a sign-in with two-factor on: a code of the authenticator app, or a recovery code; sets the session cookie",
        body: twoFactorCodeSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      refuseOver(reply, await loginsPerIp.allow(request.ip), authMessages.loginRateLimited);
      const meta = { userAgent: request.headers["user-agent"], ip: request.ip };
      const token = request.cookies[challengeCookieName(app)];
      const result = await app.asSystem((tx) =>
        verifyChallenge(tx, token, request.body, meta, (stored) => openTotpSecret(app.secretBox, stored)),
      );
      if (!result.ok) {
        if (result.reason !== "locked" && result.paused) {
          const { username, lockedUntil } = result.paused;
          await app.mailer.send(twoFactorLockMail(username, lockedUntil, publicUrl(app.env)));
        }
        if (result.reason === "locked") {
          const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(result.lockedUntil) - Date.now()) / 1000));
          refuseOver(reply, { allowed: false, retryAfterSeconds }, twoFactorMessages.locked, "TWO_FACTOR_LOCKED");
        }
        if (result.reason === "expired") {
          clearChallengeCookie(app, reply);
          throw new HttpError(401, "TWO_FACTOR_EXPIRED", twoFactorMessages.challengeExpired);
        }
        const message = result.reason === "code" ? twoFactorMessages.codeInvalid : twoFactorMessages.recoveryInvalid;
        throw new HttpError(400, "TWO_FACTOR_INVALID", message);
      }
      clearChallengeCookie(app, reply);
      return startSession(request, reply, result.user, result.session);
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
        sessionResponse(tx, { organizationId: auth.orgId, id: auth.userId }, auth.expiresAt, auth.viewer),
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
