import { MAINTENANCE_PRIORITY_LABELS, MAINTENANCE_STATUS_LABELS } from "@keyholder/contracts/maintenance";
import {
  type MaintenanceAging,
  type MaintenanceAgingRow,
  maintenanceAgeLabels,
} from "@keyholder/contracts/maintenance-reports";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";
import { requestCells, requestColumns, requestLabelCells } from "./request-report-columns.ts";

/** What the file counts below its rows. */
export type AgingFigures = Pick<MaintenanceAging, "ages" | "overdue_by_age" | "by_priority" | "by_status">;

/** Open requests by age as a table to download: oldest first, then the count by age, priority and status. */
export function maintenanceAgingDocument(a: MaintenanceAging): ReportDocument {
  return maintenanceAgingFile(a, a.rows, () => a);
}

/** The file from its rows as they are read (all at once, or in pages for a background run), the counts after them. */
export function maintenanceAgingFile(
  frame: Pick<MaintenanceAging, "as_of" | "property">,
  requestRows: Iterable<MaintenanceAgingRow> | AsyncIterable<MaintenanceAgingRow>,
  figures: () => AgingFigures,
): ReportDocument {
  const portfolio = frame.property === null;
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
  async function* rows(): AsyncIterable<ReportRow> {
    let [open, overdue] = [0, 0];
    for await (const r of requestRows) {
      open++;
      if (r.days_overdue > 0) overdue++;
      yield {
        cells: [
          ...requestCells(portfolio, r),
          MAINTENANCE_STATUS_LABELS[r.status],
          r.created_on,
          r.age_days,
          r.due_on,
          r.days_overdue || null,
          r.assigned_to,
        ],
      };
    }
    const f = figures();
    yield { ...summary("Total", open, overdue), style: "total" };
    yield { cells: ["By age"], style: "heading" };
    for (const [i, label] of maintenanceAgeLabels.entries())
      yield summary(label, f.ages[i] ?? 0, f.overdue_by_age[i] ?? 0);
    yield { cells: ["By priority"], style: "heading" };
    for (const p of f.by_priority) yield summary(MAINTENANCE_PRIORITY_LABELS[p.priority], p.open, p.overdue);
    yield { cells: ["By status"], style: "heading" };
    for (const s of f.by_status) yield summary(MAINTENANCE_STATUS_LABELS[s.status], s.open, null);
  }
  return {
    title: "Open maintenance requests by age",
    lines: [`As of ${frame.as_of}`, frame.property ? `Property: ${frame.property.name}` : "All properties"],
    fileName: `maintenance-aging-${frame.as_of}`,
    columns,
    rows: rows(),
  };
}
