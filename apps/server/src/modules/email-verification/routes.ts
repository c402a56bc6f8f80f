import {
  emailVerificationMessages,
  resendVerificationResponseSchema,
  VERIFICATION_RESENDS_PER_HOUR,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from "@keyholder/contracts/email-verification";
import { errorMessages } from "@keyholder/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { createRateLimiter, refuseOver } from "../../lib/rate-limit.ts";
import { issueVerificationLink } from "./verification-link.ts";
import { verifyEmail } from "./verify-email.ts";

/** Confirming one's email address (issue item 19): the mailed link, and a new one on request. */
const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const linksPerIp = createRateLimiter(app.db, { bucket: "email-verifications", max: 30, windowMs: 15 * 60_000 });
  const resends = createRateLimiter(app.db, {
    bucket: "verification-resends",
    max: VERIFICATION_RESENDS_PER_HOUR,
    windowMs: 60 * 60_000,
  });

  app.post(
    "/auth/verify-email",
    {
      schema: {
        tags: ["auth"],
        summary: "Confirm an account's email address with the token of the mailed link (once, before it expires)",
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema },
      },
    },
    async (request, reply) => {
      refuseOver(reply, await linksPerIp.allow(request.ip), errorMessages.rateLimited);
      const username = await app.asSystem((tx) => verifyEmail(tx, request.body.token));
      return { ok: true as const, username };
    },
  );

  app.post(
    "/account/verify-email/resend",
    {
      schema: {
        tags: ["account"],
        summary: "Mail a new link to confirm your email address (a few an hour); older links stop working",
        response: { 200: resendVerificationResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const user = { organizationId: actor.orgId, id: actor.userId };
      // Counted before a link is made: a refused request leaves the last mailed link working.
      const key = `${actor.orgId} ${actor.userId}`;
      refuseOver(reply, await resends.allow(key), emailVerificationMessages.tooManyResends);
      const mail = await request.withOrg((tx) => issueVerificationLink(tx, user, publicUrl(app.env)));
      if (!mail) throw new HttpError(409, "EMAIL_ALREADY_VERIFIED", emailVerificationMessages.alreadyVerified);
      await app.mailer.send(mail);
      return { ok: true as const, sent_to: mail.to };
    },
  );
};

export default emailVerificationRoutes;
