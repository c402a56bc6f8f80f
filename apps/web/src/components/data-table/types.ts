import type { ColumnType } from "@keyholder/contracts/columns";
import type { FilterCondition } from "@keyholder/contracts/list-query";
import type { ReactNode } from "react";

/** One column of a record grid, as a table definition declares it. */
export interface GridColumn<Row> {
  /** Stable id: the key of view settings, and the column's quick-filter/condition name on the server. */
  id: string;
  header: string;
  /** Column manager category; columns without one are listed under "Other". */
  category?: string;
  /** The server's sort key (spec records 3.1, 3.2); without one the header does not sort. */
  sortKey?: string;
  /** The server's type for this column; without one it cannot be filtered. */
  filterType?: ColumnType;
  defaultVisible?: boolean;
  /** Raw value: copied by Copy Cell, matched by quick filters. */
  value(row: Row): string | number | boolean | null;
  /** What the cell shows (defaults to the value, or 'N/A' when it is missing). */
  render?(row: Row): ReactNode;
  /** Text for copying and exporting (defaults to the rendered value as text). */
  text?(row: Row): string;
  /** The column's CSV header when it differs from `header`. */
  exportHeader?: string;
  align?: "left" | "right";
  size?: number;
  /** The row fields this column reads (its declaration's `shows`), asked for while it is shown. */
  shows?: readonly string[];
}

export interface PageRequest {
  offset: number;
  /** The key of the row before `offset` (the last one loaded), which the server may start after. */
  after?: string;
  limit: number;
  sortBy: string;
  sortDirection: "asc" | "desc";
  filters: Record<string, string>;
  conditions: FilterCondition[];
  /** The row fields wanted (the grid's and the shown columns'); all when absent. */
  fields?: readonly string[];
  signal?: AbortSignal;
}

export interface Page<Row> {
  rows: Row[];
  offset: number;
  count: number;
  total: number;
}

export interface GridDefinition<Row> {
  /**
   * Query key root; also the localStorage prefix of the sort state (e.g. "building-table-"). It ends
   * "-table-": a change in any table refreshes every list so keyed.
   */
  key: string;
  columns: GridColumn<Row>[];
  defaultSort: string;
  /** The default sort runs newest first (applicants) instead of up. */
  defaultSortDescending?: boolean;
  pageSize: number;
  /** The row's key on the server (its id), also sent as `after` when loading the page after it. */
  rowId(row: Row): string;
  /**
   * The row fields the grid reads besides its columns' `shows` (its id, its titles, its links),
   * when every column declares what it reads: a page then carries only these and the shown
   * columns' fields, and a record's view and editor read it whole first (issue 31).
   */
  keeps?: readonly string[];
  fetchPage(request: PageRequest): Promise<Page<Row>>;
  /** Spec section 8, e.g. 'Failed to load buildings. Please try again later.' */
  loadError: string;
  /** What the grid says when it has no rows. */
  empty: EmptyTexts;
}

export interface EmptyTexts {
  /** The heading, when the table names its own (spec records 2.6: 'No Zones Found'); else 'No items found.' */
  title?: string;
  /** No rows at all: what the table holds, e.g. 'No buildings yet. Buildings belong to a property; add your first one.' */
  none: string;
  /** No rows match the active filters. */
  noMatch: string;
  /** The Add action's label, e.g. 'Add Building'. */
  add: string;
}

export interface RowMenuItem {
  id: string;
  label: string;
  run(): void;
}

/** What a record form's save answers: the grid row id of the saved record and the name it goes by. */
export interface SavedRecord {
  id: string;
  name: string;
  /** How many records the save made when it made several (a range of units); `id` and `name` are the first's. */
  count?: number;
}
