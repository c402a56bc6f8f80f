import type { ComponentType } from "react";
import type { RecordFormProps } from "../data-table/record-definition.ts";
import { Button } from "./button.tsx";
import { RecordView, type ViewItem } from "./record-view.tsx";

export type RecordEditorProps<Row> = Pick<
  RecordFormProps<Row>,
  "mode" | "row" | "preset" | "onSaved" | "onSavedAnother" | "onCancel"
>;

/** A table's record form: the read-only view in view mode (one look for every table), its editor otherwise. */
export function recordForm<Row>(viewItems: (row: Row) => ViewItem[], Editor: ComponentType<RecordEditorProps<Row>>) {
  return function RecordForm({ mode, row, preset, onSaved, onSavedAnother, onCancel, onEdit }: RecordFormProps<Row>) {
    if (mode === "view" && row) return <RecordView items={viewItems(row)} onClose={onCancel} onEdit={onEdit} />;
    return (
      <Editor
        mode={mode}
        row={row}
        {...(preset ? { preset } : {})}
        onSaved={onSaved}
        {...(onSavedAnother ? { onSavedAnother } : {})}
        onCancel={onCancel}
      />
    );
  };
}

/**
 * A record form's buttons (spec records 2.3, 2.6, 4): Cancel, and Create or Save, 'Saving...' while
 * in flight; in an Add that can go on to the next record, Save and add another before Create (which
 * stays the form's default, the one Enter presses).
 */
export function RecordFormActions({
  mode,
  saving,
  onCancel,
  onSaveAnother,
  createLabel = "Create",
}: {
  mode: RecordFormProps<unknown>["mode"];
  saving: boolean;
  onCancel(): void;
  onSaveAnother?: (() => void) | undefined;
  /** What Create says when it makes more than one record ("Create 12 units"). */
  createLabel?: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onPress={onCancel} isDisabled={saving}>
        Cancel
      </Button>
      {mode === "add" && onSaveAnother ? (
        <Button variant="secondary" onPress={onSaveAnother} isPending={saving}>
          Save and add another
        </Button>
      ) : null}
      <Button type="submit" isPending={saving}>
        {saving ? "Saving..." : mode === "add" ? createLabel : "Save"}
      </Button>
    </div>
  );
}
