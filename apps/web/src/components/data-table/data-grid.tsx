import type { RowData } from "@tanstack/react-table";
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { CellTooltip, useCellTooltip } from "./cell-tooltip.tsx";
import { ColumnManagerDialog } from "./column-manager-dialog.tsx";
import { ConditionChips } from "./condition-chips.tsx";
import { ContextMenu, type ContextMenuItem } from "./context-menu.tsx";
import { FilterBuilderDialog } from "./filter-builder-dialog.tsx";
import { cellDomId, GridBody, type RowEvents } from "./grid-body.tsx";
import { GridHeader } from "./grid-header.tsx";
import { GridStatus, statusMessages } from "./grid-status.tsx";
import { focusRing } from "./grid-styles.ts";
import { QuickFilterHint } from "./quick-filter-hint.tsx";
import { ROW_NUMBER_COLUMN } from "./row-number.ts";
import { clickSelection, rangeSelection } from "./selection.ts";
import type { GridColumn, RowMenuItem } from "./types.ts";
import { useColumnWidths } from "./use-column-widths.ts";
import type { DataGridState } from "./use-data-grid.ts";
import { useRowReveal } from "./use-row-reveal.ts";

/** Spec records 2.1: '{n} rows loaded of {total} rows total', with '1 row' for one. */
const rowCount = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"}`;

export const gridMessages = {
  clearSelection: "Clear Selection",
  clearFilters: "Clear Filters",
  loaded: (n: number, total: number) => `${rowCount(n)} loaded of ${rowCount(total)} total`,
} as const;

/** Plain text of a cell, for Copy Cell and Ctrl/Cmd+C. */
export function cellText<Row>(column: GridColumn<Row>, row: Row): string {
  if (column.text) return column.text(row);
  const v = column.value(row);
  return v === null ? "" : String(v);
}

type Menu<Row> = { x: number; y: number } & ({ kind: "header" } | { kind: "row"; row: Row; columnId: string });

interface DataGridProps<Row extends RowData> {
  grid: DataGridState<Row>;
  label: string;
  quickFiltersVisible: boolean;
  onToggleQuickFilters(): void;
  /** The entity items of the row menu (spec: View, Edit, Delete); Copy Cell comes first. */
  rowMenu(row: Row): RowMenuItem[];
  /** The table's Add action, offered by the empty state. */
  onAdd?(): void;
}

/**
 * The record grid of spec records 2.1: server-sorted and filtered rows, loaded page by page and
 * virtualized; selection by click, Ctrl/Cmd-click, Shift-click and dragging; header and row menus;
 * keyboard navigation; column manager and filter builder.
 */
export function DataGrid<Row extends RowData>({
  grid,
  label,
  quickFiltersVisible,
  onToggleQuickFilters,
  rowMenu,
  onAdd,
}: DataGridProps<Row>) {
  const { table, settings, rows, total, query, definition } = grid;
  const gridId = useId().replaceAll(":", "");
  // State, not a ref: the body's virtualizer reads the scroll element in its layout effect, which
  // runs before React attaches a parent's ref. With rows already cached (a tab shown again, a table
  // reopened) nothing else re-rendered the body, and it stayed blank.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const [menu, setMenu] = useState<Menu<Row> | null>(null);
  const [focus, setFocus] = useState<{ row: number; column: string } | null>(null);
  const [scrollToRow, setScrollToRow] = useState<{ index: number } | null>(null);
  const highlightId = useRowReveal(
    grid,
    useCallback((index: number) => setScrollToRow({ index }), []),
  );

  // A new sort or filter starts at the first row once its rows are here: the old scroll position
  // would leave the top results off screen. A tab shown again keeps its place.
  const shownView = query.isPlaceholderData ? null : grid.view;
  const lastView = useRef(shownView);
  useLayoutEffect(() => {
    if (shownView === null || shownView === lastView.current) return;
    lastView.current = shownView;
    scrollElement?.scrollTo({ top: 0 });
    setFocus((f) => (f ? { ...f, row: 0 } : f));
  }, [shownView, scrollElement]);

  const byId = useMemo(() => new Map(definition.columns.map((c) => [c.id, c])), [definition]);
  const visibleIds = table
    .getVisibleLeafColumns()
    .map((c) => c.id)
    .filter((id) => id !== ROW_NUMBER_COLUMN)
    .join("|");
  // Keyed by the id list, so the body stays memoized while only sizes change.
  const columns = useMemo(() => visibleIds.split("|").flatMap((id) => byId.get(id) ?? []), [visibleIds, byId]);

  const { cssVars, fixWidths } = useColumnWidths(grid, scrollElement);
  const activeDescendant =
    focus && rows[focus.row] !== undefined ? cellDomId(gridId, focus.row, focus.column) : undefined;
  const tooltip = useCellTooltip(activeDescendant);

  const [headerHeight, setHeaderHeight] = useState(36);
  const headerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = headerRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setHeaderHeight(el.offsetHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Row events read the latest state through a ref, so the memoized rows keep one set of handlers.
  const live = useRef({ rows, rowMenu, grid });
  live.current = { rows, rowMenu, grid };
  const dragAnchor = useRef<number | null>(null);
  const lastClicked = useRef<number | null>(null);
  useEffect(() => {
    const end = () => {
      dragAnchor.current = null;
    };
    window.addEventListener("mouseup", end);
    return () => window.removeEventListener("mouseup", end);
  }, []);

  const ids = useCallback(() => live.current.rows.map((r) => live.current.grid.definition.rowId(r)), []);
  const events = useMemo<RowEvents<Row>>(
    () => ({
      onMouseDown(e, index) {
        if (e.button !== 0) return;
        const row = live.current.rows[index];
        if (row === undefined) return;
        const id = live.current.grid.definition.rowId(row);
        const set = live.current.grid.setRowSelection;
        if (e.shiftKey && lastClicked.current !== null) {
          const anchor = lastClicked.current;
          set((prev) => rangeSelection(ids(), anchor, index, e.ctrlKey || e.metaKey ? prev : {}));
          return;
        }
        set((prev) => clickSelection(prev, id, e.ctrlKey || e.metaKey));
        lastClicked.current = index;
        if (!e.ctrlKey && !e.metaKey) dragAnchor.current = index;
      },
      onMouseEnter(index) {
        const anchor = dragAnchor.current;
        if (anchor === null) return;
        live.current.grid.setRowSelection(rangeSelection(ids(), anchor, index));
      },
      onDoubleClick(row) {
        live.current.rowMenu(row)[0]?.run();
      },
      onContextMenu(e, index, columnId) {
        e.preventDefault();
        const row = live.current.rows[index];
        if (row === undefined) return;
        setFocus({ row: index, column: columnId });
        setMenu({ kind: "row", row, columnId, x: e.clientX, y: e.clientY });
      },
      onCellFocus(index, columnId) {
        setFocus({ row: index, column: columnId });
      },
    }),
    [ids],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const copy = (text: string) => {
    navigator.clipboard?.writeText(text).catch((err: unknown) => console.warn("Copy Cell failed", err));
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === "Escape") tooltip.dismiss();
    const colIds = columns.map((c) => c.id);
    const current = focus ?? { row: 0, column: colIds[0] ?? "" };
    const move = (row: number, column: string, select: boolean) => {
      const r = Math.max(0, Math.min(rows.length - 1, row));
      setFocus({ row: r, column });
      setScrollToRow({ index: r });
      if (!select) return;
      const target = rows[r];
      if (target === undefined) return;
      if (e.shiftKey && lastClicked.current !== null) {
        grid.setRowSelection(rangeSelection(ids(), lastClicked.current, r));
      } else {
        grid.setRowSelection({ [definition.rowId(target)]: true });
        lastClicked.current = r;
      }
    };
    const col = colIds.indexOf(current.column);
    const row = rows[current.row];
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      move(current.row + (e.key === "ArrowDown" ? 1 : -1), current.column, !(e.ctrlKey || e.metaKey));
    } else if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      const next = colIds[Math.max(0, Math.min(colIds.length - 1, col + (e.key === "ArrowRight" ? 1 : -1)))];
      if (next) move(current.row, next, false);
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      move(e.key === "Home" ? 0 : rows.length - 1, current.column, true);
    } else if (e.key === " " && row !== undefined) {
      e.preventDefault();
      grid.setRowSelection((prev) => clickSelection(prev, definition.rowId(row), true));
    } else if (e.key === "Enter" && row !== undefined) {
      e.preventDefault();
      rowMenu(row)[0]?.run();
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "c" && row !== undefined) {
      const column = byId.get(current.column);
      if (column) copy(cellText(column, row));
    } else if (e.key === "ContextMenu" && row !== undefined) {
      e.preventDefault();
      const cell = document.getElementById(cellDomId(gridId, current.row, current.column))?.getBoundingClientRect();
      setMenu({ kind: "row", row, columnId: current.column, x: cell?.left ?? 0, y: cell?.bottom ?? 0 });
    }
  };

  const menuItems = (m: Menu<Row>): ContextMenuItem[] => {
    if (m.kind === "row") {
      const column = byId.get(m.columnId);
      return [
        { id: "copy-cell", label: "Copy Cell", run: () => column && copy(cellText(column, m.row)) },
        ...rowMenu(m.row),
      ];
    }
    return [
      { id: "manage-columns", label: "Manage Columns", run: () => grid.setDialog("columns") },
      { id: "reset-order", label: "Reset Column Order", run: grid.resetView },
      { id: "show-all", label: "Show All Columns", run: grid.showAllColumns },
      {
        id: "quick-filters",
        label: quickFiltersVisible ? "Hide Quick Filters" : "Show Quick Filters",
        run: onToggleQuickFilters,
      },
      {
        id: "line-numbers",
        label: settings.lineNumbers ? "Disable Line Numbers" : "Enable Line Numbers",
        run: () => grid.update("lineNumbers", !settings.lineNumbers),
      },
    ];
  };

  const selectedCount = grid.selected.length;
  const filtersActive = settings.filters.length > 0 || settings.conditions.length > 0;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {/* Always laid out, so selecting a row never shifts the rows under the pointer. */}
      <div className="flex min-h-10 flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-0 text-sm dark:border-slate-800">
        {selectedCount > 0 ? (
          <>
            <span aria-live="polite" className="font-medium text-slate-700 dark:text-slate-200">
              {selectedCount.toLocaleString("en-US")} selected
            </span>
            <Button variant="ghost" className="px-2 py-1" onPress={grid.clearSelection}>
              {gridMessages.clearSelection}
            </Button>
          </>
        ) : null}
        {filtersActive ? (
          <Button variant="ghost" className="px-2 py-1" onPress={grid.clearFilters}>
            {gridMessages.clearFilters}
          </Button>
        ) : null}
        <ConditionChips grid={grid} />
      </div>
      {quickFiltersVisible && columns.some((c) => c.filterType === "number") ? (
        <QuickFilterHint id={`${gridId}-number-hint`} columns={columns} applied={grid.applied} />
      ) : null}
      <div className="relative flex min-h-0 flex-1 flex-col">
        <div
          ref={setScrollElement}
          role="grid"
          aria-label={label}
          aria-rowcount={total + 1}
          aria-colcount={columns.length + (settings.lineNumbers ? 1 : 0)}
          aria-multiselectable="true"
          aria-activedescendant={activeDescendant}
          aria-busy={query.isFetching}
          tabIndex={0}
          onKeyDown={onKeyDown}
          {...tooltip.gridHandlers}
          onFocus={(e) => {
            tooltip.gridHandlers.onFocus(e);
            if (e.target === e.currentTarget && !focus && rows.length && columns[0])
              setFocus({ row: 0, column: columns[0].id });
          }}
          style={{ ...cssVars, contain: "content" }}
          className={`min-h-0 flex-1 overflow-auto outline-none focus-visible:ring-inset ${focusRing}`}
        >
          {/* Sticky here, not inside: a sticky element stays only within its parent, and this wrapper is
            only as tall as the header. */}
          <div ref={headerRef} className="sticky top-0 z-10" style={{ width: "var(--grid-width)" }}>
            <GridHeader
              grid={grid}
              columns={columns}
              quickFiltersVisible={quickFiltersVisible}
              fixWidths={fixWidths}
              numberHintId={`${gridId}-number-hint`}
              onContextMenu={(e) => {
                e.preventDefault();
                setMenu({ kind: "header", x: e.clientX, y: e.clientY });
              }}
            />
          </div>
          <GridBody
            gridId={gridId}
            scrollElement={scrollElement}
            headerHeight={headerHeight}
            rows={rows}
            rowId={definition.rowId}
            columns={columns}
            lineNumbers={settings.lineNumbers}
            selection={grid.rowSelection}
            focus={focus}
            events={events}
            onNearEnd={onNearEnd}
            scrollToRow={scrollToRow}
            highlightId={highlightId}
            stale={grid.reloading}
          />
        </div>
        {/* Outside the grid element: a grid holds only rows. */}
        <GridStatus grid={grid} onAdd={onAdd} />
        <CellTooltip
          id={`${gridId}-tooltip`}
          cellId={tooltip.cellId}
          scrollElement={scrollElement}
          onMouseLeave={tooltip.leaveTooltip}
        />
      </div>
      <div className="flex h-8 items-center gap-3 border-t border-slate-200 px-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        {/* No count before the first rows come: "0 rows total" would say the table is empty. */}
        <span aria-live="polite">{query.isPending ? null : gridMessages.loaded(rows.length, total)}</span>
        {query.isFetching && !query.isPending ? (
          <Spinner small label={grid.reloading ? statusMessages.loading : statusMessages.loadingMore} />
        ) : null}
      </div>
      {menu ? (
        <ContextMenu
          at={menu}
          label={menu.kind === "row" ? "Row actions" : "Column actions"}
          items={menuItems(menu)}
          onClose={() => setMenu(null)}
        />
      ) : null}
      {grid.dialog === "columns" ? <ColumnManagerDialog grid={grid} onClose={() => grid.setDialog(null)} /> : null}
      <FilterBuilderDialog grid={grid} isOpen={grid.dialog === "filters"} onClose={() => grid.setDialog(null)} />
    </div>
  );
}
