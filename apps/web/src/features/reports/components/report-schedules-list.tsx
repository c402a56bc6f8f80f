import { ordinal, type ReportSchedule } from "@keyholder/contracts/report-runs";
import { reportFormatLabels } from "@keyholder/contracts/reports";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { changeReportSchedule } from "../api/change-report-schedule.ts";
import { deleteReportSchedule } from "../api/delete-report-schedule.ts";
import { reportSchedulesKey, reportSchedulesQuery } from "../api/get-report-schedules.ts";
import { runForOf } from "./report-runs-list.tsx";

/** A schedule's actions: pause or resume it, stop it. */
function Actions({ schedule }: { schedule: ReportSchedule }) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: reportSchedulesKey });
  const toggle = useMutation({
    mutationFn: () => changeReportSchedule(schedule.id, { is_active: !schedule.is_active }),
    onSuccess: done,
  });
  const stop = useMutation({ mutationFn: () => deleteReportSchedule(schedule.id), onSuccess: done });
  const error = toggle.error ?? stop.error;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" isPending={toggle.isPending} onPress={() => toggle.mutate()}>
        {schedule.is_active ? `Pause ${schedule.title}` : `Resume ${schedule.title}`}
      </Button>
      <Button variant="secondary" isPending={stop.isPending} onPress={() => stop.mutate()}>
        Stop sending {schedule.title}
      </Button>
      {error ? <Alert>{error.message}</Alert> : null}
    </span>
  );
}

const columns: ReadOnlyColumn<ReportSchedule>[] = [
  { header: "Report", cell: (s) => s.title },
  { header: "Run for", cell: (s) => runForOf(s.params) },
  { header: "Format", cell: (s) => reportFormatLabels[s.format] },
  { header: "Sent", cell: (s) => (s.is_active ? `On the ${ordinal(s.day_of_month)} of each month` : "Paused") },
  { header: "Next", cell: (s) => s.next_on ?? "" },
  { header: "Actions", hideHeader: true, cell: (s) => <Actions schedule={s} /> },
];

/** The reports emailed to the user each month, paused or stopped from here. */
export function ReportSchedulesList() {
  const schedules = useQuery(reportSchedulesQuery);
  const list = schedules.data?.schedules ?? [];
  if (!list.length) return null;
  return (
    <details className="mb-4 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-semibold text-slate-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-100">
        Sent each month ({list.length})
      </summary>
      <div className="mt-2">
        <ReadOnlyTable label="Sent each month" columns={columns} rows={list} rowKey={(s) => s.id} />
      </div>
    </details>
  );
}
