import type { Key, ReactNode } from "react";

export interface ReadOnlyColumn<R> {
  header: string;
  /** The header is for screen readers only (a column of buttons). */
  hideHeader?: boolean;
  /** Amounts line up at the right. */
  align?: "right";
  cell(row: R): ReactNode;
}

type Name = { caption: string; label?: never } | { label: string; caption?: never };

const cell = "px-2 py-1.5 text-left align-top";
const alignOf = (c: { align?: "right" | undefined }) => (c.align === "right" ? " text-right tabular-nums" : "");
// An amount stays on one line, and a column's heading takes two or so ("Move-out or days vacant"
// rather than a word a line): a narrow screen scrolls the table sideways instead.
const amountOf = (c: { align?: "right" | undefined }) => (c.align === "right" ? " whitespace-nowrap" : "");
const headingWidth = " min-w-24";

/**
 * A short table read on a record's page (a tenant's leases, a lease's charges): a real table whose
 * first column names each row, with its name shown as a caption or, where a heading beside it
 * already says it, given to screen readers only. Sorting, filtering and editing are the data
 * grid's; this one only shows.
 */
export type ReadOnlyTableProps<R> = Name & {
  columns: ReadOnlyColumn<R>[];
  rows: R[];
  rowKey?: (row: R, index: number) => Key;
  /** Scrolls inside itself past a screenful of rows (lists that grow over the years). */
  limitHeight?: boolean;
  /** Said instead of the table when there are no rows; without it, the headers show over none. */
  empty?: string;
  /** Rows that total the ones above (a statement's subtotals), shown in bold. */
  isTotal?: (row: R) => boolean;
};

export function ReadOnlyTable<R>({
  caption,
  label,
  columns,
  rows,
  rowKey = (_, i) => i,
  limitHeight = false,
  empty,
  isTotal,
}: ReadOnlyTableProps<R>) {
  const [first, ...rest] = columns;
  if (empty && rows.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>;
  return (
    <div
      className={`overflow-auto rounded-lg border border-slate-200 dark:border-slate-700${limitHeight ? " max-h-72" : ""}`}
    >
      <table className="w-full text-sm" aria-label={label}>
        {caption ? (
          <caption className="px-2 py-1.5 text-left font-semibold text-slate-700 dark:text-slate-200">
            {caption}
          </caption>
        ) : null}
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            {columns.map((c, i) => (
              <th key={c.header} scope="col" className={`${cell}${alignOf(c)}${i > 0 ? headingWidth : ""}`}>
                {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr
              key={rowKey(row, i)}
              className={`border-t border-slate-200 dark:border-slate-700${isTotal?.(row) ? " font-semibold" : ""}`}
            >
              {first ? (
                <th scope="row" className={`${cell}${isTotal?.(row) ? "" : " font-normal"}${alignOf(first)}`}>
                  {first.cell(row)}
                </th>
              ) : null}
              {rest.map((c) => (
                <td key={c.header} className={`${cell}${alignOf(c)}${amountOf(c)}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
