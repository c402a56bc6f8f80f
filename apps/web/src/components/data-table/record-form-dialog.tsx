import type { RowData } from "@tanstack/react-table";
import type { AddPreset, RecordId } from "../../lib/tab-handlers.ts";
import { Dialog } from "../ui/dialog.tsx";
import type { RecordDefinition } from "./record-definition.ts";
import type { SavedRecord } from "./types.ts";

/**
 * One record's View, Edit or Add dialog with the table's form in it, titled as the spec says
 * ("Building: North Tower", "Edit Building: North Tower", "Add New Building"): the same whether it
 * is opened from the table's grid or in place over a related record (a property's editor).
 */
export function RecordFormDialog<Row extends RowData, Id extends RecordId>({
  definition,
  id,
  mode,
  row,
  preset,
  created,
  onClose,
  onEdit,
  onSaved,
  onSavedAnother,
}: {
  definition: RecordDefinition<Row, Id>;
  /** The dialog's key: opening it again updates it in place. */
  id: string;
  mode: "view" | "edit" | "add";
  row: Row | null;
  preset?: AddPreset | undefined;
  created?: boolean | undefined;
  onClose(): void;
  onEdit?: (() => void) | undefined;
  onSaved(saved: SavedRecord): void;
  onSavedAnother?: ((saved: SavedRecord) => void) | undefined;
}) {
  const { Form } = definition;
  const title =
    mode === "add" || !row
      ? definition.titles.add
      : mode === "edit"
        ? definition.titles.edit(row)
        : definition.titles.view(row);
  return (
    <Dialog id={id} title={title} isOpen onClose={onClose} width={definition.formWidth}>
      <Form
        // A new record's dialog that goes on as its editor starts a fresh form.
        key={row ? definition.grid.rowId(row) : "new"}
        mode={mode}
        row={row}
        {...(preset ? { preset } : {})}
        {...(created ? { created } : {})}
        onCancel={onClose}
        onEdit={onEdit}
        onSaved={onSaved}
        {...(onSavedAnother ? { onSavedAnother } : {})}
      />
    </Dialog>
  );
}
