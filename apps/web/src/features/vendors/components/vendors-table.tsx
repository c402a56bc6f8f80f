import {
  INSURANCE_STATES,
  TAX_CLASSIFICATION_LABELS,
  VENDOR_COLUMNS,
  VENDOR_FIELD_LABELS,
  VENDOR_TRADE_LABELS,
  VENDORS_PAGE_SIZE,
  type VendorRow,
  vendorMessages,
} from "@keyholder/contracts/vendors";
import { auditDateCells, type Cells, gridColumns } from "../../../components/data-table/declared-columns.ts";
import type { HistoryField } from "../../../components/data-table/history-dialog.tsx";
import type { RecordDefinition } from "../../../components/data-table/record-definition.ts";
import { RecordTable } from "../../../components/data-table/record-table.tsx";
import { formatDate } from "../../../lib/format.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { deleteVendors, restoreVendors } from "../api/delete-vendors.ts";
import { getVendor } from "../api/get-vendor.ts";
import { getVendorHistory } from "../api/get-vendor-history.ts";
import { getVendors, VENDORS_QUERY_KEY } from "../api/get-vendors.ts";
import { InsuranceBadge } from "./insurance-badge.tsx";
import { VendorForm } from "./vendor-form.tsx";

const tradesText = (r: VendorRow) => r.trades.map((t) => VENDOR_TRADE_LABELS[t]).join(", ");
/** As the server filters it: Expired, Valid or None. */
const insuranceText = (r: VendorRow) =>
  r.insurance_expires_on === null
    ? INSURANCE_STATES.none
    : r.insurance_expired
      ? INSURANCE_STATES.expired
      : INSURANCE_STATES.valid;
const expiresText = (r: VendorRow) => (r.insurance_expires_on ? formatDate(r.insurance_expires_on) : "");

const cells: Cells<VendorRow, typeof VENDOR_COLUMNS> = {
  name: { value: (r) => r.name },
  trades: { value: tradesText },
  contact_name: { value: (r) => r.contact_name },
  email: { value: (r) => r.email },
  phone: { value: (r) => r.phone },
  city: { value: (r) => r.city },
  insurance: {
    value: insuranceText,
    render: (r) => (r.insurance_expired ? <InsuranceBadge vendor={r} /> : insuranceText(r)),
    text: insuranceText,
  },
  insurance_expires_on: { value: (r) => r.insurance_expires_on, render: expiresText, text: expiresText },
  eligible_1099: { value: (r) => (r.eligible_1099 ? "Yes" : "No") },
  tax_classification: { value: (r) => (r.tax_classification ? TAX_CLASSIFICATION_LABELS[r.tax_classification] : "") },
  default_expense_account: { value: (r) => r.default_expense_account_name },
  ...auditDateCells<VendorRow>(),
};

const classificationText = (v: unknown) =>
  v === null ? "" : (TAX_CLASSIFICATION_LABELS[v as keyof typeof TAX_CLASSIFICATION_LABELS] ?? String(v));
const historyFields: Record<string, HistoryField> = Object.fromEntries(
  Object.entries(VENDOR_FIELD_LABELS).map(([field, label]) => [
    field,
    field === "tax_classification"
      ? { label, format: classificationText }
      : field === "taxpayer_id_last4"
        ? { label, format: (v: unknown) => (v === null ? "" : `•••-••-${String(v)}`) }
        : { label },
  ]),
);

/** The Vendors table (Maintenance > Vendors) as a definition of the shared grid. */
export const vendorsDefinition: RecordDefinition<VendorRow, string> = {
  grid: {
    key: VENDORS_QUERY_KEY,
    defaultSort: "v.name",
    pageSize: VENDORS_PAGE_SIZE,
    rowId: (r) => r.id,
    fetchPage: getVendors,
    loadError: vendorMessages.loadFailed,
    empty: {
      title: vendorMessages.emptyTitle,
      none: vendorMessages.emptyText,
      noMatch: vendorMessages.emptyNoMatch,
      add: vendorMessages.add,
    },
    columns: gridColumns(VENDOR_COLUMNS, cells),
  },
  noun: { one: "Vendor", many: "vendors" },
  recordId: (r) => r.id,
  titles: {
    name: (r) => r.name,
    view: (r) => `Vendor: ${r.name}`,
    edit: (r) => `Edit Vendor: ${r.name}`,
    add: "Add New Vendor",
    remove: (r) => `Delete Vendor: ${r.name}`,
    removeMany: (n) => `Delete ${n} Vendors`,
    history: (r) => `Vendor History: ${r.name}`,
  },
  menu: { view: "View Vendor", edit: "Edit Vendor", remove: "Delete Vendor" },
  permissions: { add: "vendors.edit", edit: "vendors.edit", remove: "vendors.edit" },
  messages: vendorMessages,
  exportFiles: { all: "all_vendors.csv", selected: "selected_vendors.csv" },
  historyFields,
  fetchRecord: getVendor,
  loadHistory: getVendorHistory,
  remove: deleteVendors,
  restore: restoreVendors,
  Form: VendorForm,
  formWidth: "max-w-none sm:w-2/3",
};

/** Maintenance > Vendors. */
export function VendorsTable(props: TableTabProps) {
  return <RecordTable definition={vendorsDefinition} label="Vendors" {...props} />;
}
