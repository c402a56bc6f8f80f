import { MAINTENANCE_PRIORITY_LABELS, MAINTENANCE_STATUS_LABELS } from "@keyholder/contracts/maintenance";
import { type MaintenanceAging, maintenanceAgeLabels } from "@keyholder/contracts/maintenance-reports";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";
import { requestCells, requestColumns, requestLabelCells } from "./request-report-columns.ts";

/** Open requests by age as a table to download: oldest first, then the count by age, priority and status. */
export function maintenanceAgingDocument(a: MaintenanceAging): ReportDocument {
  const portfolio = a.property === null;
  const columns: ReportColumn[] = [
    ...requestColumns(portfolio),
    { label: "Status", kind: "text", width: 11 },
    { label: "Made", kind: "date", width: 11 },
    { label: "Days open", kind: "count", width: 8 },
    { label: "Due", kind: "date", width: 11 },
    { label: "Days overdue", kind: "count", width: 8 },
    { label: "Assigned to", kind: "text", width: 16 },
  ];
  // A count in the title's place ("8–30 days: 3 open, 1 overdue"): the columns are a request's.
  const summary = (label: string, open: number, overdue: number | null): ReportRow => ({
    cells: requestLabelCells(
      portfolio,
      `${label}: ${open.toLocaleString("en-US")} open${overdue === null ? "" : `, ${overdue.toLocaleString("en-US")} overdue`}`,
    ),
  });
  const rows: ReportRow[] = a.rows.map((r) => ({
    cells: [
      ...requestCells(portfolio, r),
      MAINTENANCE_STATUS_LABELS[r.status],
      r.created_on,
      r.age_days,
      r.due_on,
      r.days_overdue || null,
      r.assigned_to,
    ],
  }));
  const overdue = a.rows.filter((r) => r.days_overdue > 0).length;
  rows.push({ ...summary("Total", a.rows.length, overdue), style: "total" });
  rows.push({ cells: ["By age"], style: "heading" });
  maintenanceAgeLabels.forEach((label, i) => {
    rows.push(summary(label, a.ages[i] ?? 0, a.overdue_by_age[i] ?? 0));
  });
  rows.push({ cells: ["By priority"], style: "heading" });
  for (const p of a.by_priority) rows.push(summary(MAINTENANCE_PRIORITY_LABELS[p.priority], p.open, p.overdue));
  rows.push({ cells: ["By status"], style: "heading" });
  for (const s of a.by_status) rows.push(summary(MAINTENANCE_STATUS_LABELS[s.status], s.open, null));
  return {
    title: "Open maintenance requests by age",
    lines: [`As of ${a.as_of}`, a.property ? `Property: ${a.property.name}` : "All properties"],
    fileName: `maintenance-aging-${a.as_of}`,
    columns,
    rows,
  };
}
