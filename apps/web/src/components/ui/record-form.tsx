import type { ComponentType } from "react";
import type { RecordFormProps } from "../data-table/record-table.tsx";
import { RecordView, type ViewItem } from "./record-view.tsx";

export type RecordEditorProps<Row> = Pick<RecordFormProps<Row>, "mode" | "row" | "preset" | "onSaved" | "onCancel">;

/** A table's record form: the read-only view in view mode (one look for every table), its editor otherwise. */
export function recordForm<Row>(viewItems: (row: Row) => ViewItem[], Editor: ComponentType<RecordEditorProps<Row>>) {
  return function RecordForm({ mode, row, preset, onSaved, onCancel, onEdit }: RecordFormProps<Row>) {
    if (mode === "view" && row) return <RecordView items={viewItems(row)} onClose={onCancel} onEdit={onEdit} />;
    return <Editor mode={mode} row={row} {...(preset ? { preset } : {})} onSaved={onSaved} onCancel={onCancel} />;
  };
}
