import type { RowData } from "@tanstack/react-table";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { focusRing, inputBoundary } from "./grid-styles.ts";
import { unreadableNumberFilter } from "./quick-filter-hint.tsx";
import { ROW_NUMBER_COLUMN } from "./row-number.ts";
import type { GridColumn } from "./types.ts";
import { COLUMN_WIDTH_LIMITS, type DataGridState } from "./use-data-grid.ts";

/** Spec records 9: a column drag starts only after the pointer moved 8 px, so a click still sorts. */
export const DRAG_ACTIVATION_PX = 8;

const moveColumn = (order: string[], id: string, before: string | null) => {
  const rest = order.filter((c) => c !== id);
  const at = before === null ? rest.length : rest.indexOf(before);
  rest.splice(at < 0 ? rest.length : at, 0, id);
  return rest;
};

interface HeaderProps<Row extends RowData> {
  grid: DataGridState<Row>;
  columns: readonly GridColumn<Row>[];
  quickFiltersVisible: boolean;
  /** Stores the widths as drawn (stretched columns) before a resize; returns them. */
  fixWidths(): ReadonlyMap<string, number>;
  onContextMenu(e: React.MouseEvent): void;
  /** The element that says what a number quick filter takes. */
  numberHintId: string;
}

/**
 * The header row (sort on click, drag to reorder, resize by the right edge, Alt+Arrow moves a column)
 * and the quick-filter row under it.
 */
export function GridHeader<Row extends RowData>({
  grid,
  columns,
  quickFiltersVisible,
  fixWidths,
  onContextMenu,
  numberHintId,
}: HeaderProps<Row>) {
  const { table, settings } = grid;
  const press = useRef<{ id: string; x: number; dragging: boolean } | null>(null);
  const [drag, setDrag] = useState<{ id: string; before: string | null } | null>(null);
  const headerRefs = useRef(new Map<string, HTMLDivElement>());

  const dropTarget = (clientX: number): string | null => {
    for (const column of columns) {
      const rect = headerRefs.current.get(column.id)?.getBoundingClientRect();
      if (rect && clientX < rect.left + rect.width / 2) return column.id;
    }
    return null;
  };
  const filterValue = (id: string) => settings.filters.find((f) => f.id === id)?.value ?? "";
  const lineNumbers = settings.lineNumbers;

  return (
    <div role="rowgroup" style={{ width: "var(--grid-width)" }}>
      <div
        role="row"
        aria-rowindex={1}
        onContextMenu={onContextMenu}
        className="flex h-9 border-b border-slate-300 bg-slate-100 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300"
      >
        {lineNumbers ? (
          <div
            role="columnheader"
            className="flex shrink-0 items-center justify-end border-r border-slate-300 px-0.5 dark:border-slate-700"
            style={{ width: `var(--col-${ROW_NUMBER_COLUMN})` }}
          >
            #
          </div>
        ) : null}
        {columns.map((column) => {
          const tc = table.getColumn(column.id);
          const sorted = tc?.getIsSorted() ?? false;
          const canSort = tc?.getCanSort() ?? false;
          const header = table.getFlatHeaders().find((h) => h.column.id === column.id);
          const handler = header?.getResizeHandler();
          // The drawn widths are stored first (synchronously), so the drag starts from the drawn edge.
          const resize =
            handler &&
            ((e: React.MouseEvent | React.TouchEvent) => {
              flushSync(fixWidths);
              handler(e);
            });
          return (
            <div
              key={column.id}
              ref={(el) => {
                if (el) headerRefs.current.set(column.id, el);
                else headerRefs.current.delete(column.id);
              }}
              role="columnheader"
              aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
              data-column={column.id}
              className={`relative flex shrink-0 items-center border-r border-slate-300 dark:border-slate-700 ${
                drag?.id === column.id ? "opacity-50" : ""
              } ${drag && drag.before === column.id ? "shadow-[inset_3px_0_0_0] shadow-brand-600" : ""}`}
              style={{ width: `var(--col-${column.id})` }}
            >
              <button
                type="button"
                className={`flex h-full min-w-0 flex-1 touch-none items-center gap-1 px-2 text-left uppercase outline-none focus-visible:ring-inset ${focusRing}`}
                title={canSort ? `Sort by ${column.header}` : column.header}
                aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight Alt+Shift+ArrowLeft Alt+Shift+ArrowRight"
                onPointerDown={(e) => {
                  if (e.button !== 0) return;
                  press.current = { id: column.id, x: e.clientX, dragging: false };
                  e.currentTarget.setPointerCapture(e.pointerId);
                }}
                onPointerMove={(e) => {
                  const p = press.current;
                  if (!p) return;
                  if (!p.dragging && Math.abs(e.clientX - p.x) < DRAG_ACTIVATION_PX) return;
                  p.dragging = true;
                  setDrag({ id: p.id, before: dropTarget(e.clientX) });
                }}
                onPointerUp={(e) => {
                  const p = press.current;
                  press.current = null;
                  if (p?.dragging) {
                    const before = dropTarget(e.clientX);
                    if (before !== p.id) table.setColumnOrder((order) => moveColumn(order, p.id, before));
                    setDrag(null);
                  } else if (canSort) {
                    tc?.toggleSorting(sorted === "asc");
                  }
                }}
                onPointerCancel={() => {
                  press.current = null;
                  setDrag(null);
                }}
                onKeyDown={(e) => {
                  if ((e.key === "Enter" || e.key === " ") && canSort) {
                    e.preventDefault();
                    tc?.toggleSorting(sorted === "asc");
                  } else if (e.altKey && e.shiftKey && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
                    // The keyboard's way to resize: 10 px per press within the column's limits.
                    e.preventDefault();
                    if (!tc?.getCanResize()) return;
                    const { min, max } = COLUMN_WIDTH_LIMITS;
                    const drawn = fixWidths().get(column.id) ?? tc.getSize();
                    const size = Math.min(max, Math.max(min, drawn + (e.key === "ArrowRight" ? 10 : -10)));
                    table.setColumnSizing((prev) => ({ ...prev, [column.id]: size }));
                  } else if (e.altKey && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
                    e.preventDefault();
                    const ids = columns.map((c) => c.id);
                    const i = ids.indexOf(column.id);
                    const target = e.key === "ArrowLeft" ? ids[i - 1] : ids[i + 2];
                    if (e.key === "ArrowLeft" && target === undefined) return;
                    table.setColumnOrder((order) => moveColumn(order, column.id, target ?? null));
                  }
                }}
              >
                <span className="truncate">{column.header}</span>
                {sorted ? <span aria-hidden="true">{sorted === "asc" ? "▲" : "▼"}</span> : null}
              </button>
              {tc?.getCanResize() && resize ? (
                <div
                  aria-hidden="true"
                  onMouseDown={resize}
                  onTouchStart={resize}
                  onDoubleClick={() => tc.resetSize()}
                  className={`absolute top-0 right-0 z-10 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-brand-400 ${
                    tc.getIsResizing() ? "bg-brand-600" : ""
                  }`}
                />
              ) : null}
            </div>
          );
        })}
      </div>
      {quickFiltersVisible ? (
        <div
          role="row"
          aria-rowindex={2}
          className="flex h-9 border-b border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900"
        >
          {lineNumbers ? (
            <div
              role="gridcell"
              className="shrink-0 border-r border-slate-200 dark:border-slate-700"
              style={{ width: `var(--col-${ROW_NUMBER_COLUMN})` }}
            />
          ) : null}
          {columns.map((column) => (
            <div
              key={column.id}
              role="gridcell"
              className="flex shrink-0 items-center border-r border-slate-200 px-1 dark:border-slate-700"
              style={{ width: `var(--col-${column.id})` }}
            >
              {column.filterType ? (
                <input
                  type="search"
                  aria-label={`Filter ${column.header}`}
                  placeholder={column.filterType === "number" ? "e.g. >900" : "Filter..."}
                  value={filterValue(column.id)}
                  onChange={(e) => table.getColumn(column.id)?.setFilterValue(e.target.value)}
                  {...(column.filterType === "number"
                    ? {
                        "aria-describedby": numberHintId,
                        "aria-invalid": unreadableNumberFilter(column, grid.applied[column.id]),
                      }
                    : {})}
                  className={`h-7 w-full min-w-0 rounded bg-white px-1.5 text-xs outline-none focus:border-brand-700 focus:ring-1 focus:ring-brand-700 aria-invalid:border-red-700 dark:bg-slate-950 dark:focus:border-brand-300 dark:focus:ring-brand-300 dark:aria-invalid:border-red-400 ${inputBoundary}`}
                />
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
