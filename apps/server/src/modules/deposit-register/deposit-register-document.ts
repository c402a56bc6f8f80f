import type { DepositRegister, DepositRegisterRow } from "@keyholder/contracts/deposit-register";
import { countOf } from "@keyholder/contracts/reports";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";
import { leaseCells, leaseColumns, leaseLabelCells } from "../leases/lease-report-columns.ts";

/** The deposit register as a table to download: each lease's deposits, the totals, what no lease holds. */
export function depositRegisterDocument(d: DepositRegister): ReportDocument {
  return depositRegisterFile(d, d.rows, () => d.not_on_a_lease_cents);
}

/**
 * The register's file from its rows as they are read (all at once, or in parts for a background
 * run), its totals added up as they pass.
 */
export function depositRegisterFile(
  frame: Pick<DepositRegister, "as_of" | "property">,
  leaseRows: Iterable<DepositRegisterRow> | AsyncIterable<DepositRegisterRow>,
  heldOnNoLease: () => number | Promise<number>,
): ReportDocument {
  const portfolio = frame.property === null;
  const columns: ReportColumn[] = [
    ...leaseColumns(portfolio, true),
    { label: "Security deposit", kind: "cents", width: 13 },
    { label: "Other deposits", kind: "cents", width: 13 },
    { label: "Held", kind: "cents", width: 13 },
  ];
  const lead = (label: string) => leaseLabelCells(portfolio, label, true);
  async function* rows(): AsyncIterable<ReportRow> {
    const t = { leases: 0, security: 0, other: 0, held: 0 };
    for await (const r of leaseRows) {
      t.leases++;
      t.security += r.security_cents;
      t.other += r.other_cents;
      t.held += r.held_cents;
      yield { cells: [...leaseCells(portfolio, r), r.security_cents, r.other_cents, r.held_cents] };
    }
    yield { cells: [...lead(`Total, ${countOf(t.leases, "lease")}`), t.security, t.other, t.held], style: "total" };
    const loose = await heldOnNoLease();
    yield { cells: [...lead("Held on no lease"), null, null, loose] };
    yield { cells: [...lead("Deposits held"), null, null, t.held + loose], style: "total" };
  }
  return {
    title: "Deposit register",
    lines: [`As of ${frame.as_of}`, frame.property ? `Property: ${frame.property.name}` : "All properties"],
    fileName: `deposit-register-${frame.as_of}`,
    columns,
    rows: rows(),
  };
}
