import { errorCodes, errorMessages } from "@keyholder/contracts/errors";
import { leaseLedgerSchema, ledgerQuerySchema } from "@keyholder/contracts/lease-ledger";
import { leaseIdParamsSchema } from "@keyholder/contracts/leases";
import { isClosedStatus } from "@keyholder/contracts/maintenance";
import { maintenanceCommentFormSchema } from "@keyholder/contracts/maintenance-comments";
import { maintenancePhotoBytesQuerySchema, maintenancePhotoMessages } from "@keyholder/contracts/maintenance-photos";
import { okResponseSchema } from "@keyholder/contracts/password-reset";
import {
  residentAcceptSchema,
  residentInvitationCheckSchema,
  residentInvitationQuerySchema,
  residentInvitationRequestSchema,
  residentInvitationResponseSchema,
  residentLeaseResponseSchema,
  residentMessages,
  residentPhotoParamsSchema,
  residentReplyMessages,
  residentRequestDetailResponseSchema,
  residentRequestFormSchema,
  residentRequestListSchema,
  residentRequestParamsSchema,
  residentRequestResponseSchema,
  residentSessionSchema,
  residentSignInAnswerSchema,
  residentSignInSchema,
  residentTwoFactorMessages,
} from "@keyholder/contracts/resident";
import {
  residentForgotPasswordSchema,
  residentLeaseListSchema,
  residentNewRecoveryCodesSchema,
  residentRecoveryCodesSchema,
  residentRecoveryMessages,
  residentResetParamsSchema,
  residentResetPasswordSchema,
  residentSignInCodeSchema,
  residentTwoFactorStateSchema,
} from "@keyholder/contracts/resident-account";
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  LOGIN_CHALLENGE_MINUTES,
  twoFactorSetupSchema,
} from "@keyholder/contracts/two-factor";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Tx, withResident } from "../../db/client.ts";
import { actorOf } from "../../lib/audit.ts";
import { HttpError, notFound, unauthenticated } from "../../lib/http-error.ts";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { createRateLimiter, refuseOver } from "../../lib/rate-limit.ts";
import { reportHeading } from "../../lib/reports/report-heading.ts";
import { sendReport } from "../../lib/reports/send-report.ts";
import { readLedger } from "../lease-ledger/read-ledger.ts";
import { addComment } from "../maintenance/add-comment.ts";
import { addPhoto, checkRoom } from "../maintenance/add-photo.ts";
import { readPhoto } from "../maintenance/list-photos.ts";
import type { RequestAuthor } from "../maintenance/request-author.ts";
import { mediaOf, readRequestUpload } from "../maintenance/request-media.ts";
import { requestPasswordReset } from "../password-reset/request-reset.ts";
import { readTenantStatement } from "../tenant-statement/read-tenant-statement.ts";
import { tenantStatementDocument } from "../tenant-statement/tenant-statement-document.ts";
import { acceptResidentInvitation, findResidentInvitation } from "./accept-invitation.ts";
import { createResidentRequest } from "./create-request.ts";
import { inviteResident, residentInvitationMail, residentLeaseAddedMail } from "./invite-resident.ts";
import { listResidentRequests } from "./list-requests.ts";
import { listResidentLeases, pickLease, readResidentLease } from "./read-lease.ts";
import { asApp, readResidentRequestDetail, requireResidentRequest } from "./read-request.ts";
import { resetResidentPassword } from "./reset-password.ts";
import {
  clearResidentCookie,
  createResidentSession,
  deleteResidentSession,
  findResidentSession,
  type ResidentContext,
  residentCookieName,
  setResidentCookie,
} from "./resident-session.ts";
import { checkResidentPassword } from "./sign-in.ts";
import {
  createResidentChallenge,
  disableResidentTwoFactor,
  enableResidentTwoFactor,
  hasTwoFactor,
  newResidentRecoveryCodes,
  residentTwoFactorStatus,
  setUpResidentTwoFactor,
  verifyResidentChallenge,
} from "./two-factor.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set on /api/v1/resident/* from the resident cookie only (decision 036). */
    resident: ResidentContext | null;
  }
}

const tags = ["resident"];
const WINDOW_MS = 15 * 60_000;
const leaseQuerySchema = z.object({ lease_id: z.uuid(residentMessages.leaseNotFound).optional() });

/** The staff's side: inviting a lease's tenant. */
export const residentInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const baseUrl = publicUrl(app.env);
  app.post(
    "/leases/:id/resident-invitations",
    {
      schema: {
        tags: ["leases"],
        summary:
          "Invite a tenant of the lease (with an email) to the resident portal: a single-use link to set a password, valid 7 days; a newer invitation replaces the old link. A tenant whose address already signs in to the portal is joined to that account and told the lease was added (outcome lease_added, no link)",
        params: leaseIdParamsSchema,
        body: residentInvitationRequestSchema,
        response: { 201: residentInvitationResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const invitation = await request.withOrg((tx) =>
        inviteResident(tx, actor, request.params.id, request.body.tenant_id),
      );
      if (invitation.kind === "lease_added") {
        await app.mailer.send(residentLeaseAddedMail(invitation, baseUrl));
        return reply.code(201).send({ outcome: "lease_added", email: invitation.to, expires_at: null });
      }
      await app.mailer.send(residentInvitationMail(invitation, baseUrl));
      return reply.code(201).send({ outcome: "invited", email: invitation.to, expires_at: invitation.expiresAt });
    },
  );
};

/** The resident portal's API, /api/v1/resident/*: a resident's session only, never a staff one. */
export const residentPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const failures = createRateLimiter(app.db, { bucket: "resident-login-failures", max: 10, windowMs: WINDOW_MS });
  const perIp = createRateLimiter(app.db, { bucket: "resident-logins", max: 50, windowMs: WINDOW_MS });
  const uploads = createRateLimiter(app.db, { bucket: "resident-uploads", max: 30, windowMs: 4 * WINDOW_MS });
  // The staff's forgot-password limit (decision 036): ten requests from one address in 15 minutes.
  const resets = createRateLimiter(app.db, { bucket: "resident-password-resets", max: 10, windowMs: WINDOW_MS });
  const cookieName = residentCookieName(app);
  const challengeCookie = cookieName.startsWith("__Host-") ? "__Host-kh_resident_2fa" : "kh_resident_2fa";

  app.decorateRequest("resident", null);
  app.addHook("onRequest", async (request) => {
    const token = request.cookies[cookieName];
    if (!token) return;
    request.resident = await app.asSystem((tx) => findResidentSession(tx, token));
  });

  const residentOf = (request: FastifyRequest) => {
    if (!request.resident) throw unauthenticated(residentMessages.signedOut);
    return request.resident;
  };
  /** A transaction as the resident: their organization, their leases, role keyholder_resident. */
  const asResident = <T>(request: FastifyRequest, fn: (tx: Tx, resident: ResidentContext) => Promise<T>) => {
    const resident = residentOf(request);
    return withResident(app.db, { orgId: resident.orgId, leaseIds: resident.leaseIds }, (tx) => fn(tx, resident));
  };

  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    account: { organizationId: string; id: string },
  ) {
    const meta = { userAgent: request.headers["user-agent"], ip: request.ip };
    const token = await app.asSystem(async (tx) => {
      if (request.resident) await deleteResidentSession(tx, request.resident.tokenHash);
      return (await createResidentSession(tx, account, meta)).token;
    });
    const session = await app.asSystem((tx) => findResidentSession(tx, token));
    if (!session) throw new Error("new resident session vanished");
    setResidentCookie(app, reply, token);
    return sessionBody(session);
  }
  const sessionBody = (r: ResidentContext) => ({
    name: r.name,
    email: r.email,
    organization_name: r.organizationName,
    expires_at: r.expiresAt,
  });

  app.get(
    "/resident/invitation",
    {
      schema: {
        tags,
        summary: "What an invitation link opens (who, which organization), or why it does not",
        querystring: residentInvitationQuerySchema,
        response: { 200: residentInvitationCheckSchema },
      },
    },
    async (request) => {
      const found = await app.asSystem((tx) => findResidentInvitation(tx, request.query.token));
      return {
        email: found.email,
        name: found.name,
        organization_name: found.organizationName,
        expires_at: found.expiresAt,
      };
    },
  );

  app.post(
    "/resident/accept",
    {
      schema: {
        tags,
        summary: "Accept an invitation: set the password (the staff rules), spend the link, sign in",
        body: residentAcceptSchema,
        response: { 200: residentSessionSchema },
      },
    },
    async (request, reply) => {
      const account = await app.asSystem((tx) => acceptResidentInvitation(tx, request.body));
      return startSession(request, reply, account);
    },
  );

  app.post(
    "/resident/sign-in",
    {
      schema: {
        tags,
        summary: "Sign in to the resident portal with email and password (rate limited like staff sign-in)",
        body: residentSignInSchema,
        response: { 200: residentSignInAnswerSchema },
      },
    },
    async (request, reply) => {
      const key = `${request.ip} ${request.body.email.trim().toLowerCase()}`;
      refuseOver(reply, await perIp.allow(request.ip), residentMessages.signInRateLimited);
      refuseOver(reply, await failures.blocked(key), residentMessages.signInRateLimited);
      let account: { organizationId: string; id: string };
      try {
        account = await app.asSystem((tx) => checkResidentPassword(tx, request.body.email, request.body.password));
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401) await failures.fail(key);
        throw err;
      }
      await failures.reset(key);
      // With two-factor sign-in on, the password only opens the second step.
      const challenge = await app.asSystem(async (tx) =>
        (await hasTwoFactor(tx, account)) ? createResidentChallenge(tx, account) : null,
      );
      if (challenge) {
        reply.setCookie(challengeCookie, challenge.token, {
          httpOnly: true,
          sameSite: "strict",
          path: "/",
          secure: cookieName.startsWith("__Host-"),
          maxAge: LOGIN_CHALLENGE_MINUTES * 60,
        });
        return { two_factor_required: true as const, expires_at: challenge.expiresAt };
      }
      return startSession(request, reply, account);
    },
  );

  app.post(
    "/resident/sign-in/two-factor",
    {
      schema: {
        tags,
        summary: "The second step of a resident's sign-in with two-factor on: a 6-digit code of their app",
        body: residentSignInCodeSchema,
        response: { 200: residentSessionSchema },
      },
    },
    async (request, reply) => {
      const token = request.cookies[challengeCookie];
      // Committed before answering: a wrong code counts even though it is refused.
      const result = await app.asSystem((tx) => verifyResidentChallenge(tx, token, request.body, app.secretBox));
      if (!result.ok) {
        if (result.reason === "expired") {
          reply.clearCookie(challengeCookie, { path: "/" });
          throw new HttpError(401, "TWO_FACTOR_EXPIRED", residentTwoFactorMessages.expired);
        }
        if (result.reason === "locked") throw new HttpError(429, "TWO_FACTOR_LOCKED", residentTwoFactorMessages.locked);
        if (result.reason === "recovery") {
          throw new HttpError(400, "RECOVERY_CODE_INVALID", residentRecoveryMessages.recoveryInvalid, {
            recovery_code: [residentRecoveryMessages.recoveryInvalid],
          });
        }
        throw new HttpError(400, "TWO_FACTOR_INVALID", residentTwoFactorMessages.codeInvalid, {
          code: [residentTwoFactorMessages.codeInvalid],
        });
      }
      reply.clearCookie(challengeCookie, { path: "/" });
      return startSession(request, reply, result.account);
    },
  );

  const accountOf = (request: FastifyRequest) => {
    const r = residentOf(request);
    return { organizationId: r.orgId, id: r.accountId };
  };

  app.get(
    "/resident/two-factor",
    {
      schema: {
        tags,
        summary: "Whether the resident signs in with two-factor, and how many recovery codes are left",
        response: { 200: residentTwoFactorStateSchema },
      },
    },
    async (request) => app.asSystem((tx) => residentTwoFactorStatus(tx, accountOf(request))),
  );

  app.post(
    "/resident/two-factor/setup",
    {
      schema: {
        tags,
        summary: "Start two-factor sign-in: a new secret to scan (QR code) or type, on once a code confirms it",
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (request) => app.asSystem((tx) => setUpResidentTwoFactor(tx, accountOf(request), app.secretBox)),
  );

  app.post(
    "/resident/two-factor/enable",
    {
      schema: {
        tags,
        summary: "Turn two-factor sign-in on with the password and a code of the app; answers ten recovery codes, once",
        body: enableTwoFactorSchema,
        response: { 200: residentRecoveryCodesSchema },
      },
    },
    async (request) =>
      app.asSystem((tx) => enableResidentTwoFactor(tx, accountOf(request), request.body, app.secretBox)),
  );

  app.post(
    "/resident/two-factor/recovery-codes",
    {
      schema: {
        tags,
        summary: "Ten new recovery codes with the password (the old ones stop working); answered once",
        body: residentNewRecoveryCodesSchema,
        response: { 200: residentRecoveryCodesSchema },
      },
    },
    async (request) => app.asSystem((tx) => newResidentRecoveryCodes(tx, accountOf(request), request.body)),
  );

  app.post(
    "/resident/two-factor/disable",
    {
      schema: {
        tags,
        summary: "Turn two-factor sign-in off with the password (the recovery codes go too)",
        body: disableTwoFactorSchema,
        response: { 200: residentTwoFactorStateSchema },
      },
    },
    async (request) => {
      await app.asSystem((tx) => disableResidentTwoFactor(tx, accountOf(request), request.body));
      return { enabled: false, recovery_codes_left: 0 };
    },
  );

  app.post(
    "/resident/sign-out",
    { schema: { tags, summary: "Sign out of the resident portal", response: { 204: z.null() } } },
    async (request, reply) => {
      const tokenHash = request.resident?.tokenHash;
      if (tokenHash) await app.asSystem((tx) => deleteResidentSession(tx, tokenHash));
      clearResidentCookie(app, reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/resident/session",
    { schema: { tags, summary: "The signed-in resident", response: { 200: residentSessionSchema } } },
    async (request) => sessionBody(residentOf(request)),
  );

  app.post(
    "/resident/password-resets",
    {
      schema: {
        tags,
        summary:
          "Forgot password: mails a single-use reset link (one hour) if the email has a resident account; the same answer either way",
        body: residentForgotPasswordSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      refuseOver(reply, await resets.allow(request.ip), errorMessages.rateLimited);
      // After the answer, as the staff's: a known email must not answer slower than an unknown one.
      const deps = { db: app.db, mailer: app.mailer, baseUrl: publicUrl(app.env) };
      app.background("resident password reset request", () =>
        requestPasswordReset(deps, request.body.email, "resident"),
      );
      return { ok: true as const };
    },
  );

  app.post(
    "/resident/password-resets/:token",
    {
      schema: {
        tags,
        summary:
          "Set a new password from a reset link (once, within the hour); every session of the account ends, two-factor stays on",
        params: residentResetParamsSchema,
        body: residentResetPasswordSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await resetResidentPassword(app.db, request.params.token, request.body.password);
      return { ok: true as const };
    },
  );

  app.get(
    "/resident/leases",
    {
      schema: {
        tags,
        summary: "Every lease of the resident (the switcher), the current one first",
        response: { 200: residentLeaseListSchema },
      },
    },
    async (request) => asResident(request, async (tx, r) => ({ leases: await listResidentLeases(tx, r) })),
  );

  app.get(
    "/resident/lease",
    {
      schema: {
        tags,
        summary: "The resident's lease (their current one unless lease_id names another of theirs) with its balance",
        querystring: leaseQuerySchema,
        response: { 200: residentLeaseResponseSchema },
      },
    },
    async (request) =>
      asResident(request, async (tx, r) => ({
        lease: await readResidentLease(tx, r.orgId, pickLease(r, request.query.lease_id)),
      })),
  );

  app.get(
    "/resident/ledger",
    {
      schema: {
        tags,
        summary: "The ledger of the resident's lease: charges, payments and credits with a running balance (cents)",
        querystring: ledgerQuerySchema.extend(leaseQuerySchema.shape),
        response: { 200: leaseLedgerSchema },
      },
    },
    async (request) =>
      asResident(request, (tx, r) => readLedger(tx, r.orgId, pickLease(r, request.query.lease_id), request.query)),
  );

  app.get(
    "/resident/ledger/statement.pdf",
    {
      schema: {
        tags,
        summary: "The resident's lease statement (from, to: YYYY-MM-DD) as a PDF",
        querystring: ledgerQuerySchema.extend(leaseQuerySchema.shape),
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      // The tenant statement report's document (decision 047), as the staff download it.
      const [statement, heading] = await asResident(
        request,
        async (tx, r) =>
          [
            await readTenantStatement(tx, r.orgId, {
              lease_id: pickLease(r, request.query.lease_id),
              from,
              to,
              format: "pdf",
            }),
            await reportHeading(tx, r.orgId),
          ] as const,
      );
      return sendReport(reply, "pdf", tenantStatementDocument(statement), heading);
    },
  );

  app.get(
    "/resident/maintenance-requests",
    {
      schema: {
        tags,
        summary:
          "The maintenance requests of the resident's leases (of one with lease_id, one of theirs), newest first: status, due day",
        querystring: leaseQuerySchema,
        response: { 200: residentRequestListSchema },
      },
    },
    async (request) =>
      asResident(request, async (tx, r) => {
        const leaseId = request.query.lease_id ? pickLease(r, request.query.lease_id) : undefined;
        return { requests: await listResidentRequests(tx, r.orgId, leaseId) };
      }),
  );

  app.post(
    "/resident/maintenance-requests",
    {
      schema: {
        tags,
        summary:
          "Report a problem on the resident's current lease, or the one lease_id names (priority at most urgent: an emergency is a phone call)",
        querystring: leaseQuerySchema,
        body: residentRequestFormSchema,
        response: { 201: residentRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const request_ = await asResident(request, (tx, r) =>
        createResidentRequest(
          tx,
          { orgId: r.orgId, tenantIds: r.tenantIds, leaseId: pickLease(r, request.query.lease_id) },
          request.body,
        ),
      );
      return reply.code(201).send({ request: request_ });
    },
  );

  const detailOf = (request: FastifyRequest, id: string) =>
    asResident(request, async (tx, r) => ({ request: await readResidentRequestDetail(tx, r, id) }));
  const residentAuthor = (r: ResidentContext): RequestAuthor => ({
    kind: "resident",
    orgId: r.orgId,
    tenantId: r.tenantId,
    name: r.name,
  });
  /** 404 unless the request is one of the resident's leases; 409 once it is closed. */
  const requireOpen = async (tx: Tx, r: ResidentContext, id: string) => {
    const found = await requireResidentRequest(tx, r.orgId, id);
    if (isClosedStatus(found.status)) throw new HttpError(409, errorCodes.conflict, residentReplyMessages.closed);
  };

  app.get(
    "/resident/maintenance-requests/:id",
    {
      schema: {
        tags,
        summary:
          "One request of the resident's leases: status, schedule, who comes, the comments and photos shared with the resident, its history",
        params: residentRequestParamsSchema,
        response: { 200: residentRequestDetailResponseSchema },
      },
    },
    async (request) => detailOf(request, request.params.id),
  );

  app.post(
    "/resident/maintenance-requests/:id/comments",
    {
      schema: {
        tags,
        summary: "The resident writes on their open request (a comment shared with the resident, by the resident)",
        params: residentRequestParamsSchema,
        body: maintenanceCommentFormSchema.pick({ body: true }),
        response: { 201: residentRequestDetailResponseSchema },
      },
    },
    async (request, reply) => {
      await asResident(request, async (tx, r) => {
        await requireOpen(tx, r, request.params.id);
        // Written as keyholder_app (decision 036, "Writes"), once the request is known to be theirs.
        await asApp(tx, () =>
          addComment(tx, residentAuthor(r), request.params.id, { body: request.body.body, visibility: "resident" }),
        );
      });
      return reply.code(201).send(await detailOf(request, request.params.id));
    },
  );

  app.post(
    "/resident/maintenance-requests/:id/photos",
    {
      schema: {
        tags,
        summary:
          "The resident adds a photo or short video to their open request (multipart field `file`), shared with the staff, the resident and the vendor",
        params: residentRequestParamsSchema,
        response: { 201: residentRequestDetailResponseSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      // The request and its room are checked before the upload is read.
      await asResident(request, async (tx, r) => {
        await requireOpen(tx, r, id);
        await asApp(tx, () => checkRoom(tx, id));
      });
      refuseOver(reply, await uploads.allow(residentOf(request).accountId), residentReplyMessages.tooManyUploads);
      const { file, video } = await readRequestUpload(request);
      const media = await mediaOf(app.imageJobs, file, video);
      await asResident(request, async (tx, r) => {
        await requireOpen(tx, r, id);
        await asApp(tx, () =>
          addPhoto(tx, app.storage, residentAuthor(r), id, media, {
            visible_to_resident: true,
            visible_to_vendor: true,
          }),
        );
      });
      return reply.code(201).send(await detailOf(request, id));
    },
  );

  app.get(
    "/resident/maintenance-requests/:id/photos/:fileId",
    {
      schema: {
        tags,
        summary: "The bytes of a photo shared with the resident (`size=thumb`: an image's thumbnail)",
        params: residentPhotoParamsSchema,
        querystring: maintenancePhotoBytesQuerySchema,
      },
    },
    async (request, reply) => {
      // As keyholder_resident: the policies answer only the resident's lease's shared files.
      const photo = await asResident(request, async (tx, r) => {
        await requireResidentRequest(tx, r.orgId, request.params.id);
        return readPhoto(tx, request.params.id, request.params.fileId, "resident");
      });
      if (!photo) throw notFound(maintenancePhotoMessages.notFound);
      const thumb = request.query.size === "thumb" && photo.thumbnail_key !== null;
      const bytes = await app.storage.get(thumb ? (photo.thumbnail_key as string) : photo.storage_key);
      if (!bytes) throw notFound(maintenancePhotoMessages.notFound);
      return reply
        .header("cache-control", "private, no-store")
        .header("content-security-policy", "default-src 'none'")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", "inline")
        .type(thumb ? "image/webp" : photo.content_type)
        .send(bytes);
    },
  );
};
