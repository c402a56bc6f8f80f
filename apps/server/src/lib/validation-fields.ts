import { errorMessages } from "@keyholder/contracts/errors";
import type { FastifyRequest } from "fastify";
import { badRequest } from "./http-error.ts";

/** A request validation failure's issues as `fields` of the error body: dotted path -> messages. */
export function validationFields(issues: readonly { instancePath?: string; message?: string }[]) {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath?.replace(/^\//, "").replaceAll("/", ".") || "_";
    fields[field] = [...(fields[field] ?? []), issue.message ?? "Invalid value"];
  }
  return fields;
}

/**
 * For routes that validate with `attachValidation`: a visitor's mistake answers 400 with its own
 * words ("Enter a 5-digit ZIP code") as the message, not only in `fields`.
 */
export function refuseInvalid(request: FastifyRequest) {
  const failure = request.validationError as
    | (Error & { validation?: { instancePath?: string; message?: string }[] })
    | undefined;
  if (!failure) return;
  const fields = validationFields(failure.validation ?? []);
  throw badRequest(Object.values(fields)[0]?.[0] ?? errorMessages.validation, fields);
}
