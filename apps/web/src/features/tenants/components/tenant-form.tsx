import {
  TENANT_KIND_LABELS,
  TENANT_KINDS,
  type TenantKind,
  type TenantRow,
  tenantFormSchema,
  tenantMessages,
} from "@keyholder/contracts/tenants";
import { Radio, RadioGroup } from "react-aria-components";
import type { RecordFormProps } from "../../../components/data-table/record-definition.ts";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { PhoneField } from "../../../components/ui/phone-field.tsx";
import { type RecordEditorProps, RecordFormActions } from "../../../components/ui/record-form.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { saveTenant } from "../api/save-tenant.ts";
import { TenantOverview } from "./tenant-overview.tsx";

const radioClass =
  "flex cursor-pointer items-center gap-2 text-sm outline-none before:block before:h-4 before:w-4 before:shrink-0 before:rounded-full before:border before:border-slate-500 data-focus-visible:before:ring-2 data-focus-visible:before:ring-brand-500 data-selected:before:border-4 data-selected:before:border-brand-700 dark:data-selected:before:border-brand-300";

const sectionTitle = "text-sm font-semibold text-slate-700 dark:text-slate-200";

/**
 * Add and edit of a tenant: Person (first and last name) or Company (its name), contact details,
 * an emergency contact and notes; checked here and again on the server with the same contract.
 */
function TenantEditor({ mode, row, onSaved, onCancel }: RecordEditorProps<TenantRow>) {
  const { form, failure, saving, submit } = useRecordSave({
    initialValues: {
      kind: (row?.kind ?? "person") as TenantKind,
      first_name: row?.first_name ?? "",
      last_name: row?.last_name ?? "",
      company_name: row?.company_name ?? "",
      email: row?.email ?? "",
      phone: row?.phone ?? "",
      alternate_email: row?.alternate_email ?? "",
      alternate_phone: row?.alternate_phone ?? "",
      emergency_contact_name: row?.emergency_contact_name ?? "",
      emergency_contact_phone: row?.emergency_contact_phone ?? "",
      emergency_contact_relationship: row?.emergency_contact_relationship ?? "",
      notes: row?.notes ?? "",
    },
    schema: tenantFormSchema,
    toInput: (v) => v,
    save: async (tenant) => {
      const saved = await saveTenant(tenant, row?.id);
      return { id: saved.id, name: saved.name };
    },
    fallback: mode === "add" ? tenantMessages.createFailed : tenantMessages.saveFailed,
    onSaved,
  });
  const kind = form.values.kind;

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {failure ? <Alert>{failure}</Alert> : null}
      <RadioGroup
        aria-label="Tenant type"
        value={kind}
        onChange={(v) => form.field("kind").onChange(v as TenantKind)}
        orientation="horizontal"
        className="flex gap-6"
      >
        {TENANT_KINDS.map((k) => (
          <Radio key={k} value={k} className={radioClass}>
            {TENANT_KIND_LABELS[k]}
          </Radio>
        ))}
      </RadioGroup>
      <div className="grid gap-4 sm:grid-cols-2">
        {kind === "person" ? (
          <>
            <TextField label="First Name" isRequired autoFocus autoComplete="off" {...form.field("first_name")} />
            <TextField label="Last Name" isRequired autoComplete="off" {...form.field("last_name")} />
          </>
        ) : (
          <div className="sm:col-span-2">
            <TextField label="Company Name" isRequired autoFocus autoComplete="off" {...form.field("company_name")} />
          </div>
        )}
        <TextField label="Email" type="email" autoComplete="off" {...form.field("email")} />
        <PhoneField label="Phone" autoComplete="off" {...form.field("phone")} />
        <TextField label="Alternate Email" type="email" autoComplete="off" {...form.field("alternate_email")} />
        <PhoneField label="Alternate Phone" autoComplete="off" {...form.field("alternate_phone")} />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className={`${sectionTitle} mb-2`}>Emergency Contact</legend>
        <TextField label="Contact Name" autoComplete="off" {...form.field("emergency_contact_name")} />
        <PhoneField label="Contact Phone" autoComplete="off" {...form.field("emergency_contact_phone")} />
        <TextField
          label="Relationship"
          placeholder="Parent, sibling, friend..."
          autoComplete="off"
          {...form.field("emergency_contact_relationship")}
        />
      </fieldset>
      <TextField label="Notes" rows={3} {...form.field("notes")} />
      <RecordFormActions mode={mode} saving={saving} onCancel={onCancel} />
    </form>
  );
}

/** A tenant's dialog: View Tenant shows their page (contact, emergency contact, notes, documents), edit and add the form. */
export function TenantForm({ mode, row, onSaved, onCancel, onEdit }: RecordFormProps<TenantRow>) {
  if (mode === "view" && row) return <TenantOverview tenant={row} onClose={onCancel} onEdit={onEdit} />;
  return <TenantEditor mode={mode} row={row} onSaved={onSaved} onCancel={onCancel} />;
}
