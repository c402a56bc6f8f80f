import { type LeaseStanding, leaseStandingLabels } from "@keyholder/contracts/delinquency";
import type { ReportCell, ReportColumn } from "../../lib/reports/report-document.ts";

/**
 * The columns a downloaded report of leases starts with (issue 30): the property when it covers all
 * of them, the unit, the tenants, the lease's number and, where asked, its standing on the day.
 */
export const leaseColumns = (portfolio: boolean, withStanding = false): ReportColumn[] => [
  ...(portfolio ? [{ label: "Property", kind: "text" as const, width: 18 }] : []),
  { label: "Unit", kind: "text", width: 9 },
  { label: "Tenant", kind: "text", width: 20 },
  { label: "Lease", kind: "count", width: 7 },
  ...(withStanding ? [{ label: "Status", kind: "text" as const, width: 10 }] : []),
];

/** A lease's cells under those columns. */
export const leaseCells = (
  portfolio: boolean,
  r: {
    property: { name: string };
    unit_names: string;
    tenant_names: string;
    lease: { lease_no: number } | null;
    standing?: LeaseStanding;
  },
): ReportCell[] => [
  ...(portfolio ? [r.property.name] : []),
  r.unit_names,
  r.tenant_names,
  r.lease?.lease_no ?? null,
  ...(r.standing ? [leaseStandingLabels[r.standing]] : []),
];

/** A total's label under those columns, the rest of them empty. */
export const leaseLabelCells = (portfolio: boolean, label: string, withStanding = false): ReportCell[] => [
  label,
  ...leaseColumns(portfolio, withStanding)
    .slice(1)
    .map((c) => (c.kind === "text" ? "" : null)),
];
