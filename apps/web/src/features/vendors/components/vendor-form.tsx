import type { VendorRow } from "@keyholder/contracts/vendors";
import type { RecordFormProps } from "../../../components/data-table/record-definition.ts";
import { VendorEditor } from "./vendor-editor.tsx";
import { VendorView } from "./vendor-view.tsx";

/** A vendor's dialog: View shows it (the taxpayer id by its last four digits), Add and Edit the form. */
export function VendorForm({ mode, row, onSaved, onCancel, onEdit }: RecordFormProps<VendorRow>) {
  if (mode === "view" && row) return <VendorView vendor={row} onClose={onCancel} onEdit={onEdit} />;
  return <VendorEditor mode={mode} row={row} onSaved={onSaved} onCancel={onCancel} />;
}
