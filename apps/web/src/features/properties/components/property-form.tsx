import { defaultOpeningHours, type OpeningHours } from "@keyholder/contracts/opening-hours";
import {
  LOT_SIZE_UNITS,
  PET_POLICIES,
  PET_POLICY_LABELS,
  type PetPolicy,
  type PropertyRow,
  propertyFormTextSchema,
  propertyMessages,
  slugify,
} from "@keyholder/contracts/properties";
import { PROPERTY_TYPE_CATEGORIES } from "@keyholder/contracts/property-types";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import type { RecordFormProps } from "../../../components/data-table/record-definition.ts";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { RelatedItemsTabs } from "../../../components/record-picker/related-items-tabs.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { todayCivil } from "../../../lib/civil-date.ts";
import { propertyTypesQuery, usStatesQuery } from "../../../lib/reference-data.ts";
import { useUnsavedChanges } from "../../../lib/unsaved-changes.ts";
import { peopleQuery } from "../api/get-people.ts";
import { zipcodeQuery } from "../api/get-zipcode.ts";
import { saveProperty } from "../api/save-property.ts";
import { usePhotoGallery } from "../hooks/use-photo-gallery.ts";
import { ListingSwitch } from "./listing-switch.tsx";
import { OpeningHoursEditor } from "./opening-hours-editor.tsx";
import { PropertyNextSteps } from "./property-next-steps.tsx";
import { PropertyOverviewPanel } from "./property-overview-dialog.tsx";
import { PropertyPhotos } from "./property-photos.tsx";

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));
const ZIP = /^\d{5}(?:-\d{4})?$/;

/** Residential first: most of the people who sign up are landlords (issue 10, item 18). */
const CATEGORY_ORDER = ["Residential", ...PROPERTY_TYPE_CATEGORIES.filter((c) => c !== "Residential")];

/** The editor's values: the property's fields and its address's, flat, as the inputs hold them. */
const initialValues = (row: PropertyRow | null) => ({
  name: row?.name ?? "",
  property_type_id: text(row?.property_type_id),
  property_manager_id: text(row?.property_manager_id),
  is_active: row?.is_active ?? true,
  lot_size: text(row?.lot_size),
  lot_size_unit: row?.lot_size_unit ?? "acres",
  number_of_parking_spots: text(row?.number_of_parking_spots),
  pet_policy: (row?.pet_policy ?? "") as PetPolicy | "",
  year_built: text(row?.year_built),
  last_renovated: row?.last_renovated ?? "",
  property_slug: row?.property_slug ?? "",
  // A new property starts unlisted: listing asks for an available unit (decision 021).
  show_property_online: row?.show_property_online ?? false,
  opening_hours: (row?.opening_hours ?? defaultOpeningHours()) as OpeningHours,
  "address.address_line_1": row?.address?.address_line_1 ?? "",
  "address.address_line_2": row?.address?.address_line_2 ?? "",
  "address.address_line_3": row?.address?.address_line_3 ?? "",
  "address.city": row?.address?.city ?? "",
  "address.state_code": row?.address?.state.state_code ?? "",
  "address.zipcode": row?.address?.zipcode ?? "",
  "address.latitude": text(row?.address?.latitude),
  "address.longitude": text(row?.address?.longitude),
});
type Values = ReturnType<typeof initialValues>;

const toInput = (v: Values) => ({
  name: v.name,
  // 0 reads as "no type chosen" to the schema.
  property_type_id: Number(v.property_type_id || 0),
  property_manager_id: v.property_manager_id ? Number(v.property_manager_id) : null,
  is_active: v.is_active,
  lot_size: v.lot_size,
  lot_size_unit: v.lot_size.trim() ? (v.lot_size_unit as (typeof LOT_SIZE_UNITS)[number]) : null,
  number_of_parking_spots: v.number_of_parking_spots,
  pet_policy: v.pet_policy || null,
  year_built: v.year_built,
  last_renovated: v.last_renovated || null,
  property_slug: v.property_slug,
  show_property_online: v.show_property_online,
  opening_hours: v.opening_hours,
  address: {
    address_line_1: v["address.address_line_1"],
    address_line_2: v["address.address_line_2"],
    address_line_3: v["address.address_line_3"],
    city: v["address.city"],
    state_code: v["address.state_code"],
    zipcode: v["address.zipcode"],
    latitude: v["address.latitude"],
    longitude: v["address.longitude"],
  },
});

function Section({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-100">{title}</h3>
      <div className={wide ? "flex flex-col gap-3" : "grid gap-3 sm:grid-cols-2"}>{children}</div>
    </section>
  );
}

/**
 * Add and edit of a property with its address (spec records 2.4, 3.3, 3.4, 3.6): every field saved,
 * the type, manager and state chosen from lists, the city, state and coordinates suggested by the
 * ZIP code, the opening hours, and the public listing with its web address.
 */
function PropertyEditor({
  mode,
  row,
  created,
  onSaved,
  onCancel,
}: Pick<RecordFormProps<PropertyRow>, "mode" | "row" | "created" | "onSaved" | "onCancel">) {
  const types = useQuery(propertyTypesQuery());
  const states = useQuery(usStatesQuery());
  const people = useQuery(peopleQuery());
  // An existing property's photos save as they change; a new one's wait for it to be created.
  const gallery = usePhotoGallery(row?.id ?? null);
  // Photos chosen for a property not created yet, or still uploading, are changes not saved.
  useUnsavedChanges(gallery.items.some((i) => i.kind === "pending" && !i.error));
  const { form, failure, saving, submit } = useRecordSave({
    initialValues: initialValues(row),
    schema: propertyFormTextSchema,
    toInput,
    save: async (property) => {
      const saved = await saveProperty(property, row?.id);
      if (!row) {
        const failed = await gallery.commit(saved.id);
        if (failed) {
          toast({
            tone: "error",
            title: `${failed} ${failed === 1 ? "photo" : "photos"} could not be added to ${saved.name}`,
            description: "Edit the property to try them again.",
          });
        }
      }
      return { id: saved.id, name: saved.name };
    },
    fallback: mode === "add" ? propertyMessages.createFailed : propertyMessages.saveFailed,
    onSaved,
  });
  const { values, setValue } = form;

  // A ZIP code the directory knows fills an empty city and state, and says where it is.
  const zipcode = values["address.zipcode"].trim();
  const zip = useQuery({ ...zipcodeQuery(zipcode.slice(0, 5)), enabled: ZIP.test(zipcode) });
  const place = zip.data;
  // Once per ZIP code, so a city the user clears to retype is not filled again under their hands.
  const filledFor = useRef(zipcode);
  const { "address.city": city, "address.state_code": state } = values;
  useEffect(() => {
    if (!place || filledFor.current === place.zipcode) return;
    filledFor.current = place.zipcode;
    if (!city.trim()) setValue("address.city", place.city);
    if (!state) setValue("address.state_code", place.state_code);
  }, [place, city, state, setValue]);
  const coordinatesGiven = values["address.latitude"].trim() !== "" || values["address.longitude"].trim() !== "";

  const slug = values.property_slug.trim() || slugify(values.name) || "…";
  const publicAddress = `${window.location.origin}/properties/${slug}`;

  return (
    <form className="flex flex-col gap-6" noValidate onSubmit={submit}>
      {created && row ? <PropertyNextSteps property={{ id: row.id, name: row.name }} /> : null}
      {failure ? <Alert>{failure}</Alert> : null}
      <Section title="Property">
        <TextField label="Property Name" isRequired autoFocus={!created} {...form.field("name")} />
        <SelectField
          label="Property Type"
          options={[
            { value: "", label: "Choose a type" },
            ...[...(types.data?.property_types ?? [])]
              .sort((a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category))
              .map((t) => ({ value: String(t.id), label: t.name, group: t.category })),
          ]}
          {...form.field("property_type_id")}
        />
        <SelectField
          label="Property Manager"
          options={[
            { value: "", label: "No manager" },
            ...(people.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.email})` })),
          ]}
          {...form.field("property_manager_id")}
        />
        <div className="flex items-end pb-2">
          <Checkbox isSelected={values.is_active} onChange={(v) => setValue("is_active", v)}>
            Active (inactive properties stay in the table, marked Inactive)
          </Checkbox>
        </div>
      </Section>

      <Section title="Address">
        <div className="sm:col-span-2">
          <TextField
            label="Street Address"
            isRequired
            autoComplete="address-line1"
            {...form.field("address.address_line_1")}
          />
        </div>
        <TextField label="Address Line 2" autoComplete="address-line2" {...form.field("address.address_line_2")} />
        <TextField label="Address Line 3" autoComplete="address-line3" {...form.field("address.address_line_3")} />
        <TextField
          label="ZIP Code"
          isRequired
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          description={
            place
              ? `${place.city}, ${place.state_code}`
              : zip.data === null
                ? propertyMessages.zipUnknown
                : "The city, state and map position follow from it"
          }
          {...form.field("address.zipcode")}
        />
        <TextField label="City" isRequired autoComplete="address-level2" {...form.field("address.city")} />
        <SelectField
          label="State"
          options={[
            { value: "", label: "Choose a state" },
            ...(states.data ?? []).map((s) => ({ value: s.state_code, label: `${s.state_name} (${s.state_code})` })),
          ]}
          {...form.field("address.state_code")}
        />
        <div className="hidden sm:block" />
        <TextField
          label="Latitude"
          inputMode="decimal"
          placeholder={place ? String(place.latitude) : "e.g. 30.2672"}
          {...form.field("address.latitude")}
        />
        <TextField
          label="Longitude"
          inputMode="decimal"
          placeholder={place ? String(place.longitude) : "e.g. -97.7431"}
          description={
            coordinatesGiven
              ? "Used to measure distances in home searches"
              : "Left empty, the ZIP code's centre is used"
          }
          {...form.field("address.longitude")}
        />
      </Section>

      <Section title="Details">
        <div className="grid grid-cols-[1fr_auto] gap-2">
          <TextField label="Lot Size" inputMode="decimal" {...form.field("lot_size")} />
          <SelectField
            label="Unit"
            options={LOT_SIZE_UNITS.map((u) => ({ value: u, label: u }))}
            {...form.field("lot_size_unit")}
          />
        </div>
        <TextField label="Parking Spaces" inputMode="numeric" {...form.field("number_of_parking_spots")} />
        <SelectField
          label="Pets"
          description="Shown on the public listing when chosen."
          options={[
            { value: "", label: "Not recorded" },
            ...PET_POLICIES.map((p) => ({ value: p, label: PET_POLICY_LABELS[p] })),
          ]}
          {...form.field("pet_policy")}
          onChange={(v) => form.setValue("pet_policy", v as PetPolicy | "")}
        />
        <TextField label="Year Built" inputMode="numeric" maxLength={4} {...form.field("year_built")} />
        <DatePicker label="Last Renovated" max={todayCivil()} {...form.field("last_renovated")} />
      </Section>

      <Section title="Public listing" wide>
        <ListingSwitch
          propertyId={row?.id ?? null}
          isSelected={values.show_property_online}
          onChange={(v) => setValue("show_property_online", v)}
          errors={form.errorsOf("show_property_online")}
        />
        <TextField
          label="Web Address"
          description={
            <>
              Public page: <span className="font-mono break-all">{publicAddress}</span>
              {values.property_slug.trim() ? null : " (made from the name when you save)"}
            </>
          }
          placeholder={slugify(values.name) || "maple-lofts"}
          maxLength={80}
          {...form.field("property_slug")}
        />
      </Section>

      <PropertyPhotos gallery={gallery} propertyName={values.name} />

      {row ? (
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-100">In this property</h3>
          <RelatedItemsTabs
            label={`What is in ${row.name}`}
            preset={{ property: { id: row.id, value: row.name } }}
            tabs={[
              {
                source: { list: "buildings-by-property", scopeId: row.id },
                title: "Buildings",
                noun: "building",
                table: { category: "Building", item: "All Buildings" },
              },
              {
                source: { list: "floor-plans-by-property", scopeId: row.id },
                title: "Floor Plans",
                noun: "floor plan",
                table: { category: "Unit", item: "Floor Plans" },
              },
              {
                source: { list: "units-by-property", scopeId: row.id },
                title: "Units",
                noun: "unit",
                table: { category: "Unit", item: "All Units" },
              },
              {
                source: { list: "zones-by-property", scopeId: row.id },
                title: "Zones",
                noun: "zone",
                table: { category: "Zone", item: "All Zones" },
              },
            ]}
          />
        </section>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Once the property is created, its buildings, floor plans, units and zones are added from here.
        </p>
      )}

      <OpeningHoursEditor
        value={values.opening_hours}
        onChange={(hours) => setValue("opening_hours", hours)}
        onBlur={() => form.leave("opening_hours")}
        errors={form.nestedErrorsOf("opening_hours")}
      />

      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onCancel} isDisabled={saving}>
          Cancel
        </Button>
        <Button type="submit" isPending={saving || gallery.uploading}>
          {gallery.uploading ? "Uploading photos..." : saving ? "Saving..." : mode === "add" ? "Create" : "Save"}
        </Button>
      </div>
    </form>
  );
}

/** The table's record form: View is the property overview (spec records 2.4), Add and Edit the editor. */
export function PropertyForm({ mode, row, created, onSaved, onCancel, onEdit }: RecordFormProps<PropertyRow>) {
  if (mode === "view" && row) {
    return (
      <PropertyOverviewPanel
        property={{ id: row.id, name: row.name, slug: row.show_property_online ? row.property_slug : null }}
        actions={
          <>
            <Button variant="secondary" onPress={onCancel}>
              Close
            </Button>
            {onEdit ? <Button onPress={onEdit}>Edit</Button> : null}
          </>
        }
      />
    );
  }
  return (
    <PropertyEditor mode={mode} row={row} {...(created ? { created } : {})} onSaved={onSaved} onCancel={onCancel} />
  );
}
