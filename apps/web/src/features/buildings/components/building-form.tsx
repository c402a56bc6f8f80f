import { type BuildingRow, buildingFormSchema, buildingMessages } from "@keyholder/contracts/buildings";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { RecordFormProps } from "../../../components/data-table/record-table.tsx";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { parseNumberInput } from "../../../lib/form-errors.ts";
import { buildingTypesQuery } from "../api/get-building-types.ts";
import { saveBuilding } from "../api/save-building.ts";
import { type PickedProperty, PropertyPicker } from "./property-picker.tsx";

const text = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

/** View, edit and add of a building (spec records 2.2, 5): checked here and again on the server. */
export function BuildingForm({ mode, row, onSaved, onCancel, onEdit }: RecordFormProps<BuildingRow>) {
  const types = useQuery(buildingTypesQuery);
  const [name, setName] = useState(row?.name ?? "");
  const [number, setNumber] = useState(text(row?.building_number));
  const [units, setUnits] = useState(text(row?.number_of_units ?? 0));
  const [type, setType] = useState(text(row?.building_type));
  const [property, setProperty] = useState<PickedProperty | null>(
    row ? { id: row.property_id, name: row.property_name } : null,
  );
  const {
    errors,
    failure,
    saving,
    submit: save,
  } = useRecordSave({
    schema: buildingFormSchema,
    save: (form) => saveBuilding(form, row?.id),
    fallback: mode === "add" ? buildingMessages.createFailed : buildingMessages.saveFailed,
    onSaved,
  });

  if (mode === "view" && row) {
    const fields: [string, string][] = [
      ["Building Name", row.name ?? "N/A"],
      ["Building Number", row.building_number === null ? "N/A" : String(row.building_number)],
      ["Number of Units", row.number_of_units.toLocaleString("en-US")],
      ["Building Type", row.building_type_name ?? "N/A"],
      ["Property", row.property_name],
    ];
    return (
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-500">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onPress={onCancel}>
            Close
          </Button>
          <Button onPress={onEdit}>Edit</Button>
        </div>
      </div>
    );
  }

  const submit = () =>
    save({
      name,
      building_number: parseNumberInput(number) ?? null,
      number_of_units: parseNumberInput(units),
      building_type: type ? Number(type) : null,
      property_id: property?.id ?? "",
    });

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Building Name" value={name} onChange={setName} errors={errors.name} isRequired autoFocus />
        <TextField
          label="Building Number"
          value={number}
          onChange={setNumber}
          errors={errors.building_number}
          inputMode="numeric"
        />
        <TextField
          label="Number of Units"
          value={units}
          onChange={setUnits}
          errors={errors.number_of_units}
          inputMode="numeric"
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-200">
          Building Type
          <select
            value={type}
            onChange={(e) => setType(e.target.value)}
            aria-invalid={errors.building_type ? true : undefined}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-normal outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="">Not set</option>
            {(types.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          {errors.building_type ? (
            <span className="text-xs font-normal text-red-600">{errors.building_type.join(" ")}</span>
          ) : null}
        </label>
        <div className="sm:col-span-2">
          <PropertyPicker value={property} onChange={setProperty} errors={errors.property_id} />
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onCancel} isDisabled={saving}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={saving}>
          {saving ? "Saving..." : mode === "add" ? "Create" : "Save"}
        </Button>
      </div>
    </form>
  );
}
