import { isCivilDate } from "@keyholder/contracts/civil-date";
import { jobStatusLabels } from "@keyholder/contracts/jobs";
import type { ChargeRun } from "@keyholder/contracts/ledger";
import { formatCents } from "@keyholder/contracts/money";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { chargeRunsQuery, periodsQuery, startChargeRun, trialBalanceKey } from "../api/accounting.ts";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What a run did or is doing, in a sentence. */
function runSummary(run: ChargeRun) {
  const p = run.posted;
  if (run.status === "queued") return run.error ? `Waiting to try again: ${run.error}` : "Waiting to start";
  if (run.status === "running") {
    return run.progress.phase === "charges"
      ? `Charging: ${run.progress.charges_done.toLocaleString("en-US")} of ${plural(run.progress.charges_total, "recurring charge", "recurring charges")}`
      : "Deciding late fees";
  }
  if (run.status === "failed") return `Failed: ${run.error ?? "no reason given"}`;
  const parts = [
    `${plural(p.charges, "charge", "charges")} (${formatCents(p.charges_cents)})`,
    `${plural(p.late_fees, "late fee", "late fees")} (${formatCents(p.late_fees_cents)})`,
  ];
  if (p.skipped_closed_periods)
    parts.push(`${plural(p.skipped_closed_periods, "due in a closed period", "due in closed periods")}, not posted`);
  return `Posted ${parts.join(", ")}`;
}

/**
 * Charge runs: the schedule posts each day's recurring charges and late fees by itself; an
 * administrator can run them now through a day, and follows each run's progress and result here.
 */
export function ChargeRuns({ today }: { today: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(chargeRunsQuery);
  const [through, setThrough] = useState(today);
  const wasActive = useRef(false);
  const start = useMutation({
    mutationFn: startChargeRun,
    onSuccess: () => {
      // It may have finished before the list is asked again: its end still refreshes the figures.
      wasActive.current = true;
      return queryClient.invalidateQueries({ queryKey: chargeRunsQuery.queryKey });
    },
  });
  const fieldErrors = start.error instanceof ApiError ? start.error.fields?.through : undefined;
  // When a run ends, what it posted shows in the trial balance and the periods at once.
  const runs = query.data?.runs;
  useEffect(() => {
    if (!runs) return;
    const active = runs.some((r) => r.status === "queued" || r.status === "running");
    if (wasActive.current && !active) {
      void queryClient.invalidateQueries({ queryKey: periodsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: trialBalanceKey });
    }
    wasActive.current = active;
  }, [runs, queryClient]);
  return (
    <div className="flex flex-col gap-3">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (isCivilDate(through)) start.mutate(through);
        }}
      >
        <div className="w-48">
          <DatePicker
            label="Through"
            name="through"
            value={through}
            onChange={setThrough}
            errors={fieldErrors ?? (isCivilDate(through) ? undefined : ["Enter a date"])}
          />
        </div>
        <Button type="submit" isPending={start.isPending} isDisabled={!isCivilDate(through)}>
          Run charges now
        </Button>
      </form>
      {start.isError && !fieldErrors ? <Alert>{start.error.message}</Alert> : null}
      {query.isPending ? <Spinner label="Loading charge runs" /> : null}
      {query.isError ? <Alert>{query.error.message}</Alert> : null}
      {query.data && query.data.runs.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No charge run yet.</p>
      ) : null}
      {query.data && query.data.runs.length > 0 ? (
        <ul
          aria-label="Charge runs"
          className="flex max-w-3xl flex-col divide-y divide-slate-200 dark:divide-slate-800"
        >
          {query.data.runs.map((run) => (
            <li key={run.id} className="py-2 text-sm">
              <p className="font-medium">
                Through {run.through} · {jobStatusLabels[run.status]} ·{" "}
                {run.trigger === "schedule" ? "scheduled" : `asked for by ${run.requested_by?.name ?? "a user"}`}
              </p>
              <p
                aria-live={run.status === "running" ? "polite" : undefined}
                className="text-slate-700 dark:text-slate-300"
              >
                {runSummary(run)}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                Started {new Date(run.started_at ?? run.created_at).toLocaleString("en-US")}
                {run.finished_at ? `, finished ${new Date(run.finished_at).toLocaleString("en-US")}` : ""}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
