import type { ReportFormat } from "@keyholder/contracts/reports";

/** Where a report downloads from in a format, with the parameters on screen (the browser sends the session cookie). */
export function reportFileUrl(
  report: string,
  params: Record<string, string | undefined>,
  format: Exclude<ReportFormat, "json">,
) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  search.set("format", format);
  return `/api/v1/reports/${report}?${search}`;
}
