import type { GridColumn, GridDefinition } from "./types.ts";

/**
 * The row fields a grid asks for (issue 31): those its definition keeps (its id, titles, links)
 * and those the columns shown read; with `every`, those every column reads. Undefined, meaning all
 * of them, for a definition that does not say what it keeps.
 */
export function wantedFields<Row>(
  definition: GridDefinition<Row>,
  visibility: Record<string, boolean>,
  every: boolean,
): readonly string[] | undefined {
  if (!definition.keeps) return undefined;
  const fields = new Set(definition.keeps);
  for (const column of definition.columns) {
    if (every || visibility[column.id] !== false) for (const field of column.shows ?? []) fields.add(field);
  }
  return [...fields].sort();
}

/** Whether a row lacks one of these fields (it was loaded without them). */
export const lacksFields = (row: unknown, fields: readonly string[]) =>
  fields.some((field) => !Object.hasOwn(row as object, field));

/** Whether a row lacks a field the column reads (the column was hidden when the row was loaded). */
export const lacksColumnFields = <Row>(column: GridColumn<Row>, row: Row) => lacksFields(row, column.shows ?? []);
