import { ROLE_LABELS, ROLE_NAMES, ROLE_RANKS, type RoleName } from "@keyholder/contracts/permissions";
import { type UserRow, userAdminMessages } from "@keyholder/contracts/users";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { type RecordEditorProps, RecordFormActions, recordForm } from "../../../components/ui/record-form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { useWorksOn } from "../../../components/works-on/use-works-on.ts";
import { WorksOnField } from "../../../components/works-on/works-on-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useAuth } from "../../../lib/auth/auth-context.tsx";
import { formatDate } from "../../../lib/format.ts";
import { updateUser } from "../api/user-actions.ts";
import { userName, worksOnText } from "./user-text.ts";

/** View User: the account as the grid shows it. */
const viewItems = (row: UserRow) => [
  { label: "Name", value: userName(row) },
  { label: "Email", value: row.username },
  { label: "Role", value: row.role.display_name },
  { label: "Status", value: row.status },
  { label: "Works On", value: worksOnText(row) },
  { label: "Two-Factor", value: row.two_factor_enabled ? "On" : "Off" },
  { label: "Last Login", value: formatDate(row.last_login) },
  { label: "Phone", value: row.phone },
];

/**
 * Edit User (issue 13, item 5): the role (none above the editor's own), locked, enabled, and the
 * properties a non-administrator works on. The server keeps the last active administrator one.
 */
function UserEditor({ row, onSaved, onCancel }: RecordEditorProps<UserRow>) {
  const { session } = useAuth();
  const ownRole = session?.user.role.role_name as RoleName | undefined;
  const ownRank = ownRole ? (ROLE_RANKS[ownRole] ?? -1) : -1;
  const [role, setRole] = useState(row?.role.role_name ?? "STAFF");
  const [locked, setLocked] = useState(row?.locked ?? false);
  const [enabled, setEnabled] = useState(row?.enabled ?? true);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const worksOn = useWorksOn(row && role !== "ADMIN" ? row.id : null);
  if (!row) return null;
  const self = row.id === session?.user.id;
  const roles = ROLE_NAMES.filter((r) => r !== "OPERATOR" && ROLE_RANKS[r] <= ownRank);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      await updateUser(row.id, { role: role as RoleName, locked, enabled });
      await worksOn.save();
      onSaved({ id: String(row.id), name: userName(row) });
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : "Failed to save the user");
      setSaving(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {failure ? <Alert>{failure}</Alert> : null}
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {row.username}
        {self ? " (you)" : ""}
      </p>
      <SelectField
        label="Role"
        value={role}
        onChange={setRole}
        options={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        description="Administrators manage everything, staff and settings included; the others work on their properties."
      />
      <Checkbox isSelected={enabled} isDisabled={self} onChange={setEnabled}>
        Enabled: can sign in
      </Checkbox>
      <Checkbox isSelected={locked} isDisabled={self} onChange={setLocked}>
        Locked: signed out and refused at sign-in until unlocked
      </Checkbox>
      {self ? <p className="text-sm text-slate-600 dark:text-slate-300">{userAdminMessages.ownAccount}</p> : null}
      {worksOn.value ? <WorksOnField value={worksOn.value} onChange={worksOn.onChange} /> : null}
      <RecordFormActions mode="edit" saving={saving} onCancel={onCancel} />
    </form>
  );
}

export const UserForm = recordForm(viewItems, UserEditor);
