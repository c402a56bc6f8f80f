import {
  BUILDING_FIELD_LABELS,
  BUILDINGS_PAGE_SIZE,
  type BuildingRow,
  buildingMessages,
} from "@keyholder/contracts/buildings";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { auditDateColumns } from "../../../components/data-table/audit-date-columns.ts";
import { type RecordDefinition, RecordTable } from "../../../components/data-table/record-table.tsx";
import { formatDate, formatNumber, formatOccupancy, NA } from "../../../lib/format.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { deleteBuildings } from "../api/delete-buildings.ts";
import { getBuildingHistory } from "../api/get-building-history.ts";
import { buildingTypesQuery } from "../api/get-building-types.ts";
import { BUILDINGS_QUERY_KEY, getBuildings, propertyNames } from "../api/get-buildings.ts";
import { restoreBuildings } from "../api/restore-buildings.ts";
import { BuildingForm } from "./building-form.tsx";

const nameOf = (b: BuildingRow) => b.name ?? NA;

/** Spec records 2.2, 3.1 and 9: the Buildings table as a definition of the shared grid. */
const buildingsDefinition = (typeName: (id: unknown) => string): RecordDefinition<BuildingRow> => ({
  grid: {
    key: BUILDINGS_QUERY_KEY,
    defaultSort: "b.name",
    pageSize: BUILDINGS_PAGE_SIZE,
    rowId: (b) => String(b.id),
    fetchPage: getBuildings,
    loadError: buildingMessages.loadFailed,
    empty: {
      none: "No buildings yet. Buildings belong to a property; add your first one.",
      noMatch: "No buildings match the filters.",
      add: "Add Building",
    },
    columns: [
      {
        id: "name",
        header: "Building Name",
        category: "Building Information",
        sortKey: "b.name",
        filterType: "text",
        value: (b) => b.name,
      },
      {
        id: "building_number",
        header: "Building Number",
        category: "Building Information",
        sortKey: "b.building_number",
        filterType: "number",
        align: "right",
        value: (b) => b.building_number,
      },
      ...auditDateColumns<BuildingRow>("b"),
      {
        id: "property_name",
        header: "Property Name",
        category: "Property Information",
        sortKey: "p.name",
        filterType: "text",
        value: (b) => b.property_name,
      },
      {
        id: "building_type_name",
        header: "Building Type",
        category: "Building Information",
        sortKey: "bt.name",
        filterType: "text",
        value: (b) => b.building_type_name,
      },
      {
        id: "total_units",
        header: "Total Units",
        category: "Statistics",
        sortKey: "total_units",
        filterType: "number",
        align: "right",
        value: (b) => b.total_units,
        render: (b) => formatNumber(b.total_units),
      },
      {
        id: "occupied_units",
        header: "Occupied Units",
        category: "Statistics",
        sortKey: "occupied_units",
        filterType: "number",
        align: "right",
        value: (b) => b.occupied_units,
        render: (b) => formatNumber(b.occupied_units),
      },
      {
        id: "occupancy_rate",
        header: "Occupancy Rate",
        category: "Statistics",
        sortKey: "occupied_units/total_units",
        align: "right",
        value: (b) => (b.total_units ? b.occupied_units / b.total_units : null),
        render: (b) => formatOccupancy(b.occupied_units, b.total_units),
        text: (b) => formatOccupancy(b.occupied_units, b.total_units),
      },
      {
        id: "city",
        header: "City",
        category: "Location",
        sortKey: "a.city",
        filterType: "text",
        value: (b) => b.address.city,
      },
      {
        id: "state_name",
        header: "State",
        category: "Location",
        sortKey: "s.state_name",
        filterType: "text",
        value: (b) => b.address.state.state_name,
      },
    ],
  },
  noun: { one: "Building", many: "buildings" },
  recordId: (b) => b.id,
  titles: {
    name: nameOf,
    view: (b) => `Building: ${nameOf(b)}`,
    edit: (b) => `Edit Building: ${nameOf(b)}`,
    add: "Add New Building",
    remove: (b) => `Delete Building: ${nameOf(b)}`,
    removeMany: (n) => `Delete ${n} Buildings`,
    history: (b) => `Building History: ${nameOf(b)}`,
  },
  menu: { view: "View Building", edit: "Edit Building", remove: "Delete Building" },
  messages: {
    selectToEdit: buildingMessages.selectToEdit,
    selectOneToEdit: buildingMessages.selectOneToEdit,
    selectOneForHistory: buildingMessages.selectOneForHistory,
    selectToDelete: buildingMessages.selectToDelete,
    deleteFailed: buildingMessages.deleteFailed,
  },
  exportFiles: { all: "all_buildings.csv", selected: "selected_buildings.csv" },
  exportColumns: [
    { header: "Building Name", value: (b) => b.name },
    { header: "Building Number", value: (b) => b.building_number },
    { header: "Number of Units", value: (b) => b.number_of_units },
    { header: "Building Type", value: (b) => b.building_type_name },
    { header: "Created Date", value: (b) => formatDate(b.created_date) },
    { header: "Last Modified", value: (b) => formatDate(b.last_modified_date) },
  ],
  historyFields: {
    ...Object.fromEntries(Object.entries(BUILDING_FIELD_LABELS).map(([field, label]) => [field, { label }])),
    building_type: { label: BUILDING_FIELD_LABELS.building_type, format: typeName },
    property_id: {
      label: BUILDING_FIELD_LABELS.property_id,
      format: (id) => propertyNames.get(String(id)) ?? "a property not in this list",
    },
    number_of_units: { label: BUILDING_FIELD_LABELS.number_of_units, format: (v) => formatNumber(Number(v)) },
  },
  loadHistory: getBuildingHistory,
  remove: deleteBuildings,
  restore: restoreBuildings,
  Form: BuildingForm,
  formWidth: "max-w-none sm:w-3/4",
});

/** Building > All Buildings. */
export function BuildingsTable({ tabId, quickFiltersVisible, onToggleQuickFilters }: TableTabProps) {
  const types = useQuery(buildingTypesQuery).data;
  // Rebuilt only when the building types arrive, so the grid's memoized columns stay put.
  const definition = useMemo(() => {
    const names = new Map((types ?? []).map((t) => [t.id, t.name]));
    return buildingsDefinition((id) => names.get(Number(id)) ?? String(id));
  }, [types]);
  return (
    <RecordTable
      definition={definition}
      tabId={tabId}
      label="All Buildings"
      quickFiltersVisible={quickFiltersVisible}
      onToggleQuickFilters={onToggleQuickFilters}
    />
  );
}
