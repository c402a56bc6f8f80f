import { type BuildingRow, buildingFormTextSchema, buildingMessages } from "@keyholder/contracts/buildings";
import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useQuery } from "@tanstack/react-query";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { RelatedItemsTabs } from "../../../components/record-picker/related-items-tabs.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { type RecordEditorProps, RecordFormActions, recordForm } from "../../../components/ui/record-form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { formatNumber } from "../../../lib/format.ts";
import { buildingTypesQuery } from "../api/get-building-types.ts";
import { propertyZonesQuery } from "../api/get-property-zones.ts";
import { saveBuilding } from "../api/save-building.ts";
import { unitsEntered } from "../units-entered.ts";

const text = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

/** The building's View (spec records 2.2): name, number, units and type, read-only. */
const viewItems = (row: BuildingRow) => [
  { label: "Building Name", value: row.name },
  { label: "Building Number", value: text(row.building_number) },
  { label: "Planned Units", value: formatNumber(row.number_of_units) },
  { label: "Units Entered", value: unitsEntered(row) },
  { label: "Building Type", value: row.building_type_name },
  { label: "Property", value: row.property_name },
  { label: "Zone", value: row.zone_name ?? "No zone" },
];

/** Edit and add of a building (spec records 2.2, 5): checked here and again on the server. */
function BuildingEditor({ mode, row, preset, onSaved, onCancel }: RecordEditorProps<BuildingRow>) {
  const types = useQuery(buildingTypesQuery);
  const { form, failure, saving, submit } = useRecordSave({
    initialValues: {
      name: row?.name ?? "",
      building_number: text(row?.building_number),
      number_of_units: text(row?.number_of_units ?? 0),
      building_type: text(row?.building_type),
      property_id: (row
        ? { id: row.property_id, value: row.property_name }
        : (preset?.property ?? null)) as RelatedItem | null,
      zone_id: text(row?.zone_id),
    },
    schema: buildingFormTextSchema,
    toInput: (v) => ({
      ...v,
      building_type: v.building_type ? Number(v.building_type) : null,
      property_id: v.property_id ? String(v.property_id.id) : "",
      zone_id: v.zone_id ? Number(v.zone_id) : null,
    }),
    save: async (building) => {
      const saved = await saveBuilding(building, row?.id);
      return { id: String(saved.id), name: saved.name };
    },
    fallback: mode === "add" ? buildingMessages.createFailed : buildingMessages.saveFailed,
    onSaved,
  });
  const propertyId = String(form.values.property_id?.id ?? "");
  const zones = useQuery(propertyZonesQuery(propertyId));
  const property = form.field("property_id");

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Building Name" isRequired autoFocus {...form.field("name")} />
        <TextField label="Building Number" inputMode="numeric" {...form.field("building_number")} />
        <TextField
          label="Planned Units"
          description="How many units the building is meant to have. Total Units in the table counts the units entered."
          inputMode="numeric"
          {...form.field("number_of_units")}
        />
        <SelectField
          label="Building Type"
          options={[
            { value: "", label: "Not set" },
            ...(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name })),
          ]}
          {...form.field("building_type")}
        />
        <div className="sm:col-span-2">
          <RecordPicker
            label="Property"
            source={{ list: "properties" }}
            isRequired
            {...property}
            onChange={(picked) => {
              // A zone belongs to one property: another property's building starts in none of its zones.
              if (String(picked?.id ?? "") !== propertyId) form.setValue("zone_id", "");
              property.onChange(picked);
            }}
            onInputChange={() => form.touch("property_id")}
          />
        </div>
        <SelectField
          label="Zone"
          options={[
            { value: "", label: "No zone" },
            ...(zones.data ?? []).map((z) => ({ value: String(z.id), label: z.name })),
          ]}
          isDisabled={!propertyId}
          description={propertyId ? undefined : "Choose the property first: a building is in a zone of its property."}
          {...form.field("zone_id")}
        />
      </div>
      {row ? (
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-100">In this building</h3>
          <RelatedItemsTabs
            label={`What is in ${row.name ?? "this building"}`}
            preset={{
              property: { id: row.property_id, value: row.property_name },
              building: { id: String(row.id), value: row.name ?? String(row.id) },
            }}
            tabs={[
              {
                source: { list: "units-by-building", scopeId: row.id },
                title: "Units",
                noun: "unit",
                table: { category: "Unit", item: "All Units" },
              },
            ]}
          />
        </section>
      ) : null}
      <RecordFormActions mode={mode} saving={saving} onCancel={onCancel} />
    </form>
  );
}

export const BuildingForm = recordForm(viewItems, BuildingEditor);
