import { MAINTENANCE_CATEGORY_LABELS, MAINTENANCE_PRIORITY_LABELS } from "@keyholder/contracts/maintenance";
import {
  averageDays,
  type CompletionFigures,
  type MaintenanceCompletionRow,
} from "@keyholder/contracts/maintenance-reports";
import { countOf, percentOf } from "@keyholder/contracts/reports";
import { BarChart } from "../../../components/charts/bar-chart.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { type MaintenanceCompletionParams, maintenanceCompletionQuery } from "../api/get-maintenance-completion.ts";
import { KeyFigures } from "./key-figures.tsx";
import { coveredBy, ReportScreen } from "./report-screen.tsx";
import { RequestLink } from "./request-link.tsx";

const count = (n: number) => n.toLocaleString("en-US");

function columnsOf(portfolio: boolean): ReadOnlyColumn<MaintenanceCompletionRow>[] {
  return [
    { header: "Request", cell: (r) => <RequestLink request={r.request} title={r.title} /> },
    ...(portfolio ? [{ header: "Property", cell: (r: MaintenanceCompletionRow) => r.property.name }] : []),
    { header: "Location", cell: (r) => r.location_name },
    { header: "Category", cell: (r) => MAINTENANCE_CATEGORY_LABELS[r.category] },
    { header: "Priority", cell: (r) => MAINTENANCE_PRIORITY_LABELS[r.priority] },
    { header: "Made", cell: (r) => r.created_on },
    { header: "Due", cell: (r) => r.due_on },
    { header: "Completed", cell: (r) => r.completed_on },
    { header: "Days taken", align: "right", cell: (r) => count(r.days_to_complete) },
    { header: "Days late", align: "right", cell: (r) => (r.days_late ? count(r.days_late) : "") },
    { header: "Done by", cell: (r) => r.assigned_to },
  ];
}

type PriorityLine = CompletionFigures & { label: string; total?: true };
const priorityColumns: ReadOnlyColumn<PriorityLine>[] = [
  { header: "Priority", cell: (p) => p.label },
  { header: "Completed", align: "right", cell: (p) => count(p.completed) },
  { header: "On time", align: "right", cell: (p) => count(p.on_time) },
  { header: "Late", align: "right", cell: (p) => count(p.late) },
  { header: "On time %", align: "right", cell: (p) => (p.completed ? percentOf(p.on_time, p.completed) : "–") },
  { header: "Average days", align: "right", cell: (p) => averageDays(p) },
];

/**
 * Reports > Maintenance > Completed on time: the requests completed in a span of days, on time or
 * late by priority, and the days each took from request to completion. The address keeps the
 * parameters; downloads as CSV, Excel and PDF.
 */
export function MaintenanceCompletion({
  params,
  onParamsChange,
}: {
  params: MaintenanceCompletionParams;
  onParamsChange(params: MaintenanceCompletionParams): void;
}) {
  const query = { from: params.from, to: params.to, property_id: params.property_id };
  return (
    <ReportScreen
      report="maintenance-completion"
      address={query}
      query={maintenanceCompletionQuery(query)}
      params={params}
      onChange={(change) => onParamsChange({ ...query, ...change })}
      span="year"
      loading="completed requests"
      status={(data) => (
        <>
          {countOf(data.total.completed, "request")} completed from {data.from} to {data.to}
          {coveredBy(data)}
        </>
      )}
    >
      {(data) => (
        <>
          <KeyFigures
            label="Key figures"
            figures={[
              { label: "Completed", value: count(data.total.completed) },
              {
                label: "On time",
                value: count(data.total.on_time),
                note: data.total.completed ? percentOf(data.total.on_time, data.total.completed) : undefined,
              },
              { label: "Late", value: count(data.total.late) },
              { label: "Average days", value: averageDays(data.total), note: "from request to completion" },
            ]}
          />
          <BarChart
            title="Completed on time by priority"
            bars={data.by_priority.map((p) => ({ label: MAINTENANCE_PRIORITY_LABELS[p.priority], value: p.on_time }))}
            format={count}
          />
          <ReadOnlyTable<PriorityLine>
            caption="By priority"
            columns={priorityColumns}
            rows={[
              ...data.by_priority.map((p) => ({ ...p, label: MAINTENANCE_PRIORITY_LABELS[p.priority] })),
              { ...data.total, label: "Total", total: true },
            ]}
            isTotal={(p) => p.total === true}
          />
          {data.rows.length ? (
            <ReadOnlyTable
              caption="Completed requests"
              columns={columnsOf(data.property === null)}
              rows={data.rows}
              rowKey={(r) => r.request.id}
            />
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              No request was completed from {data.from} to {data.to}.
            </p>
          )}
        </>
      )}
    </ReportScreen>
  );
}
