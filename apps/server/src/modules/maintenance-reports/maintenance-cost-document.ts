import { MAINTENANCE_CATEGORY_LABELS } from "@keyholder/contracts/maintenance";
import { type CostFigures, type MaintenanceCost, VENDORLESS_LABEL } from "@keyholder/contracts/maintenance-reports";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";

/** Maintenance cost as a table to download: by property, by category and by vendor, each with its total. */
export function maintenanceCostDocument(c: MaintenanceCost): ReportDocument {
  const columns: ReportColumn[] = [
    { label: "", kind: "text", width: 26 },
    { label: "Requests", kind: "count", width: 9 },
    { label: "Labor", kind: "cents", width: 12 },
    { label: "Material", kind: "cents", width: 12 },
    { label: "Other", kind: "cents", width: 12 },
    { label: "Total", kind: "cents", width: 12 },
    { label: "Billable to residents", kind: "cents", width: 12 },
  ];
  const line = (label: string, f: CostFigures, style?: ReportRow["style"]): ReportRow => ({
    cells: [label, f.requests, f.labor_cents, f.material_cents, f.other_cents, f.total_cents, f.billable_cents],
    ...(style ? { style } : {}),
  });
  const section = (title: string, lines: ReportRow[]) =>
    lines.length ? [{ cells: [title], style: "heading" as const }, ...lines, line("Total", c.total, "total")] : [];
  return {
    title: "Maintenance cost",
    lines: [`Work from ${c.from} to ${c.to}`, c.property ? `Property: ${c.property.name}` : "All properties"],
    fileName: `maintenance-cost-${c.from}-${c.to}`,
    columns,
    rows: [
      ...section(
        "By property",
        c.by_property.map((p) => line(p.property.name, p)),
      ),
      ...section(
        "By category",
        c.by_category.map((p) => line(MAINTENANCE_CATEGORY_LABELS[p.category], p)),
      ),
      ...section(
        "By vendor",
        c.by_vendor.map((p) => line(p.vendor?.name ?? VENDORLESS_LABEL, p)),
      ),
    ],
  };
}
