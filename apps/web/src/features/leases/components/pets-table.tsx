import {
  LEASE_PET_COLUMNS,
  LEASE_PETS_PAGE_SIZE,
  type LeasePetRow,
  leaseMessages,
  PET_KIND_LABELS,
} from "@keyholder/contracts/leases";
import { type Cells, centsCell, gridColumns } from "../../../components/data-table/declared-columns.ts";
import type { RecordDefinition, RecordFormProps } from "../../../components/data-table/record-definition.ts";
import { RecordTable } from "../../../components/data-table/record-table.tsx";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { getLeaseHistory } from "../api/get-lease-history.ts";
import { getLeasePets, LEASE_PETS_QUERY_KEY, leaseOfPet } from "../api/get-lease-pets.ts";
import { LeaseView } from "./lease-view.tsx";
import { leaseHistoryFields } from "./leases-table.tsx";

const cells: Cells<LeasePetRow, typeof LEASE_PET_COLUMNS> = {
  lease_no: { value: (p) => p.lease_no, align: "right" },
  tenant_names: { value: (p) => p.tenant_names },
  property_name: { value: (p) => p.property_name },
  unit_names: { value: (p) => p.unit_names },
  kind: { value: (p) => PET_KIND_LABELS[p.kind] },
  name: { value: (p) => p.name },
  breed: { value: (p) => p.breed },
  weight_lbs: { value: (p) => (p.weight_lbs === null ? null : Number(p.weight_lbs)), align: "right" },
  assistance_animal: { value: (p) => (p.assistance_animal ? "Yes" : "No") },
  pet_deposit_cents: centsCell((p) => p.pet_deposit_cents),
  pet_rent_cents: centsCell((p) => p.pet_rent_cents),
};

const name = (p: LeasePetRow) => `${PET_KIND_LABELS[p.kind]}${p.name ? ` ${p.name}` : ""} (lease ${p.lease_no})`;

/** A pet is kept on its lease: its View is the lease's, where it is edited. */
function PetForm({ row, onCancel }: RecordFormProps<LeasePetRow>) {
  return row ? <LeaseView leaseId={row.lease_id} onClose={onCancel} /> : null;
}

const petsOnLeases = "Pets are added, changed and removed on their lease (Tenants > Leases)";

/** Tenants > Pets: every pet on the organization's leases, read-only, as a definition of the shared grid. */
const petsDefinition: RecordDefinition<LeasePetRow> = {
  grid: {
    key: LEASE_PETS_QUERY_KEY,
    defaultSort: "l.lease_no",
    pageSize: LEASE_PETS_PAGE_SIZE,
    rowId: (p) => String(p.id),
    fetchPage: getLeasePets,
    loadError: leaseMessages.loadPetsFailed,
    empty: {
      title: leaseMessages.petsEmptyTitle,
      none: leaseMessages.petsEmptyText,
      noMatch: "No pets match the filters.",
      add: "",
    },
    columns: gridColumns(LEASE_PET_COLUMNS, cells),
  },
  noun: { one: "Pet", many: "pets" },
  recordId: (p) => p.id,
  titles: {
    name,
    view: (p) => `Lease ${p.lease_no}: ${p.tenant_names}`,
    edit: name,
    add: "",
    remove: name,
    removeMany: (n) => `${n} pets`,
    history: (p) => `Lease History: lease ${p.lease_no}`,
  },
  menu: { view: "View Lease", edit: "View Lease", remove: "Remove on Lease" },
  unavailable: { add: petsOnLeases, remove: petsOnLeases },
  messages: {
    selectToEdit: "Please select a pet",
    selectOneToEdit: "Please select only one pet",
    selectOneForHistory: "Please select a single pet to view its lease's history",
    selectToDelete: petsOnLeases,
    deleteFailed: petsOnLeases,
  },
  exportFiles: { all: "all_pets.csv", selected: "selected_pets.csv" },
  historyFields: leaseHistoryFields,
  loadHistory: async (id) => {
    const lease = leaseOfPet.get(id);
    return lease ? getLeaseHistory(lease) : [];
  },
  Form: PetForm,
  formWidth: "max-w-none sm:w-5/6",
};

/** Tenants > Pets. */
export function PetsTable(props: TableTabProps) {
  return <RecordTable definition={petsDefinition} label="Pets" {...props} />;
}
