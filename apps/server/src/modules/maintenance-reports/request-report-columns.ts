import {
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_PRIORITY_LABELS,
  type MaintenanceCategory,
  type MaintenancePriority,
} from "@keyholder/contracts/maintenance";
import type { ReportCell, ReportColumn } from "../../lib/reports/report-document.ts";

/**
 * The columns a downloaded report of maintenance requests starts with: the request's number and
 * title, the property when it covers all of them, where, the category and the priority.
 */
export const requestColumns = (portfolio: boolean): ReportColumn[] => [
  { label: "Request", kind: "count", width: 8 },
  { label: "Title", kind: "text", width: 24 },
  ...(portfolio ? [{ label: "Property", kind: "text" as const, width: 18 }] : []),
  { label: "Location", kind: "text", width: 12 },
  { label: "Category", kind: "text", width: 11 },
  { label: "Priority", kind: "text", width: 10 },
];

/** A request's cells under those columns. */
export const requestCells = (
  portfolio: boolean,
  r: {
    request: { request_no: number };
    title: string;
    property: { name: string };
    location_name: string | null;
    category: MaintenanceCategory;
    priority: MaintenancePriority;
  },
): ReportCell[] => [
  r.request.request_no,
  r.title,
  ...(portfolio ? [r.property.name] : []),
  r.location_name,
  MAINTENANCE_CATEGORY_LABELS[r.category],
  MAINTENANCE_PRIORITY_LABELS[r.priority],
];

/** A label in the title's place under those columns, the rest empty (a total, a group). */
export const requestLabelCells = (portfolio: boolean, label: string): ReportCell[] =>
  requestColumns(portfolio).map((c, i) => (i === 1 ? label : c.kind === "text" ? "" : null));
