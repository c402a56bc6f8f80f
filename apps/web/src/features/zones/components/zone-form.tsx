import type { RelatedItem } from "@keyholder/contracts/related-items";
import { type ZoneRow, zoneFormSchema, zoneMessages } from "@keyholder/contracts/zones";
import type { RecordFormProps } from "../../../components/data-table/record-definition.ts";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { type RecordEditorProps, RecordFormActions } from "../../../components/ui/record-form.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { formatNumber } from "../../../lib/format.ts";
import { saveZone } from "../api/save-zone.ts";
import { ZoneOverview } from "./zone-overview.tsx";

const buildingsIn = (n: number) => `${formatNumber(n)} building${n === 1 ? "" : "s"}`;

/**
 * Add and edit of a zone (spec records 2.6, 5): Zone Name required, the URLs checked as web
 * addresses, Create or Save, 'Saving...' while in flight; checked here and again on the server.
 */
function ZoneEditor({ mode, row, preset, onSaved, onCancel }: RecordEditorProps<ZoneRow>) {
  const { form, failure, saving, submit } = useRecordSave({
    initialValues: {
      name: row?.name ?? "",
      description: row?.description ?? "",
      logo: row?.logo ?? "",
      secondary_url: row?.secondary_url ?? "",
      url: row?.url ?? "",
      tax_id: row?.tax_id ?? "",
      property_id: (row
        ? { id: row.property_id, value: row.property.name }
        : (preset?.property ?? null)) as RelatedItem | null,
    },
    schema: zoneFormSchema,
    toInput: (v) => ({ ...v, property_id: v.property_id ? String(v.property_id.id) : "" }),
    save: async (zone) => {
      const saved = await saveZone(zone, row?.id);
      return { id: String(saved.id), name: saved.name };
    },
    fallback: mode === "add" ? zoneMessages.createFailed : zoneMessages.saveFailed,
    onSaved,
  });
  const moving = row && row.building_count > 0 && String(form.values.property_id?.id ?? "") !== row.property_id;

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Zone Name" isRequired autoFocus {...form.field("name")} />
        <TextField label="Tax ID" placeholder="12-3456789" {...form.field("tax_id")} />
        <div className="sm:col-span-2">
          <TextField label="Description" rows={3} {...form.field("description")} />
        </div>
        <TextField label="Logo URL" type="url" placeholder="https://" {...form.field("logo")} />
        <TextField label="Secondary URL" type="url" placeholder="https://" {...form.field("secondary_url")} />
        <TextField label="URL" type="url" placeholder="https://" {...form.field("url")} />
        <div className="sm:col-span-2 flex flex-col gap-1">
          <RecordPicker
            label="Property"
            source={{ list: "properties" }}
            isRequired
            {...form.field("property_id")}
            onInputChange={() => form.touch("property_id")}
          />
          {moving ? (
            <Alert tone="info">
              Saving takes the zone's {buildingsIn(row.building_count)} out of it: a zone only holds buildings of its
              own property.
            </Alert>
          ) : null}
        </div>
      </div>
      <RecordFormActions mode={mode} saving={saving} onCancel={onCancel} />
    </form>
  );
}

/** A zone's dialog: View Zone shows its overview (its real figures), edit and add its form. */
export function ZoneForm({ mode, row, onSaved, onCancel, onEdit }: RecordFormProps<ZoneRow>) {
  if (mode === "view" && row) return <ZoneOverview zone={row} onClose={onCancel} onEdit={onEdit} />;
  return <ZoneEditor mode={mode} row={row} onSaved={onSaved} onCancel={onCancel} />;
}
