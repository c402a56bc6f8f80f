import type { KindResult, LoadReport } from "./drive.ts";

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 100 ? 1 : 0) : "-");
const count = (n: number) => n.toLocaleString("en-US");

/** The run as a short table: requests, non-2xx and latency per kind and overall, then throughput. */
export function formatReport(r: LoadReport): string {
  const row = (k: KindResult) =>
    [
      k.kind.padEnd(17),
      count(k.requests).padStart(9),
      count(k.non2xx).padStart(8),
      ...[k.p50, k.p90, k.p99, k.max].map((n) => ms(n).padStart(8)),
    ].join(" ");
  const header = [
    "request".padEnd(17),
    "answered".padStart(9),
    "non-2xx".padStart(8),
    ...["p50", "p90", "p99", "max"].map((h) => `${h} ms`.padStart(8)),
  ].join(" ");
  return [
    header,
    ...r.kinds.map(row),
    "-".repeat(header.length),
    row(r.all),
    "",
    `Throughput ${r.requestsPerSecond.toFixed(1)} requests/s (${count(r.requests)} in ${r.seconds.toFixed(0)} s, ` +
      `${(r.bytesPerSecond / 1e6).toFixed(1)} MB/s); ${count(r.errors)} errors (${count(r.timeouts)} timeouts), ${count(r.non2xx)} non-2xx.`,
    ...r.kinds.filter((k) => k.firstFailure).map((k) => `First failure of ${k.kind}: ${k.firstFailure}`),
  ].join("\n");
}

/** Why the run fails: any error, timeout or non-2xx answer, or a kind of request never answered. */
export function loadProblems(r: LoadReport): string[] {
  return [
    r.errors ? `${count(r.errors)} errors (${count(r.timeouts)} timeouts)` : "",
    r.non2xx ? `${count(r.non2xx)} answers were not 2xx` : "",
    ...r.kinds.filter((k) => k.requests === 0).map((k) => `no ${k.kind} request was answered`),
  ].filter(Boolean);
}
