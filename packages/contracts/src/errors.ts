import { z } from "zod";

/** Every API failure answers with this body; `fields` maps a payload field to its messages. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = {
  validation: "VALIDATION_FAILED",
  badRequest: "BAD_REQUEST",
  unauthenticated: "UNAUTHENTICATED",
  forbidden: "FORBIDDEN",
  notFound: "NOT_FOUND",
  conflict: "CONFLICT",
  gone: "GONE",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  rateLimited: "RATE_LIMITED",
  csrf: "CSRF_REJECTED",
  internal: "INTERNAL_ERROR",
  databaseUnavailable: "SERVICE_UNAVAILABLE",
  periodClosed: "PERIOD_CLOSED",
  unbalancedEntry: "UNBALANCED_ENTRY",
  postedEntry: "POSTED_ENTRY",
  hasPostings: "HAS_POSTINGS",
  systemAccount: "SYSTEM_ACCOUNT",
  hasLeases: "HAS_LEASES",
  allocationRefused: "ALLOCATION_REFUSED",
  reconciliationLocked: "RECONCILIATION_LOCKED",
} as const;

export const errorMessages = {
  validation: "Some fields are not valid",
  notFound: "Not found",
  unauthenticated: "Please log in",
  forbidden: "You do not have access to this",
  outsideProperties: "That is not one of the properties you work on",
  internal: "Something went wrong on our side. Please try again.",
  databaseUnavailable: "Keyholder cannot reach its database just now. Please try again in a moment.",
  csrf: "This request did not come from the Keyholder app",
  payloadTooLarge: "The request is too large",
  rateLimited: "Too many requests. Please wait a moment and try again.",
  hasPostings: "It has charges or postings in the ledger, which are kept: it cannot be deleted",
  hasLeases: "It is on a lease, which is kept: it cannot be deleted",
} as const;
