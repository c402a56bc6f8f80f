import type { FastifyBaseLogger } from "fastify";

/** Best effort: analytics being down never affects the request that reported the error. */
export async function forwardToAnalytics(url: string, event: Record<string, unknown>, log: FastifyBaseLogger) {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event: "client_error", properties: event, timestamp: event.timestamp }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) log.warn({ status: res.status }, "analytics rejected client_error");
  } catch (err) {
    log.warn({ err }, "analytics unreachable");
  }
}
