import { type OpeningHours, summarizeOpeningHours } from "@keyholder/contracts/opening-hours";
import {
  PET_POLICY_LABELS,
  PROPERTIES_PAGE_SIZE,
  PROPERTY_COLUMNS,
  type PropertyRow,
  propertyMessages,
} from "@keyholder/contracts/properties";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  auditDateCells,
  type Cells,
  gridColumns,
  historyFields,
} from "../../../components/data-table/declared-columns.ts";
import type { RecordDefinition } from "../../../components/data-table/record-definition.ts";
import { RecordTable, recordTitles } from "../../../components/data-table/record-table.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { formatDate, formatNumber, formatOccupancy, formatStatus } from "../../../lib/format.ts";
import { propertyTypesQuery } from "../../../lib/reference-data.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { deleteProperties } from "../api/delete-properties.ts";
import { peopleQuery } from "../api/get-people.ts";
import { getProperties, PROPERTIES_QUERY_KEY } from "../api/get-properties.ts";
import { getProperty } from "../api/get-property.ts";
import { describePropertyDelete } from "../api/get-property-dependants.ts";
import { getPropertyHistory } from "../api/get-property-history.ts";
import { PropertyForm } from "./property-form.tsx";

const yesNo = (flag: boolean) => (flag ? "Yes" : "No");
const managerName = (p: PropertyRow) =>
  p.property_manager ? `${p.property_manager.first_name} ${p.property_manager.last_name}` : null;
const hoursOf = (p: PropertyRow) => (p.opening_hours ? summarizeOpeningHours(p.opening_hours as OpeningHours) : null);

const cells: Cells<PropertyRow, typeof PROPERTY_COLUMNS> = {
  name: { value: (p) => p.name },
  property_slug: { value: (p) => p.property_slug },
  status: { value: (p) => formatStatus(p.is_active) },
  ...auditDateCells<PropertyRow>(),
  type_name: { value: (p) => p.property_type.name },
  type_description: { value: (p) => p.property_type.description },
  manager_name: { value: managerName },
  manager_email: { value: (p) => p.property_manager?.email ?? null },
  address_line_1: { value: (p) => p.address?.address_line_1 ?? null },
  address_line_2: { value: (p) => p.address?.address_line_2 ?? null },
  address_line_3: { value: (p) => p.address?.address_line_3 ?? null },
  city: { value: (p) => p.address?.city ?? null },
  state_name: { value: (p) => p.address?.state.state_name ?? null },
  zipcode: { value: (p) => p.address?.zipcode ?? null },
  latitude: { value: (p) => p.address?.latitude ?? null, align: "right" },
  longitude: { value: (p) => p.address?.longitude ?? null, align: "right" },
  total_buildings: { value: (p) => p.total_buildings, align: "right", render: (p) => formatNumber(p.total_buildings) },
  total_units: { value: (p) => p.total_units, align: "right", render: (p) => formatNumber(p.total_units) },
  occupied_units: { value: (p) => p.occupied_units, align: "right", render: (p) => formatNumber(p.occupied_units) },
  occupancy_rate: {
    value: (p) => (p.total_units ? p.occupied_units / p.total_units : null),
    align: "right",
    render: (p) => formatOccupancy(p.occupied_units, p.total_units),
    text: (p) => formatOccupancy(p.occupied_units, p.total_units),
  },
  lot_size: {
    value: (p) => p.lot_size,
    align: "right",
    render: (p) => (p.lot_size === null ? formatNumber(null) : `${formatNumber(p.lot_size)} ${p.lot_size_unit ?? ""}`),
  },
  lot_size_unit: { value: (p) => p.lot_size_unit },
  number_of_parking_spots: { value: (p) => p.number_of_parking_spots, align: "right" },
  pet_policy: { value: (p) => (p.pet_policy ? PET_POLICY_LABELS[p.pet_policy] : null) },
  year_built: {
    value: (p) => p.year_built,
    align: "right",
    render: (p) => (p.year_built === null ? "N/A" : String(p.year_built)),
  },
  last_renovated: {
    value: (p) => p.last_renovated,
    render: (p) => formatDate(p.last_renovated && `${p.last_renovated}T00:00:00Z`),
    text: (p) => formatDate(p.last_renovated && `${p.last_renovated}T00:00:00Z`),
  },
  listed_online: { value: (p) => yesNo(p.show_property_online) },
  opening_hours: { value: hoursOf },
};

/**
 * Goto Property Page (spec records 2.4): the public page in a new browser tab; the spec's message for
 * a property without a web address, and what to do for one that is not listed.
 */
function gotoPropertyPage(p: PropertyRow) {
  if (!p.property_slug) {
    toast({ tone: "error", title: propertyMessages.noSlug });
    return;
  }
  if (!p.show_property_online) {
    toast({
      tone: "error",
      title: `${p.name} is not listed on the public site`,
      description: "Edit the property and turn on “List on the public site” to publish its page.",
    });
    return;
  }
  window.open(`/properties/${p.property_slug}`, "_blank", "noopener");
}

/** Spec records 2.4, 3.3, 7 and 9: the Properties table as a definition of the shared grid. */
const propertiesDefinition = (names: {
  type(id: unknown): string;
  person(id: unknown): string;
}): RecordDefinition<PropertyRow, string> => ({
  grid: {
    key: PROPERTIES_QUERY_KEY,
    defaultSort: "p.name",
    pageSize: PROPERTIES_PAGE_SIZE,
    rowId: (p) => p.id,
    fetchPage: getProperties,
    loadError: propertyMessages.loadFailed,
    empty: {
      none: "No properties yet. A property is a place you manage: its address, buildings, units and floor plans. Add your first one.",
      noMatch: "No properties match the filters.",
      add: "Add Property",
    },
    columns: gridColumns(PROPERTY_COLUMNS, cells),
  },
  noun: { one: "Property", many: "properties" },
  recordId: (p) => p.id,
  titles: recordTitles("Property", "Properties", (p) => p.name),
  menu: {
    view: "View Property",
    edit: "Edit Property",
    remove: "Delete Property",
    extra: (p) => [{ id: "goto", label: "Goto Property Page", run: () => gotoPropertyPage(p) }],
  },
  permissions: { add: "properties.create", edit: "records.edit", remove: "properties.delete" },
  messages: propertyMessages,
  exportFiles: { all: "all_properties.csv", selected: "selected_properties.csv" },
  historyFields: historyFields(PROPERTY_COLUMNS, {
    property_type_id: names.type,
    property_manager_id: names.person,
    is_active: (v) => formatStatus(v === true),
    show_property_online: (v) => yesNo(v === true),
    last_renovated: (v) => formatDate(`${String(v)}T00:00:00Z`),
    opening_hours: (v) => summarizeOpeningHours(JSON.parse(String(v)) as OpeningHours),
  }),
  loadHistory: getPropertyHistory,
  remove: deleteProperties,
  describeDelete: (rows) => describePropertyDelete(rows.map((p) => p.id)),
  fetchRecord: (id) => getProperty(id),
  Form: PropertyForm,
  formWidth: "max-w-none sm:w-3/4",
  // A new property stays open with its next steps: its buildings and units (issue 15, item 13).
  continueAfterAdd: true,
});

/** Property > All Properties. */
export function PropertiesTable({ tabId, can, quickFiltersVisible, onToggleQuickFilters }: TableTabProps) {
  const types = useQuery(propertyTypesQuery()).data;
  const people = useQuery(peopleQuery()).data;
  // Rebuilt only when the names arrive, so the grid's memoized columns stay put.
  const definition = useMemo(() => {
    const typeNames = new Map((types?.property_types ?? []).map((t) => [t.id, t.name]));
    const personNames = new Map((people ?? []).map((p) => [p.id, p.name]));
    return propertiesDefinition({
      type: (id) => typeNames.get(Number(id)) ?? String(id),
      person: (id) => personNames.get(Number(id)) ?? `person ${String(id)}`,
    });
  }, [types, people]);
  return (
    <RecordTable
      definition={definition}
      tabId={tabId}
      can={can}
      label="All Properties"
      quickFiltersVisible={quickFiltersVisible}
      onToggleQuickFilters={onToggleQuickFilters}
    />
  );
}
