import { errorCodes, errorMessages } from "@keyholder/contracts/errors";
import {
  forgotPasswordRequestSchema,
  okResponseSchema,
  resetPasswordRequestSchema,
} from "@keyholder/contracts/password-reset";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../lib/http-error.ts";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { requestPasswordReset } from "./request-reset.ts";
import { resetPassword } from "./reset-password.ts";

/** Forgot password: registered under /api/v1 next to the auth routes. */
const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, { bucket: "password-resets", max: 10, windowMs: 15 * 60_000 });

  app.post(
    "/auth/forgot-password",
    { schema: { body: forgotPasswordRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      if (!(await limiter.allow(request.ip)).allowed) {
        throw new HttpError(429, errorCodes.rateLimited, errorMessages.rateLimited);
      }
      // After the answer: a known email (a token and a mail) must not take longer than an unknown one.
      const deps = { db: app.db, mailer: app.mailer, baseUrl: publicUrl(app.env) };
      app.background("password reset request", () => requestPasswordReset(deps, request.body.email));
      return { ok: true as const };
    },
  );

  app.post(
    "/auth/reset-password",
    { schema: { body: resetPasswordRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await resetPassword(app.db, request.body.token, request.body.password);
      return { ok: true as const };
    },
  );
};

export default passwordResetRoutes;
