import { type OwnerStatement, statementLines } from "@keyholder/contracts/owner-statements";
import type { ReportDocument } from "../../lib/reports/report-document.ts";

/** An owner's statement as a table to download: each property's lines, the totals in bold. */
export const ownerStatementDocument = (s: OwnerStatement): ReportDocument => ({
  title: "Owner statement",
  lines: [`Owner: ${s.owner.name}`, `${s.period_start} to ${s.period_end}`],
  fileName: `owner-statement-${s.period_start}-${s.period_end}`,
  columns: [
    { label: "Property", kind: "text", width: 24 },
    { label: "Line", kind: "text", width: 32 },
    { label: "Amount", kind: "cents", width: 16 },
  ],
  rows: s.properties.flatMap((p) =>
    statementLines(p).map((l) => ({
      cells: [p.property.name, l.label, l.amount_cents],
      ...(l.total ? { style: "total" as const } : {}),
    })),
  ),
});
