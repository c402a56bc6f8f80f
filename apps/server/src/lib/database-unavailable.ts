/**
 * Whether an error means the database cannot be reached (down, restarting, the connection cut),
 * as opposed to a fault of the query: the request is answered 503 and may be retried.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (unavailableCodes.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && unavailableMessages.test(message)) return true;
  }
  return false;
}

// 57P01-03: administrator or crash shutdown, not yet accepting connections; 53300: too many
// connections; class 08: connection exceptions; the rest are the socket's own errors.
const unavailableCodes = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
// pg raises these as plain Errors without a code.
const unavailableMessages =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect/i;

/** Seconds a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
