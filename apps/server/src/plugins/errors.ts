import { errorCodes, errorMessages } from "@keyholder/contracts/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../lib/database-unavailable.ts";
import { HttpError } from "../lib/http-error.ts";
import { loggableError } from "../lib/loggable-error.ts";
import { validationFields } from "../lib/validation-fields.ts";

/** Turns every failure into `{error: {code, message, fields?}}`; 5xx details stay in the log. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .status(err.statusCode)
        .send({ error: { code: err.code, message: err.message, fields: err.fields }, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = validationFields(err.validation);
      return reply
        .status(400)
        .send({ error: { code: errorCodes.validation, message: errorMessages.validation, fields } });
    }
    if (isRowSecurityRefusal(err)) {
      // A write that would put a record under a property the user does not work on (decision 019).
      return reply
        .status(403)
        .send({ error: { code: errorCodes.forbidden, message: errorMessages.outsideProperties } });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error(
        { err: { message: err.message, code: (err as { code?: unknown }).code } },
        "database unavailable",
      );
      return reply
        .status(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: { code: errorCodes.databaseUnavailable, message: errorMessages.databaseUnavailable } });
    }
    const status = typeof err.statusCode === "number" && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: loggableError(err) }, "request failed");
      return reply.status(500).send({ error: { code: errorCodes.internal, message: errorMessages.internal } });
    }
    const code =
      status === 413
        ? errorCodes.payloadTooLarge
        : status === 415
          ? errorCodes.unsupportedMediaType
          : status === 429
            ? errorCodes.rateLimited
            : status === 404
              ? errorCodes.notFound
              : errorCodes.badRequest;
    return reply.status(status).send({ error: { code, message: err.message } });
  });
});

/** PostgreSQL's "new row violates row-level security policy" (42501), also when wrapped by the driver. */
function isRowSecurityRefusal(err: unknown) {
  const e = err as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  const code = e.code ?? e.cause?.code;
  const message = String(e.cause?.message ?? e.message ?? "");
  return code === "42501" && message.includes("row-level security");
}
