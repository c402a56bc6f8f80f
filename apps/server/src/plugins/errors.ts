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
    const refusal = ledgerRefusal(err);
    if (refusal) return reply.status(refusal.status).send({ error: { code: refusal.code, message: refusal.message } });
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

/**
 * The ledger's own refusals (migration ledger, decision 027): SQLSTATEs of class KH, raised by its
 * triggers with a message written for the user (a closed period, an unbalanced entry, a change to a
 * posted entry), and a delete of a record the ledger or a lease still refers to.
 */
function ledgerRefusal(err: unknown): { status: number; code: string; message: string } | null {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, constraint } = e as { code?: unknown; message?: unknown; constraint?: unknown };
    if (typeof code !== "string" || typeof message !== "string") continue;
    if (code === "KH001") return { status: 409, code: errorCodes.periodClosed, message };
    if (code === "KH002") return { status: 422, code: errorCodes.unbalancedEntry, message };
    if (code === "KH003") return { status: 409, code: errorCodes.postedEntry, message };
    // The tenant ledger's subledger (decision 030): an allocation beyond what is open, a reversal of a payment.
    if (code === "KH004") return { status: 409, code: errorCodes.allocationRefused, message };
    // A record whose lines the ledger keeps (a unit deleted alone; its key cascades to the lines).
    if (code === "KH005") return { status: 409, code: errorCodes.hasPostings, message: errorMessages.hasPostings };
    // The chart's rules (migration chart_of_accounts): a system account kept, an account's type kept once posted to.
    if (code === "KH006") return { status: 409, code: errorCodes.systemAccount, message };
    // A completed bank reconciliation and what it cleared (migration bank_reconciliations, decision 042).
    if (code === "KH007") return { status: 409, code: errorCodes.reconciliationLocked, message };
    const ledgerKey = typeof constraint === "string" && /^(journal_|ledger_|recurring_charges_)/.test(constraint);
    if (code === "23503" && ledgerKey && message.startsWith("update or delete")) {
      return { status: 409, code: errorCodes.hasPostings, message: errorMessages.hasPostings };
    }
    // A property, unit, zone or tenant a lease names: the lease (and its history) is kept.
    const leaseKey = typeof constraint === "string" && /^(leases_|lease_units_|lease_parties_)/.test(constraint);
    if (code === "23503" && leaseKey && message.startsWith("update or delete")) {
      return { status: 409, code: errorCodes.hasLeases, message: errorMessages.hasLeases };
    }
  }
  return null;
}
