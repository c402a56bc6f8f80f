/**
 * A report as a table to write out (issue 30 item 1): what the CSV, Excel and PDF writers share, so
 * a report describes its columns and rows once and is downloadable in every format.
 */
export type ReportCell = string | number | null;

/** text as is; date a civil date (YYYY-MM-DD); cents an integer amount of cents; count a whole number. */
export type ReportColumnKind = "text" | "date" | "cents" | "count";

export interface ReportColumn {
  label: string;
  kind: ReportColumnKind;
  /** Relative width (characters in a spreadsheet, a share of the page in a PDF). */
  width?: number;
}

export interface ReportRow {
  cells: readonly ReportCell[];
  /** heading: a section's title (its first cell); total: a subtotal or total, bold. */
  style?: "heading" | "total";
}

export interface ReportDocument {
  title: string;
  /** What it was run for, one line each ("As of 2026-03-31", "Property: Elm Court"). */
  lines: readonly string[];
  /** The downloaded file's name without its extension. */
  fileName: string;
  columns: readonly ReportColumn[];
  /** Iterated once, as it is written out: a long report can be read in pages as it goes. */
  rows: Iterable<ReportRow> | AsyncIterable<ReportRow>;
}

const DEFAULT_WIDTH: Record<ReportColumnKind, number> = { text: 22, date: 12, cents: 14, count: 8 };
export const widthOf = (c: ReportColumn) => c.width ?? DEFAULT_WIDTH[c.kind];
