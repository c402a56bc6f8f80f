import { formatCents } from "@keyholder/contracts/money";
import {
  TENANT_COLUMNS,
  TENANT_FIELD_LABELS,
  TENANT_KIND_LABELS,
  TENANT_STATUS_LABELS,
  TENANTS_PAGE_SIZE,
  type TenantRow,
  type TenantStatus,
  tenantMessages,
} from "@keyholder/contracts/tenants";
import { auditDateCells, type Cells, gridColumns } from "../../../components/data-table/declared-columns.ts";
import type { HistoryField } from "../../../components/data-table/history-dialog.tsx";
import type { RecordDefinition } from "../../../components/data-table/record-definition.ts";
import { RecordTable } from "../../../components/data-table/record-table.tsx";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { deleteTenants, restoreTenants } from "../api/delete-tenants.ts";
import { getTenant } from "../api/get-tenant.ts";
import { getTenantHistory } from "../api/get-tenant-history.ts";
import { getTenants, TENANTS_QUERY_KEY } from "../api/get-tenants.ts";
import { StatusBadge } from "./status-badge.tsx";
import { TenantForm } from "./tenant-form.tsx";

export const statusLabel = (r: TenantRow) => TENANT_STATUS_LABELS[r.status];
/** What they owe; empty for a role that may not see the books (the server sends null). */
const balanceText = (r: TenantRow) => (r.balance_cents === null ? "" : formatCents(r.balance_cents));

const cells: Cells<TenantRow, typeof TENANT_COLUMNS> = {
  name: { value: (r) => r.name },
  kind: { value: (r) => TENANT_KIND_LABELS[r.kind] },
  status: { value: statusLabel, render: (r) => <StatusBadge status={r.status} />, text: statusLabel },
  email: { value: (r) => r.email },
  phone: { value: (r) => r.phone },
  alternate_email: { value: (r) => r.alternate_email },
  alternate_phone: { value: (r) => r.alternate_phone },
  emergency_contact_name: { value: (r) => r.emergency_contact_name },
  emergency_contact_phone: { value: (r) => r.emergency_contact_phone },
  emergency_contact_relationship: { value: (r) => r.emergency_contact_relationship },
  balance_cents: { value: (r) => r.balance_cents, align: "right", render: balanceText, text: balanceText },
  ...auditDateCells<TenantRow>(),
};

const historyFields: Record<string, HistoryField> = Object.fromEntries(
  Object.entries(TENANT_FIELD_LABELS).map(([field, label]) => [
    field,
    field === "kind" ? { label, format: (v) => TENANT_KIND_LABELS[v as TenantRow["kind"]] ?? String(v) } : { label },
  ]),
);

/**
 * The Tenants table as a definition of the shared grid; with `status`, the same grid limited to
 * one status (By Status's tabs), each tab its own list and sort state.
 */
export function tenantsDefinition(status?: TenantStatus): RecordDefinition<TenantRow, string> {
  const statusName = status ? TENANT_STATUS_LABELS[status] : null;
  return {
    grid: {
      key: status ? `tenant-${status}-table-` : TENANTS_QUERY_KEY,
      defaultSort: "t.name",
      pageSize: TENANTS_PAGE_SIZE,
      rowId: (r) => r.id,
      // Its id and its name, which the titles read; the notes and the form's other fields are read
      // when a tenant is opened.
      keeps: ["id", "name"],
      fetchPage: (request) => getTenants(request, status),
      loadError: tenantMessages.loadFailed,
      empty: {
        title: tenantMessages.emptyTitle,
        none: statusName ? tenantMessages.emptyStatus(statusName) : tenantMessages.emptyText,
        noMatch: tenantMessages.emptyNoMatch,
        add: tenantMessages.add,
      },
      columns: gridColumns(TENANT_COLUMNS, cells),
    },
    noun: { one: "Tenant", many: "tenants" },
    recordId: (r) => r.id,
    titles: {
      name: (r) => r.name,
      view: (r) => `Tenant: ${r.name}`,
      edit: (r) => `Edit Tenant: ${r.name}`,
      add: "Add New Tenant",
      remove: (r) => `Delete Tenant: ${r.name}`,
      removeMany: (n) => `Delete ${n} Tenants`,
      history: (r) => `Tenant History: ${r.name}`,
    },
    menu: { view: "View Tenant", edit: "Edit Tenant", remove: "Delete Tenant" },
    messages: tenantMessages,
    exportFiles: status
      ? { all: `${status}_tenants.csv`, selected: `selected_${status}_tenants.csv` }
      : { all: "all_tenants.csv", selected: "selected_tenants.csv" },
    historyFields,
    fetchRecord: getTenant,
    loadHistory: getTenantHistory,
    remove: deleteTenants,
    restore: restoreTenants,
    Form: TenantForm,
    formWidth: "max-w-none sm:w-2/3",
  };
}

const allTenants = tenantsDefinition();

/** Tenants > Tenants. */
export function TenantsTable(props: TableTabProps) {
  return <RecordTable definition={allTenants} label="Tenants" {...props} />;
}
