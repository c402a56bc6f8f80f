import { formatPhone } from "@keyholder/contracts/auth";
import {
  INVITE_STATUSES,
  STAFF_STATUSES,
  type StaffRow,
  staffDisplayName,
  staffFormSchema,
  staffMessages,
} from "@keyholder/contracts/staff";
import { useEffect, useRef, useState } from "react";
import type { RecordFormProps } from "../../../components/data-table/record-definition.ts";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { PhoneField } from "../../../components/ui/phone-field.tsx";
import { type RecordEditorProps, RecordFormActions } from "../../../components/ui/record-form.tsx";
import { RecordView } from "../../../components/ui/record-view.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useWorksOn } from "../../../components/works-on/use-works-on.ts";
import { WorksOnField } from "../../../components/works-on/works-on-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useCan } from "../../../lib/auth/auth-context.tsx";
import { formatDate, formatNumber } from "../../../lib/format.ts";
import { saveStaff } from "../api/save-staff.ts";
import { useApproveStaff } from "../hooks/use-approve-staff.ts";

const yesNo = (v: boolean) => (v ? "Yes" : "No");

/** View Staff: the staff member, their invitation and their account, read-only. */
const viewItems = (row: StaffRow) => [
  { label: "Name", value: staffDisplayName(row) },
  { label: "Email", value: row.email },
  { label: "Job Title", value: row.job_title },
  { label: "Department", value: row.department },
  { label: "Phone", value: row.phone },
  { label: "Bio", value: row.bio },
  { label: "Public Contact", value: yesNo(row.is_public_contact) },
  { label: "Display Order", value: formatNumber(row.display_order) },
  { label: "Status", value: row.status },
  { label: "Invite Status", value: row.invite_status },
  { label: "Invite Expires", value: row.accepted_invite ? "Accepted" : formatDate(row.invite_expires_at) },
  { label: "New Link Requested", value: row.new_link_requested_at ? formatDate(row.new_link_requested_at) : "No" },
  { label: "Username", value: row.user_name },
  { label: "Role", value: row.role_name },
];

/** Spec records 5: the display order's input reads 1 when it is not a number. */
const displayOrderOf = (text: string) => {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isNaN(n) ? 1 : n;
};

/** Spec records 8: what the dialog says when an invite fails for a reason not tied to one field. */
function createFailure(err: unknown) {
  if (!(err instanceof ApiError)) return staffMessages.createFailed;
  if (err.status === 400 && /already exists/i.test(err.message)) return staffMessages.emailExists;
  if (err.status === 400) return staffMessages.invalidInformation;
  if (err.status >= 500) return staffMessages.serverError;
  return err.message || staffMessages.createFailed;
}

/**
 * Add Staff and Edit Staff (spec records 2.7, 5): Full Name, Job Title, Email Address (required),
 * Phone Number, Department, Display Order, Bio and the public-contact checkbox. Creating sends the
 * invitation email.
 */
function StaffEditor({ mode, row, onSaved, onCancel }: RecordEditorProps<StaffRow>) {
  const can = useCan();
  // Which properties their account works on: for someone who has joined and is not an administrator.
  const userId = mode === "edit" && row?.role_name !== "Administrator" && can("users.manage") ? row?.user_id : null;
  const worksOn = useWorksOn(userId);
  const { form, failure, saving, submit } = useRecordSave({
    initialValues: {
      name: row?.name ?? "",
      job_title: row?.job_title ?? "",
      email: row?.email ?? "",
      phone: formatPhone(row?.phone ?? ""),
      department: row?.department ?? "",
      display_order: String(row?.display_order ?? 1),
      bio: row?.bio ?? "",
      is_public_contact: row?.is_public_contact ?? false,
    },
    schema: staffFormSchema,
    toInput: (v) => ({ ...v, display_order: displayOrderOf(v.display_order) }),
    save: async (staff) => {
      try {
        const saved = await saveStaff(staff, row?.id);
        await worksOn.save();
        return { id: saved.id, name: saved.name || saved.email };
      } catch (err) {
        // A duplicate email goes under the field (its message is the spec's); other failures above the form.
        if (mode === "add" && !(err instanceof ApiError && err.fields)) {
          throw new ApiError(err instanceof ApiError ? err.status : 0, createFailure(err));
        }
        throw err;
      }
    },
    fallback: mode === "add" ? staffMessages.createFailed : staffMessages.genericError,
    onSaved,
  });
  const accepted = row?.accepted_invite ?? false;

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full Name" autoComplete="off" autoFocus {...form.field("name")} />
        <TextField label="Job Title" {...form.field("job_title")} />
        <TextField
          label="Email Address"
          type="email"
          isRequired
          autoComplete="off"
          description={
            mode === "add"
              ? "We email an invitation to this address. The link works for 7 days."
              : accepted
                ? "They sign in with the address of their account; this one is where the organization reaches them."
                : "Changed an address? Save, then use Resend Invitation."
          }
          {...form.field("email")}
        />
        <PhoneField label="Phone Number" {...form.field("phone")} onChange={(v) => form.setValue("phone", v)} />
        <TextField label="Department" {...form.field("department")} />
        <TextField label="Display Order" inputMode="numeric" {...form.field("display_order")} />
        <div className="sm:col-span-2">
          <TextField label="Bio" rows={3} {...form.field("bio")} />
        </div>
        <div className="sm:col-span-2">
          <Checkbox isSelected={form.values.is_public_contact} onChange={(v) => form.setValue("is_public_contact", v)}>
            {staffMessages.publicContact}
          </Checkbox>
        </div>
      </div>
      {worksOn.value ? <WorksOnField value={worksOn.value} onChange={worksOn.onChange} /> : null}
      {mode === "add" ? (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onPress={onCancel} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" isPending={saving}>
            {saving ? staffMessages.creating : staffMessages.create}
          </Button>
        </div>
      ) : (
        <RecordFormActions mode={mode} saving={saving} onCancel={onCancel} />
      )}
    </form>
  );
}

/**
 * View Staff, with what is pending: a staff member waiting for approval gets an Approve button for
 * whoever may approve them, and the dialog says once they are in (the row as shown follows, even
 * when the grid has not reloaded it).
 */
function StaffView({ row, onClose, onEdit }: { row: StaffRow; onClose(): void; onEdit?: (() => void) | undefined }) {
  const can = useCan();
  const { approve, pending } = useApproveStaff();
  const [approvedHere, setApprovedHere] = useState(false);
  const done = useRef<HTMLDivElement>(null);
  const shown =
    approvedHere && !row.approved_invite
      ? { ...row, approved_invite: true, status: STAFF_STATUSES.active, invite_status: INVITE_STATUSES.active }
      : row;
  const waiting = shown.accepted_invite && !shown.approved_invite;
  // The Approve button is gone: focus goes to what replaced it, not to the page.
  useEffect(() => {
    if (approvedHere) done.current?.focus();
  }, [approvedHere]);
  return (
    <RecordView items={viewItems(shown)} onClose={onClose} onEdit={onEdit}>
      {waiting ? (
        <section
          aria-label={STAFF_STATUSES.awaitingApproval}
          className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>
            <strong className="font-semibold">{STAFF_STATUSES.awaitingApproval}.</strong>{" "}
            {staffMessages.awaitingApprovalHelp}
          </p>
          {can("staff.manage") ? (
            <Button
              className="shrink-0"
              isPending={pending === row.id}
              onPress={async () => setApprovedHere(await approve(row))}
            >
              {pending === row.id ? staffMessages.approving : staffMessages.approve}
            </Button>
          ) : null}
        </section>
      ) : approvedHere ? (
        <div ref={done} tabIndex={-1} className="outline-none">
          <Alert tone="success">{staffMessages.approved(staffDisplayName(row))}</Alert>
        </div>
      ) : null}
    </RecordView>
  );
}

/** The staff table's record form: View Staff, or the Add/Edit editor. */
export function StaffForm({ mode, row, preset, onSaved, onCancel, onEdit }: RecordFormProps<StaffRow>) {
  if (mode === "view" && row) return <StaffView row={row} onClose={onCancel} onEdit={onEdit} />;
  return <StaffEditor mode={mode} row={row} {...(preset ? { preset } : {})} onSaved={onSaved} onCancel={onCancel} />;
}
