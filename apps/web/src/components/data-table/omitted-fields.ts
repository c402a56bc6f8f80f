import type { GridColumn } from "./types.ts";

/**
 * The row fields a grid need not ask for (issue 31): those that only hidden columns show. A field a
 * shown column also shows is asked for; a field no column declares is always asked for.
 */
export function omittedFields<Row>(columns: readonly GridColumn<Row>[], visibility: Record<string, boolean>) {
  const shown = new Set<string>();
  const hidden = new Set<string>();
  for (const column of columns) {
    for (const field of column.shows ?? []) (visibility[column.id] === false ? hidden : shown).add(field);
  }
  return [...hidden].filter((field) => !shown.has(field)).sort();
}

/** Whether a row lacks a field some column shows (it was loaded while that column was hidden). */
export function lacksFields<Row>(columns: readonly GridColumn<Row>[], row: Row) {
  return columns.some((column) => column.shows?.some((field) => !Object.hasOwn(row as object, field)));
}
