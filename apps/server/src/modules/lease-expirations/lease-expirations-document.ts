import { type LeaseExpirations, renewalStandingLabels } from "@keyholder/contracts/lease-expirations";
import { countOf } from "@keyholder/contracts/reports";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";
import { leaseCells, leaseColumns, leaseLabelCells } from "../leases/lease-report-columns.ts";

/** Lease expirations as a table to download: soonest first, then the count and rent ending in each window. */
export function leaseExpirationsDocument(e: LeaseExpirations): ReportDocument {
  const portfolio = e.property === null;
  const columns: ReportColumn[] = [
    ...leaseColumns(portfolio),
    { label: "Lease end", kind: "date", width: 12 },
    { label: "Days left", kind: "count", width: 8 },
    { label: "Rent", kind: "cents", width: 11 },
    { label: "Renewal", kind: "text", width: 14 },
    { label: "Offered rent", kind: "cents", width: 11 },
    { label: "Move-out", kind: "date", width: 12 },
  ];
  const rows: ReportRow[] = e.rows.map((r) => ({
    cells: [
      ...leaseCells(portfolio, r),
      r.end_date,
      r.days_left,
      r.rent_cents,
      renewalStandingLabels[r.renewal],
      r.offered_rent_cents,
      r.move_out_date,
    ],
  }));
  for (const w of e.windows)
    rows.push({
      cells: [
        ...leaseLabelCells(portfolio, `Ending within ${w.days} days: ${countOf(w.leases, "lease")}`),
        null,
        null,
        w.rent_cents,
      ],
      style: "total",
    });
  return {
    title: "Lease expirations",
    lines: [
      `Ending from ${e.as_of} to ${e.through} (${e.days} days)`,
      e.property ? `Property: ${e.property.name}` : "All properties",
    ],
    fileName: `lease-expirations-${e.as_of}-${e.days}`,
    columns,
    rows,
  };
}
