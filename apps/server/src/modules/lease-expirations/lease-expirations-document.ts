import {
  type LeaseExpiration,
  type LeaseExpirations,
  renewalStandingLabels,
} from "@keyholder/contracts/lease-expirations";
import { countOf } from "@keyholder/contracts/reports";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";
import { leaseCells, leaseColumns, leaseLabelCells } from "../leases/lease-report-columns.ts";

/** Lease expirations as a table to download: soonest first, then the count and rent ending in each window. */
export function leaseExpirationsDocument(e: LeaseExpirations): ReportDocument {
  return leaseExpirationsFile(e, e.rows, () => e.windows);
}

/**
 * The file from its rows as they are read (all at once, or in pages for a background run), the
 * windows' counts taken once the rows have passed.
 */
export function leaseExpirationsFile(
  frame: Pick<LeaseExpirations, "as_of" | "through" | "days" | "property">,
  leaseRows: Iterable<LeaseExpiration> | AsyncIterable<LeaseExpiration>,
  windows: () => LeaseExpirations["windows"],
): ReportDocument {
  const portfolio = frame.property === null;
  const columns: ReportColumn[] = [
    ...leaseColumns(portfolio),
    { label: "Lease end", kind: "date", width: 12 },
    { label: "Days left", kind: "count", width: 8 },
    { label: "Rent", kind: "cents", width: 11 },
    { label: "Renewal", kind: "text", width: 14 },
    { label: "Offered rent", kind: "cents", width: 11 },
    { label: "Move-out", kind: "date", width: 12 },
  ];
  async function* rows(): AsyncIterable<ReportRow> {
    for await (const r of leaseRows)
      yield {
        cells: [
          ...leaseCells(portfolio, r),
          r.end_date,
          r.days_left,
          r.rent_cents,
          renewalStandingLabels[r.renewal],
          r.offered_rent_cents,
          r.move_out_date,
        ],
      };
    for (const w of windows())
      yield {
        cells: [
          ...leaseLabelCells(portfolio, `Ending within ${w.days} days: ${countOf(w.leases, "lease")}`),
          null,
          null,
          w.rent_cents,
        ],
        style: "total",
      };
  }
  return {
    title: "Lease expirations",
    lines: [
      `Ending from ${frame.as_of} to ${frame.through} (${frame.days} days)`,
      frame.property ? `Property: ${frame.property.name}` : "All properties",
    ],
    fileName: `lease-expirations-${frame.as_of}-${frame.days}`,
    columns,
    rows: rows(),
  };
}
