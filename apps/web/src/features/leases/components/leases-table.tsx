import {
  LEASE_COLUMNS,
  LEASE_FIELD_LABELS,
  LEASE_STATUS_LABELS,
  LEASE_TERM_LABELS,
  LEASES_PAGE_SIZE,
  type LeaseRow,
  type LeaseStatus,
  type LeaseTerm,
  leaseMessages,
} from "@keyholder/contracts/leases";
import { formatCents } from "@keyholder/contracts/money";
import { useState } from "react";
import {
  auditDateCells,
  type Cells,
  centsCell,
  dayCell,
  gridColumns,
} from "../../../components/data-table/declared-columns.ts";
import { InPlaceRecord } from "../../../components/data-table/in-place-record.tsx";
import type { RecordDefinition } from "../../../components/data-table/record-definition.ts";
import { RecordTable } from "../../../components/data-table/record-table.tsx";
import { Button } from "../../../components/ui/button.tsx";
import type { InPlaceRecordProps } from "../../../lib/in-place-records.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { deleteLeases } from "../api/delete-leases.ts";
import { getLease } from "../api/get-lease.ts";
import { getLeaseHistory } from "../api/get-lease-history.ts";
import { getLeases, LEASES_QUERY_KEY } from "../api/get-leases.ts";
import { BulkRenewalsDialog } from "./bulk-renewals.tsx";
import { LeaseForm } from "./lease-form.tsx";
import { LeaseStatusBadge } from "./lease-status-badge.tsx";

const cells: Cells<LeaseRow, typeof LEASE_COLUMNS> = {
  lease_no: { value: (l) => l.lease_no, align: "right" },
  tenant_names: { value: (l) => l.tenant_names },
  property_name: { value: (l) => l.property_name },
  unit_names: { value: (l) => l.unit_names },
  status: {
    value: (l) => LEASE_STATUS_LABELS[l.status],
    render: (l) => <LeaseStatusBadge status={l.status} />,
  },
  term: { value: (l) => LEASE_TERM_LABELS[l.term] },
  start_date: dayCell((l) => l.start_date),
  end_date: dayCell((l) => l.end_date),
  move_out_date: dayCell((l) => l.move_out_date),
  rent_cents: centsCell((l) => l.rent_cents),
  deposit_cents: centsCell((l) => l.deposit_cents),
  balance_cents: centsCell((l) => l.balance_cents),
  ...auditDateCells<LeaseRow>(),
};

/** How a lease's history names and shows its fields (also a pet's, whose history is its lease's). */
export const leaseHistoryFields = Object.fromEntries(
  Object.entries(LEASE_FIELD_LABELS).map(([field, label]) => [
    field,
    field === "status"
      ? { label, format: (v: unknown) => LEASE_STATUS_LABELS[v as LeaseStatus] ?? String(v ?? "") }
      : field === "term"
        ? { label, format: (v: unknown) => LEASE_TERM_LABELS[v as LeaseTerm] ?? String(v ?? "") }
        : field.endsWith("_cents")
          ? { label, format: (v: unknown) => (typeof v === "number" ? formatCents(v) : String(v ?? "")) }
          : { label },
  ]),
);

const name = (l: LeaseRow) => `Lease ${l.lease_no}${l.tenant_names ? `: ${l.tenant_names}` : ""}`;

/** Tenants > Leases as a definition of the shared grid. */
const leasesDefinition: RecordDefinition<LeaseRow, string> = {
  grid: {
    key: LEASES_QUERY_KEY,
    defaultSort: "l.lease_no",
    defaultSortDescending: true,
    pageSize: LEASES_PAGE_SIZE,
    rowId: (l) => l.id,
    fetchPage: getLeases,
    loadError: leaseMessages.loadFailed,
    empty: {
      title: leaseMessages.emptyTitle,
      none: leaseMessages.emptyText,
      noMatch: leaseMessages.emptyNoMatch,
      add: leaseMessages.add,
    },
    columns: gridColumns(LEASE_COLUMNS, cells),
  },
  noun: { one: "Lease", many: "leases" },
  recordId: (l) => l.id,
  titles: {
    name,
    view: name,
    edit: (l) => `Edit ${name(l)}`,
    add: "Add New Lease",
    remove: (l) => `Delete ${name(l)}`,
    removeMany: (n) => `Delete ${n} Leases`,
    history: (l) => `Lease History: ${name(l)}`,
  },
  menu: { view: "View Lease", edit: "Edit Lease", remove: "Delete Lease" },
  permissions: { add: "ledger.post", edit: "ledger.post", remove: "ledger.post" },
  messages: {
    selectToEdit: leaseMessages.selectToEdit,
    selectOneToEdit: leaseMessages.selectOneToEdit,
    selectOneForHistory: "Please select a single lease to view history",
    selectToDelete: "Please select the leases to delete",
    deleteFailed: leaseMessages.deleteFailed,
  },
  exportFiles: { all: "all_leases.csv", selected: "selected_leases.csv" },
  historyFields: leaseHistoryFields,
  fetchRecord: async (id) => getLease(id),
  loadHistory: getLeaseHistory,
  remove: deleteLeases,
  Form: LeaseForm,
  formWidth: "max-w-none sm:w-5/6",
};

/** Tenants > Leases, with the bulk renewal offers of the leases ending soon for those who may post. */
export function LeasesTable(props: TableTabProps) {
  const [renewing, setRenewing] = useState(false);
  return (
    <>
      {props.can("ledger.post") ? (
        <div className="flex justify-end px-2 pt-2">
          <Button variant="secondary" onPress={() => setRenewing(true)}>
            Offer Renewals...
          </Button>
        </div>
      ) : null}
      <RecordTable definition={leasesDefinition} label="Leases" {...props} />
      {renewing ? <BulkRenewalsDialog isOpen onClose={() => setRenewing(false)} /> : null}
    </>
  );
}

/** Leases opened in place (a lease made from an approved applicant). */
export function LeaseRecords(props: InPlaceRecordProps) {
  return <InPlaceRecord definition={leasesDefinition} {...props} />;
}
