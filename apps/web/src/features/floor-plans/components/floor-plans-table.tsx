import {
  FLOOR_PLAN_COLUMNS,
  FLOOR_PLANS_PAGE_SIZE,
  type FloorPlanRow,
  floorPlanMessages,
} from "@keyholder/contracts/floor-plans";
import {
  auditDateCells,
  type Cells,
  gridColumns,
  historyFields,
} from "../../../components/data-table/declared-columns.ts";
import { InPlaceRecord } from "../../../components/data-table/in-place-record.tsx";
import type { RecordDefinition } from "../../../components/data-table/record-definition.ts";
import { RecordTable } from "../../../components/data-table/record-table.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { formatMoney, formatNumber, formatStatus } from "../../../lib/format.ts";
import type { InPlaceRecordProps } from "../../../lib/in-place-records.ts";
import { propertyNameOf } from "../../../lib/property-names.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { deleteFloorPlans } from "../api/delete-floor-plans.ts";
import { getFloorPlan } from "../api/get-floor-plan.ts";
import { getFloorPlanHistory } from "../api/get-floor-plan-history.ts";
import { FLOOR_PLANS_QUERY_KEY, getFloorPlans } from "../api/get-floor-plans.ts";
import { restoreFloorPlans } from "../api/restore-floor-plans.ts";
import { FloorPlanForm } from "./floor-plan-form.tsx";

const cells: Cells<FloorPlanRow, typeof FLOOR_PLAN_COLUMNS> = {
  plan_name: { value: (fp) => fp.plan_name },
  plan_code: { value: (fp) => fp.plan_code },
  property_name: { value: (fp) => fp.property_name },
  bed_rooms: { value: (fp) => fp.bed_rooms, align: "right" },
  bath_rooms: { value: (fp) => fp.bath_rooms, align: "right" },
  number_of_levels: { value: (fp) => fp.number_of_levels, align: "right" },
  total_square_feet: {
    value: (fp) => fp.total_square_feet,
    align: "right",
    render: (fp) => formatNumber(fp.total_square_feet),
  },
  base_rent_estimate: {
    value: (fp) => fp.base_rent_estimate,
    align: "right",
    render: (fp) => formatMoney(fp.base_rent_estimate),
  },
  status: {
    value: (fp) => formatStatus(fp.active),
    render: (fp) => <Badge tone={fp.active ? "positive" : "neutral"}>{formatStatus(fp.active)}</Badge>,
  },
  description: { value: (fp) => fp.description },
  ...auditDateCells<FloorPlanRow>(),
};

/** Spec records 2.3, 3.2 and 9: the Floor Plans table as a definition of the shared grid. */
const floorPlansDefinition: RecordDefinition<FloorPlanRow> = {
  grid: {
    key: FLOOR_PLANS_QUERY_KEY,
    defaultSort: "fp.plan_name",
    pageSize: FLOOR_PLANS_PAGE_SIZE,
    rowId: (fp) => String(fp.id),
    fetchPage: getFloorPlans,
    loadError: floorPlanMessages.loadFailed,
    empty: {
      none: "No floor plans yet. Floor plans describe the layouts your units are built to; add your first one.",
      noMatch: "No floor plans match the filters.",
      add: "Add Floor Plan",
    },
    columns: gridColumns(FLOOR_PLAN_COLUMNS, cells),
  },
  noun: { one: "Floor plan", many: "floor plans" },
  recordId: (fp) => fp.id,
  titles: {
    name: (fp) => fp.plan_name,
    view: (fp) => `View/Edit Floor Plan: ${fp.plan_name}`,
    edit: (fp) => `View/Edit Floor Plan: ${fp.plan_name}`,
    add: "Add New Floor Plan",
    remove: (fp) => `Delete Floor Plan: ${fp.plan_name}`,
    removeMany: (n) => `Delete ${n} Floor Plans`,
    history: (fp) => `Floor Plan History: ${fp.plan_name}`,
  },
  menu: { view: "View Floor Plan", edit: "Edit Floor Plan", remove: "Delete Floor Plan" },
  messages: {
    selectToEdit: floorPlanMessages.selectOneToEdit,
    selectOneToEdit: floorPlanMessages.selectOneToEdit,
    selectOneForHistory: floorPlanMessages.selectOneForHistory,
    selectToDelete: floorPlanMessages.selectToDelete,
    deleteFailed: floorPlanMessages.deleteFailed,
  },
  exportFiles: { all: "all_floor_plans.csv", selected: "selected_floor_plans.csv" },
  historyFields: historyFields(FLOOR_PLAN_COLUMNS, {
    total_square_feet: (v) => formatNumber(Number(v)),
    base_rent_estimate: (v) => formatMoney(Number(v)).replace(/\.00$/, ""),
    active: (v) => formatStatus(v === true),
    property_id: propertyNameOf,
  }),
  fetchRecord: (id) => getFloorPlan(Number(id)),
  loadHistory: getFloorPlanHistory,
  remove: deleteFloorPlans,
  restore: restoreFloorPlans,
  Form: FloorPlanForm,
  formWidth: "max-w-none sm:w-2/3",
};

/** Unit > Floor Plans. */
export function FloorPlansTable({ tabId, can, quickFiltersVisible, onToggleQuickFilters }: TableTabProps) {
  return (
    <RecordTable
      definition={floorPlansDefinition}
      tabId={tabId}
      can={can}
      label="Floor Plans"
      quickFiltersVisible={quickFiltersVisible}
      onToggleQuickFilters={onToggleQuickFilters}
    />
  );
}

/** Floor plans opened in place from a property's editor (its Floor Plans tab). */
export function FloorPlanRecords(props: InPlaceRecordProps) {
  return <InPlaceRecord definition={floorPlansDefinition} {...props} />;
}
