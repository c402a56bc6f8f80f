import type { RelatedItem } from "@keyholder/contracts/related-items";
import {
  isUnitRangeText,
  readUnitRange,
  unitRangeFormTextSchema,
  unitRangeMessages,
  unitRangeNumbers,
} from "@keyholder/contracts/unit-range";
import { type UnitRow, unitFormTextSchema, unitMessages } from "@keyholder/contracts/units";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { z } from "zod";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { type RecordEditorProps, RecordFormActions, recordForm } from "../../../components/ui/record-form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { formatMoney, formatNumber } from "../../../lib/format.ts";
import type { AddPreset } from "../../../lib/tab-handlers.ts";
import { floorPlanQuery } from "../api/get-floor-plan.ts";
import { saveUnit } from "../api/save-unit.ts";
import { saveUnitRange } from "../api/save-unit-range.ts";
import { formatDay, unitBuildingName, unitFloorPlanName } from "../unit-names.ts";

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));

/** The dialog's Status (spec records 2.5): Available or Occupied. */
const STATUS_OPTIONS = [
  { value: "available", label: "Available" },
  { value: "occupied", label: "Occupied" },
];

/** The unit's View (spec records 2.5): its values as text, read-only. */
const viewItems = (row: UnitRow) => [
  { label: "Unit Number", value: row.unit_number },
  { label: "Property", value: row.property_name },
  { label: "Building", value: unitBuildingName(row) },
  { label: "Floor Plan", value: unitFloorPlanName(row) },
  { label: "Bedrooms", value: formatNumber(row.number_of_bedrooms) },
  { label: "Bathrooms", value: formatNumber(row.number_of_bathrooms) },
  { label: "Square Footage", value: formatNumber(row.square_footage) },
  { label: "Available Date", value: formatDay(row.date_available) },
  { label: "Status", value: row.occupied ? "Occupied" : "Available" },
  { label: "Base Rent", value: formatMoney(row.base_rent_estimate) },
  { label: "Location", value: [row.address.city, row.address.state.state_name].filter(Boolean).join(", ") },
];

const item = (id: string | number | null, value: string | null): RelatedItem | null =>
  id === null ? null : { id, value: value ?? String(id) };

/** One unit, or (in an Add) the units of a range typed as its number ("101-112", issue 15 item 13). */
const unitOrRangeSchema = z.discriminatedUnion("kind", [
  unitFormTextSchema.extend({ kind: z.literal("one") }),
  unitRangeFormTextSchema.extend({ kind: z.literal("range") }),
]);

/** The dialog's values: a unit's, or what an Add starts with (in the property or building it is added from). */
const initialValues = (row: UnitRow | null, preset?: AddPreset) => ({
  unit_number: row?.unit_number ?? "",
  property_id: row ? item(row.property_id, row.property_name) : (preset?.property ?? null),
  building_id: row ? item(row.building_id, unitBuildingName(row)) : (preset?.building ?? null),
  floor_plan_id: row ? item(row.floor_plan_id, unitFloorPlanName(row)) : null,
  number_of_bedrooms: text(row?.number_of_bedrooms),
  number_of_bathrooms: text(row?.number_of_bathrooms),
  square_footage: text(row?.square_footage),
  date_available: row?.date_available ?? "",
  occupied: (row?.occupied ? "occupied" : "available") as string,
  // A range typed in an Add that is meant as one unit's number ("2-104": building 2, unit 104).
  one_unit: false,
});
type Values = ReturnType<typeof initialValues>;

/** The numbers a typed range stands for, when it is one. */
const rangeOf = (text: string) => {
  const range = isUnitRangeText(text) ? readUnitRange(text) : null;
  return range ? unitRangeNumbers(range) : null;
};

/**
 * Add and edit of a unit (spec records 2.5): the property, then its building and floor plan from
 * the one record dropdown, whose lists follow the chosen property; choosing a floor plan fills the
 * bedrooms, bathrooms and square footage still empty. Checked here and again on the server, which
 * also holds the building and floor plan to the property. An Add takes a range ("101-112") for
 * several units at once, and offers Save and add another, which keeps the property, building and
 * floor plan for the next unit (issue 15, item 13).
 */
function UnitEditor({ mode, row, preset, onSaved, onSavedAnother, onCancel }: RecordEditorProps<UnitRow>) {
  const queryClient = useQueryClient();
  const [planUnread, setPlanUnread] = useState(false);
  const [lastAdded, setLastAdded] = useState<string | null>(null);
  // The rooms and size a floor plan fills in, from its details once read.
  const planFill = (planId: RelatedItem["id"]) => {
    const details = queryClient.getQueryData(floorPlanQuery(Number(planId)).queryKey);
    return [
      ["number_of_bedrooms", details?.bed_rooms],
      ["number_of_bathrooms", details?.bath_rooms],
      ["square_footage", details?.total_square_feet],
    ] as const;
  };
  const { form, failure, saving, submit, submitAnother, formRef } = useRecordSave({
    // Added from a property's or a building's Units tab, the unit starts in it.
    initialValues: initialValues(row, preset),
    schema: unitOrRangeSchema,
    toInput: ({ one_unit, ...v }) => ({
      ...v,
      kind: mode === "add" && !one_unit && isUnitRangeText(v.unit_number) ? ("range" as const) : ("one" as const),
      property_id: v.property_id ? String(v.property_id.id) : "",
      building_id: v.building_id ? Number(v.building_id.id) : null,
      floor_plan_id: v.floor_plan_id ? Number(v.floor_plan_id.id) : null,
      occupied: v.occupied === "occupied",
    }),
    save: async (data) => {
      if (data.kind === "range") {
        const { kind: _, ...units } = data;
        const made = await saveUnitRange(units);
        const first = made[0];
        return { id: String(first?.unit_id), name: first?.unit_number ?? "", count: made.length };
      }
      const { kind: _, ...unit } = data;
      const saved = await saveUnit(unit, row?.unit_id);
      return { id: String(saved.unit_id), name: saved.unit_number };
    },
    fallback: mode === "add" ? unitMessages.createFailed : unitMessages.saveFailed,
    onSaved,
    another: onSavedAnother && {
      onSaved: (saved) => {
        setLastAdded(saved.count ? `${saved.count} units added` : `Unit ${saved.name} added`);
        onSavedAnother(saved);
        // The next unit's number is what the user types next.
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('[name="unit_number"]')?.focus());
      },
      // The next unit starts in the same property, building and floor plan, with the plan's rooms and size.
      next: (v): Values => {
        const next: Values = { ...initialValues(null), property_id: v.property_id, building_id: v.building_id };
        if (!v.floor_plan_id) return next;
        next.floor_plan_id = v.floor_plan_id;
        for (const [field, value] of planFill(v.floor_plan_id.id)) {
          if (value !== null && value !== undefined) next[field] = String(value);
        }
        return next;
      },
    },
  });
  // The values as they are when a floor plan's details arrive, not as they were when it was chosen.
  const latest = useRef(form.values);
  latest.current = form.values;

  const property = form.values.property_id;
  const propertyId = property ? String(property.id) : "";
  const chooseProperty = (next: RelatedItem | null) => {
    form.setValue("property_id", next);
    // A unit's building and floor plan are its property's: another property's lists start empty.
    if (next?.id !== property?.id) {
      if (latest.current.building_id) form.setValue("building_id", null);
      if (latest.current.floor_plan_id) form.setValue("floor_plan_id", null);
    }
  };
  const choosePlan = async (plan: RelatedItem | null) => {
    form.setValue("floor_plan_id", plan);
    setPlanUnread(false);
    if (!plan) return;
    try {
      await queryClient.fetchQuery(floorPlanQuery(Number(plan.id)));
      if (latest.current.floor_plan_id?.id !== plan.id) return;
      for (const [field, value] of planFill(plan.id)) {
        if (!latest.current[field].trim() && value !== null && value !== undefined) form.setValue(field, String(value));
      }
    } catch {
      setPlanUnread(true);
    }
  };

  const needsProperty = "Choose the property first";
  const typed = form.values.unit_number;
  // A range typed in an Add: what it adds, unless the user says it is one unit's number.
  const typedRange = mode === "add" ? rangeOf(typed) : null;
  const range = typedRange && !form.values.one_unit ? typedRange : null;
  return (
    <form ref={formRef} className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {failure ? <Alert>{failure}</Alert> : null}
      {lastAdded ? (
        <p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
          {lastAdded}. Enter the next one.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <TextField
            label="Unit Number"
            isRequired
            autoFocus
            description={
              range
                ? unitRangeMessages.creates(range)
                : mode === "add"
                  ? "A range such as 101-112 adds each unit in it."
                  : undefined
            }
            {...form.field("unit_number")}
          />
          {typedRange ? (
            <Checkbox isSelected={form.values.one_unit} onChange={(v) => form.setValue("one_unit", v)}>
              Add one unit numbered “{typed.trim()}” instead
            </Checkbox>
          ) : null}
        </div>
        <RecordPicker
          label="Property"
          source={{ list: "properties" }}
          isRequired
          {...form.field("property_id")}
          onChange={chooseProperty}
          onInputChange={() => form.touch("property_id")}
        />
        <RecordPicker
          key={`building-${propertyId}`}
          label="Building"
          source={{ list: "buildings-by-property", scopeId: propertyId }}
          isDisabled={!property}
          description={property ? undefined : needsProperty}
          {...form.field("building_id")}
          onInputChange={() => form.touch("building_id")}
        />
        <RecordPicker
          key={`plan-${propertyId}`}
          label="Floor Plan"
          source={{ list: "floor-plans-by-property", scopeId: propertyId }}
          isDisabled={!property}
          description={
            !property
              ? needsProperty
              : planUnread
                ? `${unitMessages.dialogFallback}: the floor plan's rooms and size could not be read; enter them here.`
                : "Fills the bedrooms, bathrooms and square footage left empty."
          }
          {...form.field("floor_plan_id")}
          onChange={(plan) => void choosePlan(plan)}
          onInputChange={() => form.touch("floor_plan_id")}
        />
        <TextField label="Bedrooms" inputMode="decimal" {...form.field("number_of_bedrooms")} />
        <TextField label="Bathrooms" inputMode="decimal" {...form.field("number_of_bathrooms")} />
        <TextField label="Square Footage" inputMode="numeric" {...form.field("square_footage")} />
        <DatePicker label="Available Date" {...form.field("date_available")} />
        <SelectField label="Status" options={STATUS_OPTIONS} {...form.field("occupied")} />
      </div>
      <RecordFormActions
        mode={mode}
        saving={saving}
        onCancel={onCancel}
        onSaveAnother={onSavedAnother ? submitAnother : undefined}
        createLabel={range ? `Create ${range.length.toLocaleString("en-US")} units` : "Create"}
      />
    </form>
  );
}

export const UnitForm = recordForm(viewItems, UnitEditor);
