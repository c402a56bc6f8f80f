import { type ColumnDeclarations, exportHeaderOf, fieldLabelsOf } from "@keyholder/contracts/columns";
import { formatCents } from "@keyholder/contracts/money";
import type { ReactNode } from "react";
import { formatDate } from "../../lib/format.ts";
import type { HistoryField } from "./history-dialog.tsx";
import type { GridColumn } from "./types.ts";

/** What a table adds to a declared column (contracts): how its cells read and look. */
export interface Cell<Row> {
  /** Raw value: copied by Copy Cell, matched by quick filters, exported unless `text` says otherwise. */
  value(row: Row): string | number | boolean | null;
  /** What the cell shows (defaults to the value, or 'N/A' when it is missing). */
  render?(row: Row): ReactNode;
  /** Text for copying and exporting (defaults to the rendered value as text). */
  text?(row: Row): string;
  align?: "left" | "right";
  size?: number;
}

export type Cells<Row, C extends ColumnDeclarations> = { [K in keyof C]: Cell<Row> };

/** The grid's columns: each declaration (label, type, sort key, category, CSV header) with its cells, in declaration order. */
export function gridColumns<Row, C extends ColumnDeclarations>(declarations: C, cells: Cells<Row, C>) {
  return Object.entries(declarations).map(
    ([id, d]): GridColumn<Row> => ({
      id,
      header: d.label,
      ...(d.category ? { category: d.category } : {}),
      ...(d.sortKey ? { sortKey: d.sortKey } : {}),
      ...(d.type ? { filterType: d.type } : {}),
      ...(d.defaultVisible === false ? { defaultVisible: false } : {}),
      ...(d.exportHeader ? { exportHeader: exportHeaderOf(d) } : {}),
      ...(d.shows ? { shows: d.shows } : {}),
      ...cells[id as keyof C],
    }),
  );
}

/** The History dialog's fields: each audited field labelled as its column, shown through `formats` where given. */
export function historyFields(
  declarations: ColumnDeclarations,
  formats: Record<string, (value: unknown) => string> = {},
): Record<string, HistoryField> {
  return Object.fromEntries(
    Object.entries(fieldLabelsOf(declarations)).map(([field, label]) => {
      const format = formats[field];
      return [field, format ? { label, format } : { label }];
    }),
  );
}

/** Integer cents shown as dollars, right-aligned; the quick filter takes the dollars shown (decision 040). */
export const centsCell = <Row>(cents: (row: Row) => number): Cell<Row> => ({
  value: cents,
  align: "right",
  render: (row) => formatCents(cents(row)),
  text: (row) => formatCents(cents(row)),
});

/** A calendar day (YYYY-MM-DD) shown as the grids show dates. */
export const dayCell = <Row>(day: (row: Row) => string | null): Cell<Row> => ({
  value: day,
  render: (row) => formatDate(day(row)),
  text: (row) => formatDate(day(row)),
});

type AuditDates = { created_date: string; last_modified_date: string };

/** Created Date and Last Modified (spec records 3.x), shown as dates. */
export const auditDateCells = <Row extends AuditDates>(): Cells<Row, Record<keyof AuditDates, never>> => ({
  created_date: dayCell((r) => r.created_date),
  last_modified_date: dayCell((r) => r.last_modified_date),
});
