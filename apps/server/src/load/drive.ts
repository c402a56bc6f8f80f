import autocannon from "autocannon";
import type { LoadSample } from "./load-sample.ts";
import { connectionRequests, REQUEST_KINDS, type RequestKind } from "./request-mix.ts";

export interface KindResult {
  kind: RequestKind | "all";
  requests: number;
  non2xx: number;
  /** Status and start of the body of the first answer that was not 2xx, to say what went wrong. */
  firstFailure?: string;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface LoadReport {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  bytesPerSecond: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  kinds: KindResult[];
  all: KindResult;
}

/** Longest a request may take before autocannon counts it as a timeout (an error). */
const TIMEOUT_SECONDS = 10;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;

function summarize(kind: KindResult["kind"], times: number[], failures: { count: number; first?: string }) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    kind,
    requests: times.length,
    non2xx: failures.count,
    ...(failures.first ? { firstFailure: failures.first } : {}),
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  } satisfies KindResult;
}

/**
 * autocannon with one connection per session token for `seconds`, each connection sending its own
 * sequence of the mix (request-mix.ts) with its own cookie; latency is kept per request kind.
 */
export async function drive(o: {
  base: string;
  sample: LoadSample;
  tokens: string[];
  seconds: number;
}): Promise<LoadReport> {
  const times = new Map<RequestKind, number[]>(REQUEST_KINDS.map((kind) => [kind, []]));
  const failures = new Map<RequestKind, { count: number; first?: string }>(
    REQUEST_KINDS.map((kind) => [kind, { count: 0 }]),
  );
  let connections = 0;
  const result = await autocannon({
    url: o.base,
    connections: o.tokens.length,
    duration: o.seconds,
    timeout: TIMEOUT_SECONDS,
    setupClient: (client) => {
      const index = connections++;
      // autocannon calls a request's onResponse just before it emits "response" with the time taken,
      // so the kind noted here is the kind of the answer timed there.
      const answered: { kind?: RequestKind } = {};
      const requests = connectionRequests(o.sample, o.tokens[index] ?? "", index).map(({ kind, request }) => ({
        ...request,
        onResponse: (status: number, body: string, context: object, headers: autocannon.Request["headers"]) => {
          answered.kind = kind;
          if (status < 200 || status >= 300) {
            const failure = failures.get(kind) ?? { count: 0 };
            failure.count += 1;
            failure.first ??= `${status} ${request.method} ${request.path}: ${body.slice(0, 200)}`;
          }
          if (typeof request.onResponse === "function") request.onResponse(status, body, context, headers);
        },
      }));
      client.setRequests(requests);
      client.on("response", (_status, _bytes, ms) => {
        if (answered.kind) times.get(answered.kind)?.push(ms);
      });
    },
  });
  const kinds = REQUEST_KINDS.map((kind) => summarize(kind, times.get(kind) ?? [], failures.get(kind) ?? { count: 0 }));
  return {
    connections: o.tokens.length,
    seconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    bytesPerSecond: result.throughput.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    kinds,
    all: summarize("all", [...times.values()].flat(), { count: kinds.reduce((sum, k) => sum + k.non2xx, 0) }),
  };
}
