import type { z } from "zod";
import { ApiError } from "./api-client.ts";

export type FieldErrors = Record<string, string[]>;

/** Zod issues by top-level field, as the forms show them under each input. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}

/**
 * A failed save as the dialog shows it: the server's field messages under their inputs and one
 * message above the form (the server's, or the given fallback).
 */
export function saveFailure(err: unknown, fallback: string): { message: string; fields: FieldErrors } {
  if (err instanceof ApiError) return { message: err.message || fallback, fields: err.fields ?? {} };
  return { message: fallback, fields: {} };
}

/** The server's messages by field, when a failure was about fields (shown under them, not above the form). */
export const serverFieldErrors = (err: unknown): FieldErrors | undefined =>
  err instanceof ApiError && err.fields ? err.fields : undefined;
