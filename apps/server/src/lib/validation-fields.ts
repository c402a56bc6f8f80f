import { errorMessages } from "@keyholder/contracts/errors";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
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

/**
 * A multipart form's text fields read by a zod schema (they arrive outside the route's schema): the
 * data, or a 400 whose message is the first problem's words and whose `fields` name every one.
 */
export function parseFormFields<T extends z.ZodType>(schema: T, values: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const fields = validationFields(
    parsed.error.issues.map((i) => ({ instancePath: `/${i.path.map(String).join("/")}`, message: i.message })),
  );
  throw badRequest(Object.values(fields)[0]?.[0] ?? errorMessages.validation, fields);
}
