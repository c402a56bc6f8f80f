import { toCsv } from "@keyholder/contracts/csv";
import type { GridColumn } from "./types.ts";
import type { ViewSettings } from "./view-settings.ts";

/** Which columns an export writes: those the grid shows, or every column of the table. */
export type ExportColumnChoice = "shown" | "all";

/**
 * The columns of an export in the grid's column order (Manage Columns and dragging set it): the
 * ones shown, or all of them, hidden ones in their place.
 */
export function columnsToExport<Row>(
  columns: readonly GridColumn<Row>[],
  view: Pick<ViewSettings, "order" | "visibility">,
  choice: ExportColumnChoice,
): GridColumn<Row>[] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  return view.order.flatMap((id) => {
    const column = byId.get(id);
    return column && (choice === "all" || view.visibility[id] !== false) ? [column] : [];
  });
}

/** The rows as CSV: each column headed as exported, valued as its text where it has one, else its raw value (numbers stay numbers). */
export const gridCsv = <Row>(columns: readonly GridColumn<Row>[], rows: readonly Row[]) =>
  toCsv(
    columns.map((c) => c.exportHeader ?? c.header),
    rows.map((row) => columns.map((c) => c.text?.(row) ?? c.value(row))),
  );
