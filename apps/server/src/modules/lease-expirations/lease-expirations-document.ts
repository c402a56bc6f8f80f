import { type LeaseExpirations, renewalStandingLabels } from "@keyholder/contracts/lease-expirations";
import { countOf } from "@keyholder/contracts/reports";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";

/** Lease expirations as a table to download: soonest first, then the count and rent ending in each window. */
export function leaseExpirationsDocument(e: LeaseExpirations): ReportDocument {
  const portfolio = e.property === null;
  const columns: ReportColumn[] = [
    ...(portfolio ? [{ label: "Property", kind: "text" as const, width: 18 }] : []),
    { label: "Unit", kind: "text", width: 9 },
    { label: "Tenant", kind: "text", width: 20 },
    { label: "Lease", kind: "count", width: 7 },
    { label: "Lease end", kind: "date", width: 12 },
    { label: "Days left", kind: "count", width: 8 },
    { label: "Rent", kind: "cents", width: 11 },
    { label: "Renewal", kind: "text", width: 14 },
    { label: "Offered rent", kind: "cents", width: 11 },
    { label: "Move-out", kind: "date", width: 12 },
  ];
  const blank = portfolio ? ["", "", "", null] : ["", "", null];
  const rows: ReportRow[] = e.rows.map((r) => ({
    cells: [
      ...(portfolio ? [r.property.name] : []),
      r.unit_names,
      r.tenant_names,
      r.lease.lease_no,
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
        `Ending within ${w.days} days: ${countOf(w.leases, "lease")}`,
        ...blank.slice(1),
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
