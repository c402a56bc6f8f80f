import {
  FLOOR_PLAN_FIELD_LABELS,
  FLOOR_PLANS_PAGE_SIZE,
  type FloorPlanRow,
  floorPlanMessages,
} from "@keyholder/contracts/floor-plans";
import { auditDateColumns } from "../../../components/data-table/audit-date-columns.ts";
import { type RecordDefinition, RecordTable } from "../../../components/data-table/record-table.tsx";
import { formatMoney, formatNumber, formatStatus } from "../../../lib/format.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { deleteFloorPlans } from "../api/delete-floor-plans.ts";
import { getFloorPlanHistory } from "../api/get-floor-plan-history.ts";
import { FLOOR_PLANS_QUERY_KEY, getFloorPlans } from "../api/get-floor-plans.ts";
import { restoreFloorPlans } from "../api/restore-floor-plans.ts";
import { FloorPlanForm } from "./floor-plan-form.tsx";

const INFO = "Floor Plan Information";
const MONEY = "Financial Information";

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        active
          ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100"
          : "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200"
      }`}
    >
      {formatStatus(active)}
    </span>
  );
}

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
    columns: [
      {
        id: "plan_name",
        header: "Plan Name",
        category: INFO,
        sortKey: "fp.plan_name",
        filterType: "text",
        value: (fp) => fp.plan_name,
      },
      {
        id: "plan_code",
        header: "Plan Code",
        category: INFO,
        sortKey: "fp.plan_code",
        filterType: "text",
        value: (fp) => fp.plan_code,
      },
      {
        id: "bed_rooms",
        header: "Bedrooms",
        category: INFO,
        sortKey: "fp.bed_rooms",
        filterType: "number",
        align: "right",
        value: (fp) => fp.bed_rooms,
      },
      {
        id: "bath_rooms",
        header: "Bathrooms",
        category: INFO,
        sortKey: "fp.bath_rooms",
        filterType: "number",
        align: "right",
        value: (fp) => fp.bath_rooms,
      },
      {
        id: "total_square_feet",
        header: "Square Feet",
        category: INFO,
        sortKey: "fp.total_square_feet",
        filterType: "number",
        align: "right",
        value: (fp) => fp.total_square_feet,
        render: (fp) => formatNumber(fp.total_square_feet),
      },
      {
        id: "base_rent_estimate",
        header: "Base Rent",
        category: MONEY,
        sortKey: "fp.base_rent_estimate",
        filterType: "number",
        align: "right",
        value: (fp) => fp.base_rent_estimate,
        render: (fp) => formatMoney(fp.base_rent_estimate),
      },
      {
        id: "status",
        header: "Status",
        category: INFO,
        sortKey: "fp.active",
        filterType: "text",
        value: (fp) => formatStatus(fp.active),
        render: (fp) => <StatusBadge active={fp.active} />,
      },
      ...auditDateColumns<FloorPlanRow>("fp"),
    ],
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
  exportColumns: [
    { header: "Plan Name", value: (fp) => fp.plan_name },
    { header: "Plan Code", value: (fp) => fp.plan_code },
    { header: "Bedrooms", value: (fp) => fp.bed_rooms },
    { header: "Bathrooms", value: (fp) => fp.bath_rooms },
    { header: "Square Feet", value: (fp) => fp.total_square_feet },
    { header: "Base Rent", value: (fp) => fp.base_rent_estimate },
    { header: "Status", value: (fp) => formatStatus(fp.active) },
  ],
  historyFields: {
    ...Object.fromEntries(Object.entries(FLOOR_PLAN_FIELD_LABELS).map(([field, label]) => [field, { label }])),
    total_square_feet: { label: FLOOR_PLAN_FIELD_LABELS.total_square_feet, format: (v) => formatNumber(Number(v)) },
    base_rent_estimate: {
      label: FLOOR_PLAN_FIELD_LABELS.base_rent_estimate,
      format: (v) => formatMoney(Number(v)).replace(/\.00$/, ""),
    },
    active: { label: FLOOR_PLAN_FIELD_LABELS.active, format: (v) => formatStatus(v === true) },
  },
  loadHistory: getFloorPlanHistory,
  remove: deleteFloorPlans,
  restore: restoreFloorPlans,
  Form: FloorPlanForm,
  formWidth: "max-w-none sm:w-2/3",
};

/** Unit > Floor Plans. */
export function FloorPlansTable({ tabId, quickFiltersVisible, onToggleQuickFilters }: TableTabProps) {
  return (
    <RecordTable
      definition={floorPlansDefinition}
      tabId={tabId}
      label="Floor Plans"
      quickFiltersVisible={quickFiltersVisible}
      onToggleQuickFilters={onToggleQuickFilters}
    />
  );
}
