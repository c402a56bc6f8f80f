import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_CHANNEL_LABELS,
  MAINTENANCE_CHANNELS,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_PRIORITY_LABELS,
  type MaintenanceRow,
  maintenanceFormSchema,
  PRIORITY_DUE_DAYS,
} from "@keyholder/contracts/maintenance";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { type RecordEditorProps, RecordFormActions } from "../../../components/ui/record-form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useCan } from "../../../lib/auth/auth-context.tsx";
import { saveRequest } from "../api/save-request.ts";
import { requestInput, requestValues } from "./request-values.ts";

const options = <C extends string>(codes: readonly C[], labels: Record<C, string>) =>
  codes.map((c) => ({ value: c, label: labels[c] }));
const categoryOptions = options(MAINTENANCE_CATEGORIES, MAINTENANCE_CATEGORY_LABELS);
const channelOptions = options(MAINTENANCE_CHANNELS, MAINTENANCE_CHANNEL_LABELS);
const priorityOptions = MAINTENANCE_PRIORITIES.map((p) => ({
  value: p,
  label: `${MAINTENANCE_PRIORITY_LABELS[p]} (${PRIORITY_DUE_DAYS[p] === 0 ? "due today" : `due in ${PRIORITY_DUE_DAYS[p]} days`})`,
}));

/**
 * Add and edit of a maintenance request: where (the property, then optionally a building and a unit
 * or a zone of it), what and how urgent, how to get in, and how it came in; checked here and on the
 * server with the same contract. The status is changed from the request's view.
 */
export function RequestEditor({ mode, row, onSaved, onCancel }: RecordEditorProps<MaintenanceRow>) {
  const can = useCan();
  const { form, failure, saving, submit } = useRecordSave({
    initialValues: requestValues(row),
    schema: maintenanceFormSchema,
    toInput: requestInput,
    save: async (data) => {
      const saved = await saveRequest(data, row?.id);
      return { id: saved.id, name: `#${saved.request_no} ${saved.title}` };
    },
    fallback: "Failed to save the request",
    onSaved,
  });
  const v = form.values;
  const propertyId = v.property_id ? String(v.property_id.id) : null;
  const needProperty = propertyId ? {} : { description: "Choose the property first" };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {failure ? <Alert>{failure}</Alert> : null}
      <TextField label="Title" isRequired autoFocus autoComplete="off" {...form.field("title")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <RecordPicker
          label="Property"
          source={{ list: "properties" }}
          isRequired
          {...form.field("property_id")}
          onChange={(property) => {
            form.setValue("property_id", property);
            // Its building, unit and zone are of one property: another property starts them again.
            if (String(property?.id ?? "") !== propertyId) {
              form.setValue("building_id", null);
              form.setValue("unit_id", null);
              form.setValue("zone_id", null);
            }
          }}
        />
        <RecordPicker
          label="Building"
          source={{ list: "buildings-by-property", scopeId: propertyId ?? "" }}
          isDisabled={!propertyId}
          {...needProperty}
          {...form.field("building_id")}
        />
        <RecordPicker
          label="Unit"
          source={
            v.building_id
              ? { list: "units-by-building", scopeId: Number(v.building_id.id) }
              : { list: "units-by-property", scopeId: propertyId ?? "" }
          }
          isDisabled={!propertyId}
          {...needProperty}
          {...form.field("unit_id")}
        />
        <RecordPicker
          label="Zone or Common Area"
          source={{ list: "zones-by-property", scopeId: propertyId ?? "" }}
          isDisabled={!propertyId}
          {...needProperty}
          {...form.field("zone_id")}
        />
        <SelectField label="Category" options={categoryOptions} {...form.field("category")} />
        <SelectField label="Priority" options={priorityOptions} {...form.field("priority")} />
        <SelectField label="Came In By" options={channelOptions} {...form.field("channel")} />
        {/* Tenants are records: a role that works requests without reading them (a technician) records none. */}
        {can("records.view") ? (
          <RecordPicker label="Reported By (Tenant)" source={{ list: "tenants" }} {...form.field("tenant_id")} />
        ) : null}
      </div>
      <TextField label="Description" rows={3} {...form.field("description")} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">Entry</legend>
        <div className="flex flex-wrap gap-6">
          <Checkbox isSelected={v.permission_to_enter} onChange={(on) => form.setValue("permission_to_enter", on)}>
            Permission to enter
          </Checkbox>
          <Checkbox isSelected={v.pets_present} onChange={(on) => form.setValue("pets_present", on)}>
            Pets present
          </Checkbox>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Entry Notes"
            placeholder="Alarm code, key with the office..."
            {...form.field("entry_notes")}
          />
          <TextField label="Preferred Times" placeholder="Weekdays after 3 pm" {...form.field("preferred_times")} />
        </div>
      </fieldset>
      <RecordFormActions mode={mode} saving={saving} onCancel={onCancel} />
    </form>
  );
}
