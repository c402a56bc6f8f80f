import type { DepositRegister } from "@keyholder/contracts/deposit-register";
import { countOf } from "@keyholder/contracts/reports";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";
import { leaseCells, leaseColumns, leaseLabelCells } from "../leases/lease-report-columns.ts";

/** The deposit register as a table to download: each lease's deposits, the totals, what no lease holds. */
export function depositRegisterDocument(d: DepositRegister): ReportDocument {
  const portfolio = d.property === null;
  const columns: ReportColumn[] = [
    ...leaseColumns(portfolio, true),
    { label: "Security deposit", kind: "cents", width: 13 },
    { label: "Other deposits", kind: "cents", width: 13 },
    { label: "Held", kind: "cents", width: 13 },
  ];
  const lead = (label: string) => leaseLabelCells(portfolio, label, true);
  const rows: ReportRow[] = d.rows.map((r) => ({
    cells: [...leaseCells(portfolio, r), r.security_cents, r.other_cents, r.held_cents],
  }));
  const t = d.totals;
  rows.push({
    cells: [...lead(`Total, ${countOf(t.leases, "lease")}`), t.security_cents, t.other_cents, t.held_cents],
    style: "total",
  });
  rows.push({ cells: [...lead("Held on no lease"), null, null, d.not_on_a_lease_cents] });
  rows.push({ cells: [...lead("Deposits held"), null, null, t.held_cents + d.not_on_a_lease_cents], style: "total" });
  return {
    title: "Deposit register",
    lines: [`As of ${d.as_of}`, d.property ? `Property: ${d.property.name}` : "All properties"],
    fileName: `deposit-register-${d.as_of}`,
    columns,
    rows,
  };
}
