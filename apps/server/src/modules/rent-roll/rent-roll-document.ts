import {
  RENT_ROLL_FIGURE_LABELS,
  type RentRoll,
  type RentRollFigures,
  rentRollFigures,
  rentRollSectionLabels,
  sumRentRollFigures,
} from "@keyholder/contracts/rent-roll";
import { countOf, percentOf } from "@keyholder/contracts/reports";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";
import { leaseCells, leaseColumns, leaseLabelCells } from "../leases/lease-report-columns.ts";

/** The rent roll as a table to download: a section each (current, on notice, vacant) with its subtotal, then the totals. */
export function rentRollDocument(roll: RentRoll): ReportDocument {
  const portfolio = roll.property === null;
  const columns: ReportColumn[] = [
    ...leaseColumns(portfolio),
    ...RENT_ROLL_FIGURE_LABELS.map((label) => ({ label, kind: "cents" as const, width: 11 })),
    { label: "Lease start", kind: "date", width: 12 },
    { label: "Lease end", kind: "date", width: 12 },
    { label: "Move-in", kind: "date", width: 12 },
    { label: "Move-out", kind: "date", width: 12 },
    { label: "Days vacant", kind: "count", width: 7 },
  ];
  const lead = (label: string) => leaseLabelCells(portfolio, label);
  const total = (label: string, f: RentRollFigures): ReportRow => ({
    cells: [...lead(label), ...f, null, null, null, null, null],
    style: "total",
  });
  const balanceOnly = (cents: number): RentRollFigures => [null, null, null, null, cents];
  const out: ReportRow[] = [];
  for (const section of ["current", "notice", "vacant"] as const) {
    const rows = roll.rows.filter((r) => r.section === section);
    if (!rows.length) continue;
    const label = rentRollSectionLabels[section];
    out.push({ cells: [`${label} (${rows.length})`], style: "heading" });
    for (const r of rows) {
      out.push({
        cells: [
          ...leaseCells(portfolio, r),
          ...rentRollFigures(r),
          r.start_date,
          r.end_date,
          r.move_in_date,
          r.move_out_date,
          r.days_vacant,
        ],
      });
    }
    out.push(total(`Total ${label.toLowerCase()}`, sumRentRollFigures(rows)));
  }
  out.push(total(`Total, ${countOf(roll.totals.units, "unit")}`, sumRentRollFigures(roll.rows)));
  out.push(total("Balances of leases not on the roll", balanceOnly(roll.other_leases_balance_cents)));
  out.push(total("Tenants' balances", balanceOnly(roll.totals.balance_cents + roll.other_leases_balance_cents)));
  return {
    title: "Rent roll",
    lines: [
      `As of ${roll.as_of}`,
      roll.property ? `Property: ${roll.property.name}` : "All properties",
      `${countOf(roll.totals.units, "unit")}: ${roll.totals.occupied} occupied (${percentOf(roll.totals.occupied, roll.totals.units)}), ${roll.totals.notice} on notice, ${roll.totals.vacant} vacant`,
    ],
    fileName: `rent-roll-${roll.as_of}`,
    columns,
    rows: out,
  };
}
