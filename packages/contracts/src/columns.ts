/** How a grid column is filtered: the type picks the quick-filter rule and the operators on offer. */
export const COLUMN_TYPES = ["text", "number", "date"] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/**
 * One column of a record grid, declared once (issue 12, item 7): the server's SQL, the web's cells,
 * the CSV export and the History dialog are all keyed by the column's id and read its label,
 * type and sort key from here.
 */
export interface ColumnDeclaration {
  /** Header in the grid, and the column's name in the filter builder, the column manager and history. */
  label: string;
  /** How it is filtered (quick filter and filter builder): text, number or date; without one it is not. */
  type?: ColumnType;
  /** The server's sort key as the client sends it (spec records 3.x); without one the header does not sort. */
  sortKey?: string;
  /** Column manager category; columns without one are listed under "Other". */
  category?: string;
  /** Shown until the user hides it; false for the spec's hidden-by-default columns. */
  defaultVisible?: boolean;
  /** The column's CSV header when it differs from its label (the spec's export files name some columns so). */
  exportHeader?: string;
  /** The audited record field this column shows, whose changes the History dialog labels with `label`. */
  field?: string;
  /**
   * The row fields this column reads (issue 31): a grid whose definition names the fields it needs
   * besides its columns asks only for those and the shown columns' fields.
   */
  shows?: readonly string[];
}

export type ColumnDeclarations = Record<string, ColumnDeclaration>;

/** Declares a grid's columns, in their default order. */
export const declareColumns = <const C extends ColumnDeclarations>(columns: C) => columns;

type SortKeyOf<C extends ColumnDeclarations> = {
  [K in keyof C]: C[K] extends { sortKey: infer S extends string } ? S : never;
}[keyof C];

/** The sort keys a list accepts: those of its columns, in column order. */
export const sortKeysOf = <C extends ColumnDeclarations>(columns: C) =>
  Object.values(columns).flatMap((c) => (c.sortKey ? [c.sortKey] : [])) as [SortKeyOf<C>, ...SortKeyOf<C>[]];

type FilterableOf<C extends ColumnDeclarations> = {
  [K in keyof C]: C[K] extends { type: ColumnType } ? K : never;
}[keyof C];

/** Column id -> filter type: what the quick-filter row and the filter builder may name. */
export const filterTypesOf = <C extends ColumnDeclarations>(columns: C) =>
  Object.fromEntries(Object.entries(columns).flatMap(([id, c]) => (c.type ? [[id, c.type]] : []))) as {
    [K in FilterableOf<C>]: ColumnType;
  };

/** Audited field -> label, as the History dialog shows a change. */
export const fieldLabelsOf = (columns: ColumnDeclarations) =>
  Object.fromEntries(Object.values(columns).flatMap((c) => (c.field ? [[c.field, c.label]] : []))) as Record<
    string,
    string
  >;

/** The CSV header of a column. */
export const exportHeaderOf = (column: ColumnDeclaration) => column.exportHeader ?? column.label;
