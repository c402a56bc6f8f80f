import type {
  MaintenanceCategory,
  MaintenanceChannel,
  MaintenanceFormInput,
  MaintenancePriority,
  MaintenanceRow,
} from "@keyholder/contracts/maintenance";
import type { RelatedItem } from "@keyholder/contracts/related-items";

/** The request dialog's fields: pickers hold the chosen item (id and name), the rest as typed. */
export interface RequestValues {
  property_id: RelatedItem | null;
  building_id: RelatedItem | null;
  unit_id: RelatedItem | null;
  zone_id: RelatedItem | null;
  tenant_id: RelatedItem | null;
  lease_id: string | null;
  category: MaintenanceCategory;
  priority: MaintenancePriority;
  channel: MaintenanceChannel;
  title: string;
  description: string;
  permission_to_enter: boolean;
  pets_present: boolean;
  entry_notes: string;
  preferred_times: string;
}

const item = (id: string | number | null, value: string | null): RelatedItem | null =>
  id === null ? null : { id, value: value ?? String(id) };

export const requestValues = (row: MaintenanceRow | null): RequestValues => ({
  property_id: row ? item(row.property_id, row.property_name) : null,
  building_id: row ? item(row.building_id, row.building_name) : null,
  unit_id: row ? item(row.unit_id, row.unit_name) : null,
  zone_id: row ? item(row.zone_id, row.zone_name) : null,
  tenant_id: row ? item(row.tenant_id, row.tenant_name) : null,
  lease_id: row?.lease_id ?? null,
  category: row?.category ?? "plumbing",
  priority: row?.priority ?? "normal",
  channel: row?.channel ?? "phone",
  title: row?.title ?? "",
  description: row?.description ?? "",
  permission_to_enter: row?.permission_to_enter ?? false,
  pets_present: row?.pets_present ?? false,
  entry_notes: row?.entry_notes ?? "",
  preferred_times: row?.preferred_times ?? "",
});

const numberId = (i: RelatedItem | null) => (i === null ? null : Number(i.id));

/** The values as the form contract reads them. */
export const requestInput = (v: RequestValues): MaintenanceFormInput => ({
  property_id: v.property_id ? String(v.property_id.id) : "",
  building_id: numberId(v.building_id),
  unit_id: numberId(v.unit_id),
  zone_id: numberId(v.zone_id),
  tenant_id: v.tenant_id ? String(v.tenant_id.id) : null,
  lease_id: v.lease_id,
  category: v.category,
  priority: v.priority,
  channel: v.channel,
  title: v.title,
  description: v.description,
  permission_to_enter: v.permission_to_enter,
  pets_present: v.pets_present,
  entry_notes: v.entry_notes,
  preferred_times: v.preferred_times,
});
