import {
  BUILDING_COLUMNS,
  BUILDINGS_PAGE_SIZE,
  type BuildingRow,
  buildingMessages,
} from "@keyholder/contracts/buildings";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  auditDateCells,
  type Cells,
  gridColumns,
  historyFields,
} from "../../../components/data-table/declared-columns.ts";
import { InPlaceRecord } from "../../../components/data-table/in-place-record.tsx";
import type { RecordDefinition } from "../../../components/data-table/record-definition.ts";
import { RecordTable, recordTitles } from "../../../components/data-table/record-table.tsx";
import { formatNumber, formatOccupancy, NA } from "../../../lib/format.ts";
import type { InPlaceRecordProps } from "../../../lib/in-place-records.ts";
import { propertyNameOf } from "../../../lib/property-names.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { deleteBuildings } from "../api/delete-buildings.ts";
import { getBuilding } from "../api/get-building.ts";
import { getBuildingHistory } from "../api/get-building-history.ts";
import { buildingTypesQuery } from "../api/get-building-types.ts";
import { BUILDINGS_QUERY_KEY, getBuildings, zoneNames } from "../api/get-buildings.ts";
import { restoreBuildings } from "../api/restore-buildings.ts";
import { unitsEntered } from "../units-entered.ts";
import { BuildingForm } from "./building-form.tsx";

const nameOf = (b: BuildingRow) => b.name ?? NA;

const cells: Cells<BuildingRow, typeof BUILDING_COLUMNS> = {
  name: { value: (b) => b.name },
  building_number: { value: (b) => b.building_number, align: "right" },
  ...auditDateCells<BuildingRow>(),
  property_name: { value: (b) => b.property_name },
  zone_name: { value: (b) => b.zone_name },
  building_type_name: { value: (b) => b.building_type_name },
  number_of_units: { value: (b) => b.number_of_units, align: "right", render: (b) => formatNumber(b.number_of_units) },
  total_units: { value: (b) => b.total_units, align: "right", render: unitsEntered, text: unitsEntered },
  occupied_units: { value: (b) => b.occupied_units, align: "right", render: (b) => formatNumber(b.occupied_units) },
  occupancy_rate: {
    value: (b) => (b.total_units ? b.occupied_units / b.total_units : null),
    align: "right",
    render: (b) => formatOccupancy(b.occupied_units, b.total_units),
    text: (b) => formatOccupancy(b.occupied_units, b.total_units),
  },
  city: { value: (b) => b.address.city },
  state_name: { value: (b) => b.address.state.state_name },
};

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
    columns: gridColumns(BUILDING_COLUMNS, cells),
  },
  noun: { one: "Building", many: "buildings" },
  recordId: (b) => b.id,
  titles: recordTitles("Building", "Buildings", nameOf),
  menu: { view: "View Building", edit: "Edit Building", remove: "Delete Building" },
  messages: buildingMessages,
  exportFiles: { all: "all_buildings.csv", selected: "selected_buildings.csv" },
  historyFields: historyFields(BUILDING_COLUMNS, {
    building_type: typeName,
    property_id: propertyNameOf,
    zone_id: (id) => zoneNames.get(Number(id)) ?? "a zone not in this list",
    number_of_units: (v) => formatNumber(Number(v)),
  }),
  fetchRecord: (id) => getBuilding(Number(id)),
  loadHistory: getBuildingHistory,
  remove: deleteBuildings,
  restore: restoreBuildings,
  Form: BuildingForm,
  formWidth: "max-w-none sm:w-3/4",
});

/** The definition with the building types' names, rebuilt only when they arrive (the grid's memoized columns stay put). */
function useBuildingsDefinition() {
  const types = useQuery(buildingTypesQuery).data;
  return useMemo(() => {
    const names = new Map((types ?? []).map((t) => [t.id, t.name]));
    return buildingsDefinition((id) => names.get(Number(id)) ?? String(id));
  }, [types]);
}

/** Building > All Buildings. */
export function BuildingsTable({ tabId, can, quickFiltersVisible, onToggleQuickFilters }: TableTabProps) {
  const definition = useBuildingsDefinition();
  return (
    <RecordTable
      definition={definition}
      tabId={tabId}
      can={can}
      label="All Buildings"
      quickFiltersVisible={quickFiltersVisible}
      onToggleQuickFilters={onToggleQuickFilters}
    />
  );
}

/** Buildings opened in place from a property's editor (its Buildings tab). */
export function BuildingRecords(props: InPlaceRecordProps) {
  return <InPlaceRecord definition={useBuildingsDefinition()} {...props} />;
}
