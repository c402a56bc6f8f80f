import { errorCodes, errorMessages } from "@keyholder/contracts/errors";
import { INVITE_ERROR_CODES, inviteMessages } from "@keyholder/contracts/staff";

/** An error meant for the API client: its status, code, message and field messages reach the response as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** Extra top-level members of the error body (e.g. the login's `waitlisted` flag). */
    readonly extra?: Record<string, unknown>,
    /** Response headers that go with it (Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string[]>) =>
  new HttpError(400, errorCodes.validation, message, fields);
export const notFound = (message = "Not found") => new HttpError(404, errorCodes.notFound, message);
export const forbidden = (message: string, code: string = errorCodes.forbidden) => new HttpError(403, code, message);
export const unauthenticated = (message: string = errorMessages.unauthenticated) =>
  new HttpError(401, errorCodes.unauthenticated, message);

/** A staff member who has accepted but is not approved yet asks for the organization's data. */
export const awaitingApproval = () =>
  new HttpError(403, INVITE_ERROR_CODES.awaitingApproval, inviteMessages.awaitingApi);
