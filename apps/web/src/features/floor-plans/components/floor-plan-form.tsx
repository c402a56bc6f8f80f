import { type FloorPlanRow, floorPlanFormTextSchema, floorPlanMessages } from "@keyholder/contracts/floor-plans";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { type RecordEditorProps, RecordFormButtons, recordForm } from "../../../components/ui/record-form.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { formatMoney, formatNumber, formatStatus } from "../../../lib/format.ts";
import { saveFloorPlan } from "../api/save-floor-plan.ts";

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));

/** The floor plan's View: its values as the grid shows them (en-US, US dollars, 'N/A' for missing). */
const viewItems = (row: FloorPlanRow) => [
  { label: "Plan Name", value: row.plan_name },
  { label: "Plan Code", value: row.plan_code },
  { label: "Bedrooms", value: formatNumber(row.bed_rooms) },
  { label: "Bathrooms", value: formatNumber(row.bath_rooms) },
  { label: "Levels", value: formatNumber(row.number_of_levels) },
  { label: "Square Feet", value: formatNumber(row.total_square_feet) },
  { label: "Base Rent", value: formatMoney(row.base_rent_estimate) },
  { label: "Status", value: formatStatus(row.active) },
  { label: "Description", value: row.description },
];

/**
 * Edit and add of a floor plan (spec records 2.3, 4, 5): 'Saving...' while in flight, the failure
 * above the form with the dialog kept open, the Active flag toggled here.
 */
function FloorPlanEditor({ mode, row, onSaved, onCancel }: RecordEditorProps<FloorPlanRow>) {
  const { form, failure, saving, submit } = useRecordSave({
    initialValues: {
      plan_name: row?.plan_name ?? "",
      plan_code: text(row?.plan_code),
      bed_rooms: text(row?.bed_rooms),
      bath_rooms: text(row?.bath_rooms),
      number_of_levels: text(row?.number_of_levels ?? 1),
      total_square_feet: text(row?.total_square_feet),
      base_rent_estimate: text(row?.base_rent_estimate),
      description: row?.description ?? "",
      active: row?.active ?? true,
    },
    schema: floorPlanFormTextSchema,
    toInput: (v) => v,
    save: async (plan) => {
      const saved = await saveFloorPlan(plan, row?.id);
      return { id: String(saved.id), name: saved.plan_name };
    },
    fallback: floorPlanMessages.saveFallback,
    onSaved,
  });

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Plan Name" isRequired autoFocus {...form.field("plan_name")} />
        <TextField label="Plan Code" {...form.field("plan_code")} />
        <TextField label="Bedrooms" isRequired inputMode="decimal" {...form.field("bed_rooms")} />
        <TextField label="Bathrooms" isRequired inputMode="decimal" {...form.field("bath_rooms")} />
        <TextField label="Levels" inputMode="numeric" {...form.field("number_of_levels")} />
        <TextField label="Square Feet" inputMode="numeric" {...form.field("total_square_feet")} />
        <TextField
          label="Base Rent"
          isRequired
          inputMode="decimal"
          description="US dollars per month"
          {...form.field("base_rent_estimate")}
        />
        <div className="flex items-end pb-2">
          <Checkbox isSelected={form.values.active} onChange={(v) => form.setValue("active", v)}>
            Active
          </Checkbox>
        </div>
        <div className="sm:col-span-2">
          <TextField label="Description" rows={3} {...form.field("description")} />
        </div>
      </div>
      <RecordFormButtons mode={mode} saving={saving} onCancel={onCancel} />
    </form>
  );
}

export const FloorPlanForm = recordForm(viewItems, FloorPlanEditor);
