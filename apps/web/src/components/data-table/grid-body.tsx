import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect } from "react";
import { focusOutline } from "./grid-styles.ts";
import { ROW_NUMBER_COLUMN } from "./row-number.ts";
import type { GridColumn } from "./types.ts";
import { lacksColumnFields } from "./wanted-fields.ts";

export const ROW_HEIGHT = 32;
const rowHeight = () => ROW_HEIGHT;
/**
 * Spec records 9 gives an overscan of 200; read as pixels (about six rows each way), since 200
 * rows on each side would re-render thousands of cells on every scrolled row.
 */
export const OVERSCAN_ROWS = Math.ceil(200 / ROW_HEIGHT);
/**
 * Load the next page while the user is within this many rows of the loaded ones' end: a page (the
 * grids' 2,000) ahead, so the next page is under way before it is reached, and a user scrolling
 * on at the end has each page asked for as the one before it arrives (100,000 units loaded in
 * 3.8-5.9 s against 5.5 s with 200 rows, issue 31).
 */
const PREFETCH_ROWS = 2000;

export const cellDomId = (gridId: string, rowIndex: number, columnId: string) => `${gridId}-r${rowIndex}-${columnId}`;

export interface RowEvents<Row> {
  onMouseDown(e: React.MouseEvent, index: number): void;
  onMouseEnter(index: number): void;
  onDoubleClick(row: Row): void;
  onContextMenu(e: React.MouseEvent, index: number, columnId: string): void;
  onCellFocus(index: number, columnId: string): void;
}

/**
 * What a cell shows: the column's renderer, or its value, with 'N/A' for a missing one (spec 3.2);
 * nothing while the row's fields for it are still loading (the column was hidden when it came).
 */
export function cellContent<Row>(column: GridColumn<Row>, row: Row) {
  if (lacksColumnFields(column, row)) return "";
  if (column.render) return column.render(row);
  const v = column.value(row);
  return v === null || v === "" ? "N/A" : String(v);
}

interface BodyProps<Row> {
  gridId: string;
  scrollElement: HTMLDivElement | null;
  headerHeight: number;
  rows: readonly Row[];
  rowId(row: Row): string;
  columns: readonly GridColumn<Row>[];
  lineNumbers: boolean;
  selection: Record<string, true>;
  focus: { row: number; column: string } | null;
  events: RowEvents<Row>;
  onNearEnd(): void;
  /** A new object scrolls that row into view (again, if it is the same row). */
  scrollToRow: { index: number } | null;
  /** The row briefly highlighted after an add or edit. */
  highlightId: string | null;
  /** The rows are the previous sort's or filter's, shown until the new ones arrive: dimmed, after a
   * moment (a quick answer should not flicker). */
  stale: boolean;
}

/**
 * The virtualized rows. Memoized and sized by CSS variables (`--col-{id}`), so resizing a column
 * re-renders only the header, never each cell on each pixel; rows are memoized too, so scrolling
 * mounts only the rows coming into view.
 */
function GridBodyInner<Row>(props: BodyProps<Row>) {
  const { rows, scrollElement, onNearEnd, scrollToRow } = props;
  // Rows have one fixed height, so the virtualizer needs no item keys: its 20,000-entry measurement
  // table is then rebuilt only when the row count changes, not on every scrolled frame.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin: props.headerHeight,
    // The header rows are sticky over the body: a row scrolled to must land below them.
    scrollPaddingStart: props.headerHeight,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (rows.length && last >= rows.length - PREFETCH_ROWS) onNearEnd();
  }, [last, rows.length, onNearEnd]);
  useEffect(() => {
    if (scrollToRow !== null) virtualizer.scrollToIndex(scrollToRow.index, { align: "auto" });
  }, [scrollToRow, virtualizer]);

  return (
    <div
      role="rowgroup"
      style={{ height: virtualizer.getTotalSize(), width: "var(--grid-width)", position: "relative" }}
      className={props.stale ? "opacity-50 transition-opacity delay-300 duration-200" : undefined}
    >
      {items.map((item) => {
        const row = rows[item.index];
        if (row === undefined) return null;
        const id = props.rowId(row);
        return (
          <GridRow
            key={id}
            gridId={props.gridId}
            index={item.index}
            start={item.start - props.headerHeight}
            row={row}
            columns={props.columns}
            lineNumbers={props.lineNumbers}
            selected={props.selection[id] === true}
            highlighted={props.highlightId === id}
            focusedColumn={props.focus?.row === item.index ? props.focus.column : null}
            events={props.events}
          />
        );
      })}
    </div>
  );
}

interface RowProps<Row> {
  gridId: string;
  index: number;
  start: number;
  row: Row;
  columns: readonly GridColumn<Row>[];
  lineNumbers: boolean;
  selected: boolean;
  highlighted: boolean;
  focusedColumn: string | null;
  events: RowEvents<Row>;
}

function GridRowInner<Row>({
  gridId,
  index,
  start,
  row,
  columns,
  lineNumbers,
  selected,
  highlighted,
  focusedColumn,
  events,
}: RowProps<Row>) {
  const cellClass = (id: string) =>
    `h-full shrink-0 truncate border-r border-slate-100 px-2 leading-8 dark:border-slate-800 ${
      focusedColumn === id ? focusOutline : ""
    }`;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-row-index={index}
      data-highlighted={highlighted || undefined}
      onMouseDown={(e) => events.onMouseDown(e, index)}
      onMouseEnter={() => events.onMouseEnter(index)}
      onDoubleClick={() => events.onDoubleClick(row)}
      className={`absolute left-0 flex cursor-default select-none border-b border-slate-100 text-sm dark:border-slate-800 ${
        selected
          ? "bg-brand-100 text-brand-950 dark:bg-brand-900 dark:text-white"
          : index % 2
            ? "bg-slate-50/60 hover:bg-slate-100 dark:bg-slate-900/40 dark:hover:bg-slate-800"
            : "bg-white hover:bg-slate-100 dark:bg-slate-950 dark:hover:bg-slate-800"
      } ${highlighted ? "animate-row-highlight ring-2 ring-brand-600 ring-inset dark:ring-brand-300" : ""}`}
      style={{ height: ROW_HEIGHT, width: "var(--grid-width)", transform: `translateY(${start}px)` }}
    >
      {lineNumbers ? (
        <div
          role="rowheader"
          className="flex h-full shrink-0 items-center justify-end border-r border-slate-200 bg-slate-50 px-0.5 text-[11px] tabular-nums text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400"
          style={{ width: `var(--col-${ROW_NUMBER_COLUMN})` }}
        >
          {index + 1}
        </div>
      ) : null}
      {columns.map((column) => (
        <div
          key={column.id}
          id={cellDomId(gridId, index, column.id)}
          role="gridcell"
          data-column={column.id}
          onMouseDown={() => events.onCellFocus(index, column.id)}
          onContextMenu={(e) => events.onContextMenu(e, index, column.id)}
          className={`${cellClass(column.id)} ${column.align === "right" ? "text-right tabular-nums" : ""}`}
          style={{ width: `var(--col-${column.id})` }}
        >
          {cellContent(column, row)}
        </div>
      ))}
    </div>
  );
}

const GridRow = memo(GridRowInner) as typeof GridRowInner;
export const GridBody = memo(GridBodyInner) as typeof GridBodyInner;
