import { clientErrorSchema } from "@keyholder/contracts/client-errors";
import { errorCodes, errorMessages } from "@keyholder/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-error.ts";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { forwardToAnalytics } from "./analytics.ts";

/**
 * Error-level browser logs arrive here and are logged as structured `client_error` events (with the
 * user and organization when signed in), and forwarded to product analytics when one is configured.
 */
const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIp = createRateLimiter(app.db, { bucket: "client-errors", max: 60, windowMs: 60_000 });
  app.post(
    "/client-errors",
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ["operations"],
        summary: "Report an error that happened in the browser",
        body: clientErrorSchema,
        response: { 202: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      if (!(await perIp.allow(request.ip)).allowed)
        throw new HttpError(429, errorCodes.rateLimited, errorMessages.rateLimited);
      const event = {
        event: "client_error",
        ...request.body,
        user_id: request.auth?.userId,
        organization_id: request.auth?.orgId,
        user_agent: request.headers["user-agent"],
      };
      request.log.warn(event, "client_error");
      if (app.env.ANALYTICS_URL) void forwardToAnalytics(app.env.ANALYTICS_URL, event, request.log);
      return reply.status(202).send({ ok: true as const });
    },
  );
};

export default clientErrorRoutes;
