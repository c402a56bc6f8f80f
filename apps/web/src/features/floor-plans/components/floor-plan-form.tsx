import { type FloorPlanRow, floorPlanFormSchema, floorPlanMessages } from "@keyholder/contracts/floor-plans";
import { useState } from "react";
import { TextField as AriaTextField, FieldError, Label, TextArea } from "react-aria-components";
import type { RecordFormProps } from "../../../components/data-table/record-table.tsx";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { parseNumberInput } from "../../../lib/form-errors.ts";
import { saveFloorPlan } from "../api/save-floor-plan.ts";

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));

/**
 * View and edit of a floor plan in one form (spec records 2.3, 4, 5): 'Saving...' while in flight,
 * the failure above the form with the dialog kept open, the Active flag toggled here.
 */
export function FloorPlanForm({ mode, row, onSaved, onCancel, onEdit }: RecordFormProps<FloorPlanRow>) {
  const readOnly = mode === "view";
  const [v, setV] = useState({
    plan_name: row?.plan_name ?? "",
    plan_code: text(row?.plan_code),
    bed_rooms: text(row?.bed_rooms),
    bath_rooms: text(row?.bath_rooms),
    number_of_levels: text(row?.number_of_levels ?? 1),
    total_square_feet: text(row?.total_square_feet),
    base_rent_estimate: text(row?.base_rent_estimate),
    description: row?.description ?? "",
  });
  const [active, setActive] = useState(row?.active ?? true);
  const {
    errors,
    failure,
    saving,
    submit: save,
  } = useRecordSave({
    schema: floorPlanFormSchema,
    save: (form) => saveFloorPlan(form, row?.id),
    fallback: floorPlanMessages.saveFallback,
    onSaved,
  });
  const field = (name: keyof typeof v) => ({
    value: v[name],
    onChange: (value: string) => setV((prev) => ({ ...prev, [name]: value })),
    errors: errors[name],
    isReadOnly: readOnly,
  });

  const submit = () =>
    save({
      plan_name: v.plan_name,
      plan_code: v.plan_code,
      bed_rooms: parseNumberInput(v.bed_rooms),
      bath_rooms: parseNumberInput(v.bath_rooms),
      number_of_levels: parseNumberInput(v.number_of_levels),
      total_square_feet: parseNumberInput(v.total_square_feet),
      base_rent_estimate: parseNumberInput(v.base_rent_estimate),
      description: v.description,
      active,
    });

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!readOnly) void submit();
      }}
    >
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Plan Name" isRequired autoFocus={!readOnly} {...field("plan_name")} />
        <TextField label="Plan Code" {...field("plan_code")} />
        <TextField label="Bedrooms" isRequired inputMode="decimal" {...field("bed_rooms")} />
        <TextField label="Bathrooms" isRequired inputMode="decimal" {...field("bath_rooms")} />
        <TextField label="Levels" inputMode="numeric" {...field("number_of_levels")} />
        <TextField label="Square Feet" inputMode="numeric" {...field("total_square_feet")} />
        <TextField
          label="Base Rent"
          isRequired
          inputMode="decimal"
          description="US dollars per month"
          {...field("base_rent_estimate")}
        />
        <div className="flex items-end pb-2">
          <Checkbox isSelected={active} onChange={setActive} isReadOnly={readOnly}>
            Active
          </Checkbox>
        </div>
        <AriaTextField
          value={v.description}
          onChange={(description) => setV((prev) => ({ ...prev, description }))}
          isReadOnly={readOnly}
          isInvalid={Boolean(errors.description)}
          className="flex flex-col gap-1 sm:col-span-2"
        >
          <Label className="text-sm font-medium text-slate-700 dark:text-slate-200">Description</Label>
          <TextArea
            rows={3}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 dark:border-slate-600 dark:bg-slate-900"
          />
          <FieldError className="text-xs text-red-600">{errors.description?.join(" ")}</FieldError>
        </AriaTextField>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onCancel} isDisabled={saving}>
          {readOnly ? "Close" : "Cancel"}
        </Button>
        {readOnly ? (
          <Button onPress={onEdit}>Edit</Button>
        ) : (
          <Button type="submit" isDisabled={saving}>
            {saving ? "Saving..." : mode === "add" ? "Create" : "Save"}
          </Button>
        )}
      </div>
    </form>
  );
}
