import { formatCents } from "@keyholder/contracts/money";
import type { TenantStatement } from "@keyholder/contracts/tenant-statement";
import type { ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";

/** A tenant statement as a table to download: the balance brought forward, each entry, the totals and what is due. */
export function tenantStatementDocument(s: TenantStatement): ReportDocument {
  const rows: ReportRow[] = [
    { cells: [null, "Balance forward", null, null, s.opening_balance_cents] },
    ...s.rows.map((r) => ({
      cells: [r.posted_on, r.description, r.charge_cents || null, r.payment_cents || null, r.balance_cents],
    })),
    {
      cells: [null, "Totals for the period", s.charges_cents, s.payments_cents, s.closing_balance_cents],
      style: "total",
    },
  ];
  const due = s.closing_balance_cents;
  return {
    title: "Statement of account",
    lines: [
      `Tenant: ${s.lease.tenant_names || "-"}`,
      `Lease ${s.lease.lease_no}: ${s.lease.property_name}${s.lease.unit_names ? `, ${s.lease.unit_names}` : ""}`,
      `Period: ${s.from ?? "start of lease"} to ${s.to ?? "today"}`,
      due >= 0 ? `Amount due: ${formatCents(due)}` : `Credit on account: ${formatCents(-due)}`,
    ],
    fileName: `statement-lease-${s.lease.lease_no}-${s.from ?? "start"}-to-${s.to ?? "today"}`,
    columns: [
      { label: "Date", kind: "date", width: 12 },
      { label: "Description", kind: "text", width: 34 },
      { label: "Charges", kind: "cents", width: 13 },
      { label: "Payments", kind: "cents", width: 13 },
      { label: "Balance", kind: "cents", width: 13 },
    ],
    rows,
  };
}
