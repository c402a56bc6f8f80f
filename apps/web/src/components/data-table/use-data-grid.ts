import type { FilterCondition } from "@keyholder/contracts/list-query";
import { keepPreviousData, type Updater, useInfiniteQuery } from "@tanstack/react-query";
import {
  type ColumnDef,
  columnFilteringFeature,
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  type RowData,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useDebouncedValue } from "../../hooks/use-debounced-value.ts";
import { ROW_NUMBER_COLUMN, rowNumberWidth } from "./row-number.ts";
import { type Selection, selectedIds } from "./selection.ts";
import type { GridDefinition, Page } from "./types.ts";
import { loadViewSettings, saveJson, saveViewSetting, type ViewSettings } from "./view-settings.ts";
import { lacksFields, wantedFields } from "./wanted-fields.ts";

/** Spec records 4 and 9: quick filters apply 300 ms after typing stops; columns default to 150 px. */
export const QUICK_FILTER_DEBOUNCE_MS = 300;
export const DEFAULT_COLUMN_WIDTH = 150;
export const COLUMN_WIDTH_LIMITS = { min: 60, max: 800 } as const;

// Sorting and filtering run on the server (they must cover every row, not only the loaded ones), so
// the table only holds their state; it owns column order, visibility, sizing and row selection.
const features = tableFeatures({
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
  rowSortingFeature,
  columnFilteringFeature,
  rowSelectionFeature,
});
export type GridFeatures = typeof features;

const apply = <T>(updater: Updater<T, T> | T, prev: T): T =>
  typeof updater === "function" ? (updater as (p: T) => T)(prev) : updater;

const EMPTY: never[] = [];

/**
 * Everything one grid instance knows: view settings (persisted per instance), the server-sorted and
 * filtered rows loaded page by page, the TanStack table over them, and the row selection.
 */
export function useDataGrid<Row extends RowData>(definition: GridDefinition<Row>, instanceId: string) {
  const columnIds = useMemo(() => definition.columns.map((c) => c.id), [definition]);
  const defaults = useMemo<ViewSettings>(() => {
    const sortColumn = definition.columns.find((c) => c.sortKey === definition.defaultSort);
    return {
      visibility: Object.fromEntries(definition.columns.map((c) => [c.id, c.defaultVisible !== false])),
      order: columnIds,
      sorting: sortColumn ? [{ id: sortColumn.id, desc: definition.defaultSortDescending === true }] : [],
      filters: [],
      sizing: {},
      lineNumbers: true,
      conditions: [],
    };
  }, [definition, columnIds]);
  const [settings, setSettings] = useState(() => loadViewSettings(instanceId, defaults, columnIds));
  const update = useCallback(
    <K extends keyof ViewSettings>(key: K, updater: Updater<ViewSettings[K], ViewSettings[K]> | ViewSettings[K]) =>
      setSettings((prev) => {
        const value = apply(updater, prev[key]);
        saveViewSetting(instanceId, key, value);
        // The spec also keeps building and floor plan sorting under the table's own prefix.
        if (key === "sorting") saveJson(`${instanceId}-sorting`, value);
        return { ...prev, [key]: value };
      }),
    [instanceId],
  );
  const [rowSelection, setRowSelection] = useState<Selection>({});
  const [dialog, setDialog] = useState<"columns" | "filters" | null>(null);
  const [revealId, setRevealId] = useState<string | null>(null);

  const filters = useDebouncedValue(settings.filters, QUICK_FILTER_DEBOUNCE_MS);
  const sort = settings.sorting[0];
  const sortBy = definition.columns.find((c) => c.id === sort?.id)?.sortKey ?? definition.defaultSort;
  const sortDirection = sort?.desc ? ("desc" as const) : ("asc" as const);
  const serverFilters = useMemo(
    () =>
      Object.fromEntries(filters.filter((f) => f.value.trim()).map((f) => [f.id, f.value.trim()])) as Record<
        string,
        string
      >,
    [filters],
  );
  const conditions: FilterCondition[] = settings.conditions;

  // The rows are asked for when the grid is shown (opened, or its tab shown again, which runs effects
  // anew) and when its sort or filters change. Rows fetched before that are out of date: a colleague
  // may have added units since. They stay on screen, marked as loading, until the answer comes.
  const view = JSON.stringify([sortBy, sortDirection, serverFilters, conditions]);
  const [askedAt, setAskedAt] = useState(Date.now);
  useLayoutEffect(() => {
    void view;
    setAskedAt(Date.now());
  }, [view]);

  // Only the fields the grid and its shown columns read are asked for (issue 31), or every column's
  // while Export wants all columns. They are no part of the query's key: showing a column reloads
  // the pages loaded, in place, rather than starting the list again.
  const [everyField, setEveryField] = useState(false);
  const wanted = useMemo(
    () => wantedFields(definition, settings.visibility, everyField),
    [definition, settings.visibility, everyField],
  );
  const fields = useRef(wanted);
  fields.current = wanted;

  const query = useInfiniteQuery({
    // Keyed by the grid instance too: a table opened from the menu never starts from the rows another
    // tab of it (or an earlier opening) left in the cache, but from the database.
    queryKey: [definition.key, instanceId, { sortBy, sortDirection, filters: serverFilters, conditions }],
    queryFn: ({ pageParam, signal }) =>
      definition.fetchPage({
        ...pageParam,
        limit: definition.pageSize,
        sortBy,
        sortDirection,
        filters: serverFilters,
        conditions,
        ...(fields.current ? { fields: fields.current } : {}),
        signal,
      }),
    initialPageParam: { offset: 0 } as { offset: number; after?: string },
    // A new sort or filter keeps the rows on screen (and the selection among them) until its rows
    // arrive, rather than emptying the grid for the length of a request.
    placeholderData: keepPreviousData,
    // Whatever the cache holds, showing the grid asks the server (once: a fetch under way is shared).
    refetchOnMount: "always",
    // Spec records 4: keep loading while offset + count is below total_count.
    // The next page also names the last row loaded, so the server can start after it (`after`).
    getNextPageParam: (last: Page<Row>) => {
      if (last.offset + last.count >= last.total) return undefined;
      const lastRow = last.rows.at(-1);
      return { offset: last.offset + last.count, ...(lastRow ? { after: definition.rowId(lastRow) } : {}) };
    },
  });
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.rows) ?? (EMPTY as Row[]), [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? 0;

  // Loaded while a column was hidden, the rows lack its fields: shown again (or wanted by Export),
  // the loaded pages are read again with them. A page's rows all carry the same fields.
  const lacking =
    query.data?.pages.some((p) => p.rows[0] !== undefined && lacksFields(p.rows[0], wanted ?? [])) ?? false;
  const { refetch } = query;
  const lackingNow = useRef(lacking);
  lackingNow.current = lacking;
  useEffect(() => {
    void wanted;
    if (lackingNow.current) void refetch();
  }, [wanted, refetch]);

  const columns = useMemo<ColumnDef<GridFeatures, Row>[]>(
    () => [
      {
        id: ROW_NUMBER_COLUMN,
        header: "#",
        size: 32,
        minSize: 25,
        maxSize: 50,
        enableResizing: false,
        enableSorting: false,
        enableColumnFilter: false,
        enableHiding: false,
      },
      ...definition.columns.map(
        (c): ColumnDef<GridFeatures, Row> => ({
          id: c.id,
          header: c.header,
          accessorFn: (row: Row) => c.value(row),
          size: c.size ?? DEFAULT_COLUMN_WIDTH,
          minSize: COLUMN_WIDTH_LIMITS.min,
          maxSize: COLUMN_WIDTH_LIMITS.max,
          enableSorting: Boolean(c.sortKey),
          enableColumnFilter: Boolean(c.filterType),
        }),
      ),
    ],
    [definition],
  );

  const numberWidth = rowNumberWidth(Math.max(total, rows.length));
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row: Row) => definition.rowId(row),
    state: {
      columnVisibility: { ...settings.visibility, [ROW_NUMBER_COLUMN]: settings.lineNumbers },
      columnOrder: [ROW_NUMBER_COLUMN, ...settings.order],
      sorting: settings.sorting,
      columnFilters: settings.filters,
      columnSizing: { ...settings.sizing, [ROW_NUMBER_COLUMN]: numberWidth },
      rowSelection,
    },
    onColumnVisibilityChange: (u) =>
      update("visibility", (prev) => {
        const { [ROW_NUMBER_COLUMN]: _, ...rest } = apply(u, { ...prev, [ROW_NUMBER_COLUMN]: settings.lineNumbers });
        return rest;
      }),
    // The '#' column stays first whatever the user drags.
    onColumnOrderChange: (u) =>
      update("order", (prev) => apply(u, [ROW_NUMBER_COLUMN, ...prev]).filter((id) => id !== ROW_NUMBER_COLUMN)),
    onSortingChange: (u) => update("sorting", (prev) => apply(u, prev).slice(0, 1)),
    onColumnFiltersChange: (u) =>
      update("filters", (prev) =>
        (apply(u, prev) as { id: string; value: unknown }[])
          .map((f) => ({ id: f.id, value: String(f.value ?? "") }))
          .filter((f) => f.value !== ""),
      ),
    onColumnSizingChange: (u) =>
      update("sizing", (prev) => {
        const { [ROW_NUMBER_COLUMN]: _, ...rest } = apply(u, { ...prev, [ROW_NUMBER_COLUMN]: numberWidth });
        return rest;
      }),
    onRowSelectionChange: (u) => setRowSelection((prev) => apply(u, prev)),
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    columnResizeMode: "onChange",
  });

  const selected = useMemo(() => {
    const ids = new Set(selectedIds(rowSelection));
    return ids.size ? rows.filter((r) => ids.has(definition.rowId(r))) : (EMPTY as Row[]);
  }, [rowSelection, rows, definition]);

  const filtered = Object.keys(serverFilters).length > 0 || conditions.length > 0;
  const { dataUpdatedAt, errorUpdatedAt } = query;
  const outdated = !query.isPlaceholderData && dataUpdatedAt > 0 && Math.max(dataUpdatedAt, errorUpdatedAt) < askedAt;
  /** The rows shown are being replaced: another sort's or filter's, or fetched before the grid was shown. */
  const reloading = query.isPlaceholderData || outdated;
  /** The rows shown are the ones the current sort and filters ask for, as they are now: none typed but not yet sent, none loading. */
  const current = !query.isPending && !reloading && filters === settings.filters;
  return {
    definition,
    instanceId,
    table,
    settings,
    update,
    rows,
    total,
    query,
    rowSelection,
    setRowSelection,
    selected,
    current,
    reloading,
    /** The sort and filters the rows are asked for (changes when either does). */
    view,
    /** The loaded rows carry every field the shown columns (or, asked by Export, all columns) show. */
    complete: !lacking,
    /** Export wants every column: the hidden columns' fields are asked for too while it is true. */
    askEveryField: setEveryField,
    /** The quick filters sent, typing settled: column id to text. */
    applied: serverFilters,
    clearSelection: useCallback(() => setRowSelection({}), []),
    /** Whether the rows shown are narrowed by quick filters or filter-builder conditions. */
    filtered,
    /** Clears the quick filters and the filter builder's conditions. */
    clearFilters: useCallback(() => {
      update("filters", []);
      update("conditions", []);
    }, [update]),
    /**
     * Scrolls the row with this id into view and highlights it briefly, once it is among the loaded
     * rows after the fetch under way (after an add or edit, call it when the refresh has settled).
     */
    reveal: setRevealId as (rowId: string | null) => void,
    revealId,
    /** The engine's own dialogs: the column manager and the filter builder. */
    dialog,
    setDialog,
    resetView: useCallback(() => {
      update("order", defaults.order);
    }, [update, defaults.order]),
    showAllColumns: useCallback(
      () => update("visibility", Object.fromEntries(columnIds.map((id) => [id, true]))),
      [update, columnIds],
    ),
  };
}

export type DataGridState<Row extends RowData> = ReturnType<typeof useDataGrid<Row>>;
