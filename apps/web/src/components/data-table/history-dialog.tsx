import type { HistoryEntry } from "@keyholder/contracts/history";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "../../lib/format.ts";
import { Alert } from "../ui/alert.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { mutedText } from "./grid-styles.ts";

export interface HistoryField {
  label: string;
  /** Shows a stored value the way the grid does ('$1,200', 'Active'). */
  format?(value: unknown): string;
}

const ACTIONS: Record<HistoryEntry["action"], string> = {
  create: "Created",
  update: "Edited",
  delete: "Deleted",
  restore: "Restored",
};

export function formatHistoryValue(field: HistoryField | undefined, value: unknown) {
  if (value === null || value === undefined || value === "") return "(empty)";
  return field?.format ? field.format(value) : String(value);
}

/** A record's audit trail, newest first: who, when, and 'Base Rent: $1,200 → $1,350' per changed field. */
export function HistoryTimeline({
  queryKey,
  load,
  fields,
}: {
  queryKey: readonly unknown[];
  load(): Promise<HistoryEntry[]>;
  fields: Record<string, HistoryField>;
}) {
  const history = useQuery({ queryKey, queryFn: load });
  if (history.isPending) return <Spinner label="Loading history" />;
  if (history.isError) return <Alert>Failed to load the history. Please try again later.</Alert>;
  if (!history.data.length) return <p className={`text-sm ${mutedText}`}>No changes have been recorded yet.</p>;
  return (
    <ol aria-label="Changes" className="flex flex-col gap-3">
      {history.data.map((entry) => {
        const changes = Object.entries(entry.changes);
        return (
          <li key={entry.id} className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
            <p className="text-sm">
              <span className="font-semibold">{ACTIONS[entry.action]}</span> by{" "}
              <span className="font-medium">{entry.changed_by?.name ?? "a former user"}</span>{" "}
              <time dateTime={entry.changed_at} className={mutedText}>
                on {formatDateTime(entry.changed_at)}
              </time>
            </p>
            {entry.action === "update" && changes.length ? (
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
                {changes.map(([field, change]) => {
                  const def = fields[field];
                  return (
                    <li key={field}>
                      {def?.label ?? field}: {formatHistoryValue(def, change.from)} →{" "}
                      {formatHistoryValue(def, change.to)}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
