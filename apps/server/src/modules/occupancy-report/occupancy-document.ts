import type { OccupancyFigures, OccupancyReport } from "@keyholder/contracts/occupancy-report";
import { percentOf } from "@keyholder/contracts/reports";
import type { ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";

const cellsOf = (label: string, f: OccupancyFigures) => [
  label,
  f.units,
  f.occupied,
  f.units - f.occupied,
  percentOf(f.occupied, f.units),
  f.market_rent_cents,
  f.rent_charged_cents,
  percentOf(f.rent_charged_cents, f.market_rent_cents),
];

/** Occupancy as a table to download: by month, by property on the last day, then the units vacant longest. */
export function occupancyDocument(o: OccupancyReport): ReportDocument {
  const rows: ReportRow[] = [
    { cells: ["By month"], style: "heading" },
    ...o.months.map((m) => ({ cells: cellsOf(m.day, m) })),
    { cells: [`By property on ${o.to}`], style: "heading" },
    ...o.by_property.map((p) => ({ cells: cellsOf(p.property.name, p) })),
    { cells: [`Vacant longest on ${o.to} (unit, market rent, vacant since, days)`], style: "heading" },
    ...o.vacant_longest.map((v) => ({
      cells: [
        `${v.property.name} ${v.unit_number}`,
        null,
        null,
        null,
        v.vacant_since ?? "Never leased",
        v.market_rent_cents,
        null,
        v.days_vacant === null ? "" : `${v.days_vacant.toLocaleString("en-US")} days`,
      ],
    })),
  ];
  return {
    title: "Occupancy",
    lines: [`${o.from} to ${o.to}`, o.property ? `Property: ${o.property.name}` : "All properties"],
    fileName: `occupancy-${o.from}-${o.to}`,
    columns: [
      { label: "", kind: "text", width: 24 },
      { label: "Units", kind: "count", width: 8 },
      { label: "Occupied", kind: "count", width: 9 },
      { label: "Vacant", kind: "count", width: 8 },
      { label: "Physical", kind: "text", width: 11 },
      { label: "Market rent", kind: "cents", width: 13 },
      { label: "Rent charged", kind: "cents", width: 13 },
      { label: "Economic", kind: "text", width: 11 },
    ],
    rows,
  };
}
