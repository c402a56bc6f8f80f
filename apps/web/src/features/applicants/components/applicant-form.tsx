import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicantRow,
  type ApplicationStatus,
  applicantMessages,
  applicationStatusChangeSchema,
} from "@keyholder/contracts/applications";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { type RecordEditorProps, RecordFormActions, recordForm } from "../../../components/ui/record-form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { formatDate } from "../../../lib/format.ts";
import { changeApplicationStatus } from "../api/change-application-status.ts";

/** View Applicant: the application as it arrived, and where it stands. */
const viewItems = (row: ApplicantRow) => [
  { label: "Full Name", value: row.full_name },
  { label: "Email", value: row.email },
  { label: "Phone", value: row.phone },
  { label: "Property", value: row.property_name },
  { label: "Floor Plan", value: row.floor_plan_name ?? (row.unit_number ? "None (a unit without one)" : "Any") },
  { label: "Unit", value: row.unit_number },
  { label: "Move-in Date", value: formatDate(row.move_in_date) },
  { label: "Message", value: row.message },
  { label: "Status", value: APPLICATION_STATUS_LABELS[row.status] },
  { label: "Status Note", value: row.status_note },
  { label: "Duplicate", value: row.duplicate ? "Yes: another application from this email to this property" : "No" },
  { label: "Submitted", value: formatDate(row.submitted_at) },
  { label: "Reference", value: row.reference },
];

/**
 * Change Status (the row menu's Edit): the new status, an optional note, and whether the applicant
 * is emailed. The applicant's own answers are theirs and are not edited here.
 */
function ApplicantEditor({ row, onSaved, onCancel }: RecordEditorProps<ApplicantRow>) {
  const { form, failure, saving, submit } = useRecordSave({
    initialValues: {
      status: (row?.status ?? "new") as ApplicationStatus,
      note: row?.status_note ?? "",
      notify_applicant: true,
    },
    schema: applicationStatusChangeSchema,
    toInput: (v) => v,
    save: async (change) => {
      if (!row) throw new Error("an applicant is chosen before its status changes");
      const saved = await changeApplicationStatus(row.id, change);
      return { id: saved.id, name: saved.full_name };
    },
    fallback: applicantMessages.saveFailed,
    onSaved,
  });
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {failure ? <Alert>{failure}</Alert> : null}
      {row ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {row.full_name} ({row.email}) applied to {row.property_name}
          {row.floor_plan_name ? `, ${row.floor_plan_name}` : ""}
          {row.unit_number ? `, unit ${row.unit_number}` : ""} on {formatDate(row.submitted_at)}.
        </p>
      ) : null}
      <SelectField
        label="Status"
        {...form.field("status")}
        onChange={(v) => form.setValue("status", v as ApplicationStatus)}
        options={APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] }))}
      />
      <TextField
        label="Note (optional)"
        rows={3}
        description="Kept in the application's history; included in the email when the applicant is told."
        {...form.field("note")}
      />
      <Checkbox isSelected={form.values.notify_applicant} onChange={(v) => form.setValue("notify_applicant", v)}>
        Email the applicant about the new status
      </Checkbox>
      <RecordFormActions mode="edit" saving={saving} onCancel={onCancel} />
    </form>
  );
}

export const ApplicantForm = recordForm(viewItems, ApplicantEditor);
