import { MAINTENANCE_PRIORITY_LABELS } from "@keyholder/contracts/maintenance";
import {
  averageDays,
  type CompletionFigures,
  type MaintenanceCompletion,
  type MaintenanceCompletionRow,
} from "@keyholder/contracts/maintenance-reports";
import { percentOf } from "@keyholder/contracts/reports";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";
import { requestCells, requestColumns, requestLabelCells } from "./request-report-columns.ts";

/** "12 completed, 10 on time (83.3%), 2 late, 2.5 days on average". */
export const completionSummary = (f: CompletionFigures) =>
  `${f.completed.toLocaleString("en-US")} completed, ${f.on_time.toLocaleString("en-US")} on time (${percentOf(f.on_time, f.completed)}), ${f.late.toLocaleString("en-US")} late, ${averageDays(f)} days on average`;

/** What the file counts below its rows. */
export type CompletionTotals = Pick<MaintenanceCompletion, "by_priority" | "total">;

/** Completed requests as a table to download: in the order completed, then on time and late by priority. */
export function maintenanceCompletionDocument(c: MaintenanceCompletion): ReportDocument {
  return maintenanceCompletionFile(c, c.rows, () => c);
}

/** The file from its rows as they are read (all at once, or in pages for a background run), the counts after them. */
export function maintenanceCompletionFile(
  frame: Pick<MaintenanceCompletion, "from" | "to" | "property">,
  requestRows: Iterable<MaintenanceCompletionRow> | AsyncIterable<MaintenanceCompletionRow>,
  totals: () => CompletionTotals,
): ReportDocument {
  const portfolio = frame.property === null;
  const columns: ReportColumn[] = [
    ...requestColumns(portfolio),
    { label: "Made", kind: "date", width: 11 },
    { label: "Due", kind: "date", width: 11 },
    { label: "Completed", kind: "date", width: 11 },
    { label: "Days taken", kind: "count", width: 8 },
    { label: "Days late", kind: "count", width: 8 },
    { label: "Done by", kind: "text", width: 16 },
  ];
  const summary = (label: string, f: CompletionFigures): ReportRow => ({
    cells: requestLabelCells(portfolio, `${label}: ${completionSummary(f)}`),
  });
  async function* rows(): AsyncIterable<ReportRow> {
    for await (const r of requestRows)
      yield {
        cells: [
          ...requestCells(portfolio, r),
          r.created_on,
          r.due_on,
          r.completed_on,
          r.days_to_complete,
          r.days_late || null,
          r.assigned_to,
        ],
      };
    const t = totals();
    yield { ...summary("Total", t.total), style: "total" };
    yield { cells: ["By priority"], style: "heading" };
    for (const p of t.by_priority) yield summary(MAINTENANCE_PRIORITY_LABELS[p.priority], p);
  }
  return {
    title: "Maintenance completed on time",
    lines: [
      `Completed from ${frame.from} to ${frame.to}`,
      frame.property ? `Property: ${frame.property.name}` : "All properties",
    ],
    fileName: `maintenance-completion-${frame.from}-${frame.to}`,
    columns,
    rows: rows(),
  };
}
