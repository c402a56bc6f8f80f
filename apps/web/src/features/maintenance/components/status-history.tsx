import { MAINTENANCE_STATUS_LABELS, type MaintenanceStatus } from "@keyholder/contracts/maintenance";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "../../../lib/format.ts";
import { getRequestHistory } from "../api/get-request-history.ts";

const label = (s: unknown) => MAINTENANCE_STATUS_LABELS[s as MaintenanceStatus] ?? String(s);

/** A request's status changes on its view, newest first: from, to, who has the work, who changed it, when and the note. */
export function StatusHistory({ requestId, version }: { requestId: string; version: string }) {
  const history = useQuery({
    queryKey: ["maintenance-request-history", requestId, version],
    queryFn: () => getRequestHistory(requestId),
  });
  return (
    <section aria-label="Status history" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Status History</h3>
      {history.isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p> : null}
      {history.isError ? (
        <p role="status" className="text-sm text-red-700 dark:text-red-300">
          Failed to load the history.
        </p>
      ) : null}
      <ol className="flex flex-col gap-2">
        {history.data?.map((h) => {
          const status = h.changes.status;
          const note = h.changes.note?.to;
          const assigned = h.changes.assigned_to?.to;
          return (
            <li key={h.id} className="rounded-md bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
              <p className="font-medium text-slate-900 dark:text-slate-100">
                {status?.from
                  ? `${label(status.from)} → ${label(status.to)}`
                  : status
                    ? `Recorded as ${label(status.to)}`
                    : "Handed over"}
              </p>
              {typeof assigned === "string" ? (
                <p className="text-slate-800 dark:text-slate-200">Assigned to: {assigned}</p>
              ) : null}
              <p className="text-slate-600 dark:text-slate-400">
                {h.changed_by?.name ?? "Someone"}, {formatDateTime(h.changed_at)}
              </p>
              {typeof note === "string" ? (
                <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{note}</p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
