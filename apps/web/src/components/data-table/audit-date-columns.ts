import { formatDate } from "../../lib/format.ts";
import type { GridColumn } from "./types.ts";

const AUDIT_DATES = { created_date: "Created Date", last_modified_date: "Last Modified" } as const;
type AuditDates = Record<keyof typeof AUDIT_DATES, string>;

/** Created Date and Last Modified (spec records 3.1, 3.2): hidden by default, sorted by `{prefix}.{field}`. */
export const auditDateColumns = <Row extends AuditDates>(sortPrefix: string): GridColumn<Row>[] =>
  (Object.keys(AUDIT_DATES) as (keyof AuditDates)[]).map((field) => ({
    id: field,
    header: AUDIT_DATES[field],
    sortKey: `${sortPrefix}.${field}`,
    filterType: "date",
    defaultVisible: false,
    value: (row) => row[field],
    render: (row) => formatDate(row[field]),
    text: (row) => formatDate(row[field]),
  }));
