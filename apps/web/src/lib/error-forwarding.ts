import type { ClientError } from "@keyholder/contracts/client-errors";
import { api } from "./api-client.ts";
import { logger, setErrorSink } from "./logger.ts";

/** Serializes what the logger was given into the client_error event the server expects. */
export function toClientError(
  entry: { message: string; meta?: unknown; error?: unknown },
  now = new Date(),
): ClientError {
  const error = entry.error instanceof Error ? entry.error : undefined;
  return {
    message: entry.message.slice(0, 2000),
    meta: entry.meta,
    error_name: error?.name,
    error_message: error
      ? error.message.slice(0, 4000)
      : entry.error !== undefined
        ? String(entry.error).slice(0, 4000)
        : undefined,
    stack: error?.stack?.slice(0, 20_000),
    timestamp: now.toISOString(),
    url: window.location.pathname,
  };
}

/** Error-level logs and uncaught errors go to the server; a failed report is dropped, never re-logged. */
export function installErrorForwarding() {
  setErrorSink((entry) => {
    api("/client-errors", { method: "POST", body: toClientError(entry) }).catch(() => {});
  });
  window.addEventListener("error", (e) => logger.error("uncaught error", e.error ?? e.message));
  window.addEventListener("unhandledrejection", (e) => logger.error("unhandled promise rejection", e.reason));
}
