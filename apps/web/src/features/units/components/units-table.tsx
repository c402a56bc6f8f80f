import { UNIT_COLUMNS, UNITS_PAGE_SIZE, type UnitRow, unitMessages, unitStatusText } from "@keyholder/contracts/units";
import {
  auditDateCells,
  type Cells,
  gridColumns,
  historyFields,
} from "../../../components/data-table/declared-columns.ts";
import { InPlaceRecord } from "../../../components/data-table/in-place-record.tsx";
import type { RecordDefinition } from "../../../components/data-table/record-definition.ts";
import { RecordTable, recordTitles } from "../../../components/data-table/record-table.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { formatMoney, formatNumber } from "../../../lib/format.ts";
import type { InPlaceRecordProps } from "../../../lib/in-place-records.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { deleteUnits } from "../api/delete-units.ts";
import { getUnit } from "../api/get-unit.ts";
import { getUnitHistory } from "../api/get-unit-history.ts";
import { getUnits, linkedNames, UNITS_QUERY_KEY } from "../api/get-units.ts";
import { restoreUnits } from "../api/restore-units.ts";
import { formatDay } from "../unit-names.ts";
import { UnitForm } from "./unit-form.tsx";

const number = (value: (u: UnitRow) => number | null) => ({
  value,
  align: "right" as const,
  render: (u: UnitRow) => formatNumber(value(u)),
});

/** Spec records 3.8: Occupied or Vacant, rent in dollars, 'N/A' for what is missing (the grid's default). */
const cells: Cells<UnitRow, typeof UNIT_COLUMNS> = {
  unit_number: { value: (u) => u.unit_number },
  building_name: { value: (u) => u.building_name },
  property_name: { value: (u) => u.property_name },
  floor_plan_name: { value: (u) => u.floor_plan_name },
  floor_plan_code: { value: (u) => u.floor_plan_code },
  number_of_bedrooms: number((u) => u.number_of_bedrooms),
  number_of_bathrooms: number((u) => u.number_of_bathrooms),
  square_footage: number((u) => u.square_footage),
  status: {
    value: (u) => unitStatusText(u.occupied),
    // Occupied with a date available: its tenant is leaving (a notice to vacate, decision 032).
    render: (u) => (
      <>
        <Badge tone={u.occupied ? "info" : "warning"}>{unitStatusText(u.occupied)}</Badge>
        {u.occupied && u.date_available ? (
          <>
            {" "}
            <Badge tone="neutral">Notice</Badge>
          </>
        ) : null}
      </>
    ),
  },
  date_available: {
    value: (u) => u.date_available,
    render: (u) => formatDay(u.date_available),
    text: (u) => formatDay(u.date_available),
  },
  base_rent_estimate: {
    value: (u) => u.base_rent_estimate,
    align: "right",
    render: (u) => formatMoney(u.base_rent_estimate),
  },
  rentable_square_feet: number((u) => u.rentable_square_feet),
  usable_square_feet: number((u) => u.usable_square_feet),
  laundry_type: { value: (u) => u.laundry_type },
  room_count_total: number((u) => u.room_count_total),
  number_of_levels: number((u) => u.number_of_levels),
  building_number: { value: (u) => u.building_number, align: "right" },
  city: { value: (u) => u.address.city },
  state_name: { value: (u) => u.address.state.state_name },
  ...auditDateCells<UnitRow>(),
};

const nameIn = (names: Map<string, string>, what: string) => (id: unknown) =>
  names.get(String(id)) ?? `a ${what} not in this list`;

/** Spec records 2.5, 3.8, 7 and 9: the Units table as a definition of the shared grid. */
const unitsDefinition: RecordDefinition<UnitRow> = {
  grid: {
    key: UNITS_QUERY_KEY,
    defaultSort: "u.unit_number",
    pageSize: UNITS_PAGE_SIZE,
    rowId: (u) => String(u.unit_id),
    // Its id and title, and the names History shows for the ids it records (get-units.ts).
    keeps: [
      "unit_id",
      "unit_number",
      "property_id",
      "property_name",
      "building_id",
      "building_name",
      "floor_plan_id",
      "floor_plan_name",
    ],
    fetchPage: getUnits,
    loadError: unitMessages.loadFailed,
    empty: {
      none: "No units yet. A unit is a home you rent out, in one of your properties (and one of its buildings); add your first one.",
      noMatch: "No units match the filters.",
      add: "Add Unit",
    },
    columns: gridColumns(UNIT_COLUMNS, cells),
  },
  fetchRecord: (id) => getUnit(Number(id)),
  noun: { one: "Unit", many: "units" },
  recordId: (u) => u.unit_id,
  titles: recordTitles("Unit", "Units", (u) => u.unit_number),
  menu: { view: "View", edit: "Edit", remove: "Delete" },
  messages: unitMessages,
  exportFiles: { all: "all_units.csv", selected: "selected_units.csv" },
  historyFields: historyFields(UNIT_COLUMNS, {
    property_id: nameIn(linkedNames.property, "property"),
    building_id: nameIn(linkedNames.building, "building"),
    floor_plan_id: nameIn(linkedNames.floorPlan, "floor plan"),
    number_of_bedrooms: (v) => formatNumber(Number(v)),
    number_of_bathrooms: (v) => formatNumber(Number(v)),
    square_footage: (v) => formatNumber(Number(v)),
    date_available: (v) => formatDay(String(v)),
    occupied: (v) => unitStatusText(v === true),
  }),
  loadHistory: getUnitHistory,
  remove: deleteUnits,
  restore: restoreUnits,
  Form: UnitForm,
  formWidth: "max-w-none sm:w-2/3",
};

/** Unit > All Units. */
export function UnitsTable(tab: TableTabProps) {
  return <RecordTable definition={unitsDefinition} label="All Units" {...tab} />;
}

/** Units opened in place from a property's or a building's editor (their Units tab). */
export function UnitRecords(props: InPlaceRecordProps) {
  return <InPlaceRecord definition={unitsDefinition} {...props} />;
}
