import { jobStatusLabels } from "@keyholder/contracts/jobs";
import { type ReportRun, reportRunPhaseLabels } from "@keyholder/contracts/report-runs";
import { countOf, reportFormatLabels } from "@keyholder/contracts/reports";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { DownloadLink } from "../../../components/ui/download-link.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { reportRunsQuery } from "../api/get-report-runs.ts";

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Where a run is: a bar while it works, the file once written, why it failed otherwise. */
function Status({ run }: { run: ReportRun }) {
  if (run.status === "succeeded")
    return run.file ? (
      <span className="flex flex-wrap items-center gap-2">
        <DownloadLink href={run.file.url}>Download {run.file.name}</DownloadLink>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {size(run.file.bytes)}, kept until {run.file.expires_at.slice(0, 10)}
        </span>
      </span>
    ) : (
      "No longer kept"
    );
  if (run.status === "failed") return <span className="text-red-700 dark:text-red-300">{run.error}</span>;
  const rows = run.progress.rows === null ? "" : `: ${countOf(run.progress.rows, "row")} so far`;
  const label = run.status === "queued" ? jobStatusLabels.queued : `${reportRunPhaseLabels[run.progress.phase]}${rows}`;
  return (
    <span className="flex items-center gap-2">
      <progress
        aria-label={`${run.title}: ${label}`}
        max={run.progress.steps}
        value={run.progress.step}
        className="h-2 w-24 accent-brand-600"
      />
      <span>{label}</span>
    </span>
  );
}

/** A run's or schedule's parameters as chosen, before a file says what it was run for (a property by the word). */
export const runForOf = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => (k === "property_id" ? "one property" : `${k.replace("_", " ")} ${v}`))
    .join(", ") || "The report's defaults";

const columns: ReadOnlyColumn<ReportRun>[] = [
  { header: "Report", cell: (r) => r.title },
  { header: "Run for", cell: (r) => r.summary ?? runForOf(r.params) },
  { header: "Format", cell: (r) => reportFormatLabels[r.format] },
  { header: "Started", cell: (r) => new Date(r.created_at).toLocaleString("en-US") },
  { header: "Status", cell: (r) => <Status run={r} /> },
];

/** The user's Downloads: reports run in the background, newest first, each with its file while kept. */
export function ReportRunsList() {
  const runs = useQuery(reportRunsQuery);
  const list = runs.data?.runs ?? [];
  const preparing = list.some((r) => r.status === "queued" || r.status === "running");
  // Opens while a file is being prepared and stays open when it is ready; the user closes it.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (preparing) setOpen(true);
  }, [preparing]);
  if (!list.length) return null;
  const working = list.filter((r) => r.status === "queued" || r.status === "running").length;
  return (
    <details
      className="mb-4 rounded-lg border border-slate-200 p-2 dark:border-slate-700"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer text-sm font-semibold text-slate-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-100">
        Downloads ({list.length}
        {working ? `, ${working} being prepared` : ""})
      </summary>
      <div className="mt-2">
        <ReadOnlyTable label="Downloads" columns={columns} rows={list} rowKey={(r) => r.id} />
      </div>
    </details>
  );
}
