import {
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_PRIORITY_LABELS,
  MAINTENANCE_STATUS_LABELS,
} from "@keyholder/contracts/maintenance";
import {
  type MaintenanceAgingRow,
  maintenanceAgeLabels,
  type MaintenanceAging as Report,
} from "@keyholder/contracts/maintenance-reports";
import { countOf, percentOf } from "@keyholder/contracts/reports";
import { BarChart } from "../../../components/charts/bar-chart.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { type MaintenanceAgingParams, maintenanceAgingQuery } from "../api/get-maintenance-aging.ts";
import { KeyFigures } from "./key-figures.tsx";
import { coveredBy, ReportScreen } from "./report-screen.tsx";
import { RequestLink } from "./request-link.tsx";

const count = (n: number) => n.toLocaleString("en-US");
const overdueOf = (a: { overdue_by_age: number[] }) => a.overdue_by_age.reduce((s, n) => s + n, 0);

function columnsOf(portfolio: boolean): ReadOnlyColumn<MaintenanceAgingRow>[] {
  return [
    { header: "Request", cell: (r) => <RequestLink request={r.request} title={r.title} /> },
    ...(portfolio ? [{ header: "Property", cell: (r: MaintenanceAgingRow) => r.property.name }] : []),
    { header: "Location", cell: (r) => r.location_name },
    { header: "Category", cell: (r) => MAINTENANCE_CATEGORY_LABELS[r.category] },
    { header: "Priority", cell: (r) => MAINTENANCE_PRIORITY_LABELS[r.priority] },
    { header: "Status", cell: (r) => MAINTENANCE_STATUS_LABELS[r.status] },
    { header: "Made", cell: (r) => r.created_on },
    { header: "Days open", align: "right", cell: (r) => count(r.age_days) },
    { header: "Due", cell: (r) => r.due_on },
    { header: "Days overdue", align: "right", cell: (r) => (r.days_overdue ? count(r.days_overdue) : "") },
    { header: "Assigned to", cell: (r) => r.assigned_to ?? "Nobody" },
  ];
}

type PriorityLine = Report["by_priority"][number];
const priorityColumns: ReadOnlyColumn<PriorityLine>[] = [
  { header: "Priority", cell: (p) => MAINTENANCE_PRIORITY_LABELS[p.priority] },
  { header: "Open", align: "right", cell: (p) => count(p.open) },
  { header: "Overdue", align: "right", cell: (p) => count(p.overdue) },
  ...maintenanceAgeLabels.map(
    (label, i): ReadOnlyColumn<PriorityLine> => ({ header: label, align: "right", cell: (p) => count(p.ages[i] ?? 0) }),
  ),
];

/**
 * Reports > Maintenance > Open requests by age: the requests open at the end of any day, oldest
 * first, where each stood that day and whether it was overdue; the backlog by age, priority and
 * status. The address keeps the parameters; downloads as CSV, Excel and PDF.
 */
export function MaintenanceAging({
  params,
  onParamsChange,
}: {
  params: MaintenanceAgingParams;
  onParamsChange(params: MaintenanceAgingParams): void;
}) {
  const query = { as_of: params.as_of, property_id: params.property_id };
  return (
    <ReportScreen
      report="maintenance-aging"
      address={query}
      query={maintenanceAgingQuery(query)}
      params={params}
      onChange={(change) => onParamsChange({ ...query, ...change })}
      loading="open requests"
      status={(data) => {
        const overdue = overdueOf(data);
        return (
          <>
            {countOf(data.rows.length, "request")} open at the end of {data.as_of}
            {coveredBy(data)}; {count(overdue)} overdue
          </>
        );
      }}
    >
      {(data) => {
        const overdue = overdueOf(data);
        return (
          <>
            <KeyFigures
              label="Key figures"
              figures={[
                { label: "Open", value: count(data.rows.length) },
                { label: "Overdue", value: count(overdue), note: `${percentOf(overdue, data.rows.length)} of open` },
                ...data.by_priority
                  .filter((p) => p.priority === "emergency" || p.priority === "urgent")
                  .map((p) => ({
                    label: MAINTENANCE_PRIORITY_LABELS[p.priority],
                    value: count(p.open),
                    note: `${count(p.overdue)} overdue`,
                  })),
                { label: "Oldest", value: data.rows.length ? `${count(data.rows[0]?.age_days ?? 0)} days` : "–" },
              ]}
            />
            <BarChart
              title="Open requests by age"
              bars={maintenanceAgeLabels.map((label, i) => ({ label, value: data.ages[i] ?? 0 }))}
              format={count}
            />
            <ReadOnlyTable caption="By priority" columns={priorityColumns} rows={data.by_priority} />
            <ReadOnlyTable
              caption="By status"
              columns={[
                { header: "Status", cell: (s) => MAINTENANCE_STATUS_LABELS[s.status] },
                { header: "Open", align: "right", cell: (s) => count(s.open) },
              ]}
              rows={data.by_status}
            />
            {data.rows.length ? (
              <ReadOnlyTable
                caption="Open requests, oldest first"
                columns={columnsOf(data.property === null)}
                rows={data.rows}
                rowKey={(r) => r.request.id}
              />
            ) : (
              <p className="text-sm text-slate-700 dark:text-slate-200">
                No request was open at the end of {data.as_of}.
              </p>
            )}
          </>
        );
      }}
    </ReportScreen>
  );
}
