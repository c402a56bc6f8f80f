import {
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_CHANNEL_LABELS,
  MAINTENANCE_COLUMNS,
  MAINTENANCE_FIELD_LABELS,
  MAINTENANCE_PAGE_SIZE,
  MAINTENANCE_PRIORITY_LABELS,
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceRow,
  type MaintenanceStatus,
  type MaintenanceView,
  maintenanceMessages,
} from "@keyholder/contracts/maintenance";
import { formatVisit } from "@keyholder/contracts/maintenance-assignment";
import { auditDateCells, type Cells, gridColumns } from "../../../components/data-table/declared-columns.ts";
import type { HistoryField } from "../../../components/data-table/history-dialog.tsx";
import type { RecordDefinition } from "../../../components/data-table/record-definition.ts";
import { RecordTable } from "../../../components/data-table/record-table.tsx";
import { formatDate } from "../../../lib/format.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { getRequest } from "../api/get-request.ts";
import { getRequestHistory } from "../api/get-request-history.ts";
import { getRequests, MAINTENANCE_QUERY_KEY } from "../api/get-requests.ts";
import { OverdueBadge, PriorityBadge, StatusBadge } from "./badges.tsx";
import { RequestForm } from "./request-form.tsx";

const statusLabel = (r: MaintenanceRow) => MAINTENANCE_STATUS_LABELS[r.status];
const priorityLabel = (r: MaintenanceRow) => MAINTENANCE_PRIORITY_LABELS[r.priority];
const overdueText = (r: MaintenanceRow) => (r.overdue ? maintenanceMessages.overdue : "");

const cells: Cells<MaintenanceRow, typeof MAINTENANCE_COLUMNS> = {
  request_no: { value: (r) => r.request_no, align: "right" },
  title: { value: (r) => r.title },
  status: { value: statusLabel, render: (r) => <StatusBadge status={r.status} />, text: statusLabel },
  priority: { value: priorityLabel, render: (r) => <PriorityBadge priority={r.priority} />, text: priorityLabel },
  category: { value: (r) => MAINTENANCE_CATEGORY_LABELS[r.category] },
  due_on: { value: (r) => r.due_on, render: (r) => formatDate(r.due_on), text: (r) => formatDate(r.due_on) },
  overdue: { value: overdueText, render: (r) => <OverdueBadge overdue={r.overdue} />, text: overdueText },
  property_name: { value: (r) => r.property_name },
  location_name: { value: (r) => r.location_name },
  channel: { value: (r) => MAINTENANCE_CHANNEL_LABELS[r.channel] },
  tenant_name: { value: (r) => r.tenant_name },
  recorded_by_name: { value: (r) => r.recorded_by_name },
  assigned_to_name: { value: (r) => r.assigned_to_name },
  scheduled_start: {
    value: (r) => r.scheduled_start,
    render: (r) => formatVisit(r.scheduled_start, r.scheduled_end),
    text: (r) => formatVisit(r.scheduled_start, r.scheduled_end) ?? "",
  },
  reopened_count: { value: (r) => r.reopened_count, align: "right" },
  ...auditDateCells<MaintenanceRow>(),
};

const statusText = (v: unknown) => MAINTENANCE_STATUS_LABELS[v as MaintenanceStatus] ?? (v === null ? "" : String(v));
const historyFields: Record<string, HistoryField> = Object.fromEntries(
  Object.entries(MAINTENANCE_FIELD_LABELS).map(([field, label]) => [
    field,
    field === "status" ? { label, format: statusText } : { label },
  ]),
);

const VIEW_NAMES: Record<MaintenanceView, string> = { open: "Open", closed: "Closed" };

/**
 * The maintenance requests grid as one definition of the shared grid; with `view`, the same grid
 * limited to the open or the closed requests (Maintenance > Open, Closed), each its own list state.
 */
export function requestsDefinition(view?: MaintenanceView): RecordDefinition<MaintenanceRow, string> {
  return {
    grid: {
      key: view ? `maintenance-${view}-table-` : MAINTENANCE_QUERY_KEY,
      defaultSort: "r.request_no",
      defaultSortDescending: true,
      pageSize: MAINTENANCE_PAGE_SIZE,
      rowId: (r) => r.id,
      fetchPage: (request) => getRequests(request, view),
      loadError: maintenanceMessages.loadFailed,
      empty: {
        title: maintenanceMessages.emptyTitle,
        none:
          view === "open"
            ? maintenanceMessages.emptyOpen
            : view === "closed"
              ? maintenanceMessages.emptyClosed
              : maintenanceMessages.emptyText,
        noMatch: maintenanceMessages.emptyNoMatch,
        add: maintenanceMessages.add,
      },
      columns: gridColumns(MAINTENANCE_COLUMNS, cells),
    },
    noun: { one: "Request", many: "requests" },
    recordId: (r) => r.id,
    titles: {
      name: (r) => `#${r.request_no} ${r.title}`,
      view: (r) => `Request #${r.request_no}: ${r.title}`,
      edit: (r) => `Edit Request #${r.request_no}`,
      add: "Add Maintenance Request",
      remove: (r) => `Delete Request #${r.request_no}`,
      removeMany: (n) => `Delete ${n} Requests`,
      history: (r) => `Request History: #${r.request_no}`,
    },
    menu: { view: "View Request", edit: "Edit Request", remove: "Delete Request" },
    permissions: { add: "maintenance.edit", edit: "maintenance.edit", remove: "maintenance.edit" },
    // A request is canceled, never deleted: its history stays (decision 034).
    unavailable: { remove: maintenanceMessages.deleteFailed },
    messages: maintenanceMessages,
    exportFiles: view
      ? { all: `${view}_maintenance_requests.csv`, selected: `selected_${view}_maintenance_requests.csv` }
      : { all: "all_maintenance_requests.csv", selected: "selected_maintenance_requests.csv" },
    historyFields,
    fetchRecord: getRequest,
    loadHistory: getRequestHistory,
    Form: RequestForm,
    formWidth: "max-w-none sm:w-2/3",
  };
}

const definitions = {
  all: requestsDefinition(),
  open: requestsDefinition("open"),
  closed: requestsDefinition("closed"),
};

/** Maintenance > All Requests. */
export const AllRequestsTable = (props: TableTabProps) => (
  <RecordTable definition={definitions.all} label="Maintenance Requests" {...props} />
);
/** Maintenance > Open: new to on hold. */
export const OpenRequestsTable = (props: TableTabProps) => (
  <RecordTable definition={definitions.open} label={`${VIEW_NAMES.open} Maintenance Requests`} {...props} />
);
/** Maintenance > Closed: completed and canceled. */
export const ClosedRequestsTable = (props: TableTabProps) => (
  <RecordTable definition={definitions.closed} label={`${VIEW_NAMES.closed} Maintenance Requests`} {...props} />
);
