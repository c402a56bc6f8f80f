import { agingBucketLabels, type Delinquency, delinquencyTenantLabels } from "@keyholder/contracts/delinquency";
import { countOf } from "@keyholder/contracts/reports";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";
import { leaseCells, leaseColumns, leaseLabelCells } from "../leases/lease-report-columns.ts";

/** Delinquency as a table to download: the leases owing most first, their totals, then the same by charge type. */
export function delinquencyDocument(d: Delinquency): ReportDocument {
  const portfolio = d.property === null;
  const columns: ReportColumn[] = [
    ...leaseColumns(portfolio, true),
    ...agingBucketLabels.map((label) => ({ label, kind: "cents" as const, width: 11 })),
    { label: "Owed", kind: "cents", width: 11 },
    { label: "Credits", kind: "cents", width: 11 },
    { label: "Net owed", kind: "cents", width: 11 },
    { label: "Oldest charge", kind: "date", width: 12 },
  ];
  const lead = (label: string) => leaseLabelCells(portfolio, label, true);
  const out: ReportRow[] = d.rows.map((r) => ({
    cells: [...leaseCells(portfolio, r), ...r.buckets_cents, r.owed_cents, r.credits_cents, r.net_cents, r.oldest_due],
  }));
  const t = d.totals;
  out.push({
    cells: [
      ...lead(`Total, ${countOf(t.leases, "lease")}`),
      ...t.buckets_cents,
      t.owed_cents,
      t.credits_cents,
      t.net_cents,
      null,
    ],
    style: "total",
  });
  if (d.by_charge_type.length) {
    out.push({ cells: ["By charge type"], style: "heading" });
    for (const a of d.by_charge_type)
      out.push({
        cells: [...lead(`${a.account.code} ${a.account.name}`), ...a.buckets_cents, a.owed_cents, null, null, null],
      });
  }
  return {
    title: "Delinquency",
    lines: [
      `As of ${d.as_of}`,
      d.property ? `Property: ${d.property.name}` : "All properties",
      delinquencyTenantLabels[d.tenants],
    ],
    fileName: `delinquency-${d.as_of}`,
    columns,
    rows: out,
  };
}
