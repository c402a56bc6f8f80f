import type { MaintenanceRow } from "@keyholder/contracts/maintenance";
import type { RecordFormProps } from "../../../components/data-table/record-definition.ts";
import { RequestEditor } from "./request-editor.tsx";
import { RequestView } from "./request-view.tsx";

/** A request's dialog: View shows it with its status change and history; Add and Edit the form. */
export function RequestForm({ mode, row, onSaved, onCancel, onEdit }: RecordFormProps<MaintenanceRow>) {
  if (mode === "view" && row)
    return <RequestView request={row} onClose={onCancel} onEdit={onEdit} onChanged={onSaved} />;
  return <RequestEditor mode={mode} row={row} onSaved={onSaved} onCancel={onCancel} />;
}
