import type autocannon from "autocannon";
import { type MixRequest, REQUEST_KINDS, type RequestKind } from "./request-mix.ts";

/**
 * Sends a connection's sequence one request at a time until every kind has answered, and stops at
 * the first answer that is not 2xx with what it said: a broken request shows as one clear message
 * instead of thousands of failures. It also warms the app before the timed run.
 */
export async function preflight(base: string, requests: MixRequest[]) {
  const context = {};
  const answered = new Set<RequestKind>();
  for (const { kind, request } of requests) {
    if (answered.size === REQUEST_KINDS.length) return;
    const sent =
      typeof request.setupRequest === "function"
        ? request.setupRequest(request, context)
        : (request as autocannon.Request);
    if (!sent) throw new Error(`${kind}: no request could be made (did the create before it fail?)`);
    const res = await fetch(`${base}${sent.path}`, {
      method: sent.method ?? "GET",
      headers: sent.headers as Record<string, string>,
      ...(sent.body ? { body: String(sent.body) } : {}),
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`${kind}: ${sent.method} ${sent.path} answered ${res.status}: ${body.slice(0, 500)}`);
    if (typeof request.onResponse === "function") request.onResponse(res.status, body, context, {});
    answered.add(kind);
  }
  const missing = REQUEST_KINDS.filter((kind) => !answered.has(kind));
  if (missing.length) throw new Error(`the mix never sends: ${missing.join(", ")}`);
}
