import type { ComponentType } from "react";
import type { RecordFormProps } from "../data-table/record-table.tsx";
import { Button } from "./button.tsx";
import { RecordView, type ViewItem } from "./record-view.tsx";

export type RecordEditorProps<Row> = Pick<RecordFormProps<Row>, "mode" | "row" | "onSaved" | "onCancel">;

/** A table's record form: the read-only view in view mode (one look for every table), its editor otherwise. */
export function recordForm<Row>(viewItems: (row: Row) => ViewItem[], Editor: ComponentType<RecordEditorProps<Row>>) {
  return function RecordForm({ mode, row, onSaved, onCancel, onEdit }: RecordFormProps<Row>) {
    if (mode === "view" && row) return <RecordView items={viewItems(row)} onClose={onCancel} onEdit={onEdit} />;
    return <Editor mode={mode} row={row} onSaved={onSaved} onCancel={onCancel} />;
  };
}

/** A record editor's buttons (spec records 4): Cancel, and Create or Save, which reads 'Saving...' while in flight. */
export function RecordFormButtons({
  mode,
  saving,
  onCancel,
}: {
  mode: "add" | "edit" | "view";
  saving: boolean;
  onCancel(): void;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onPress={onCancel} isDisabled={saving}>
        Cancel
      </Button>
      <Button type="submit" isPending={saving}>
        {saving ? "Saving..." : mode === "add" ? "Create" : "Save"}
      </Button>
    </div>
  );
}
