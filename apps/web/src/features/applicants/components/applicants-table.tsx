import {
  APPLICANT_COLUMNS,
  APPLICANT_FIELD_LABELS,
  APPLICANT_PAGE_SIZE,
  APPLICATION_STATUS_LABELS,
  type ApplicantRow,
  type ApplicationStatus,
  applicantMessages,
} from "@keyholder/contracts/applications";
import { type Cells, gridColumns } from "../../../components/data-table/declared-columns.ts";
import type { RecordDefinition } from "../../../components/data-table/record-definition.ts";
import { RecordTable, recordTitles } from "../../../components/data-table/record-table.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { formatDate } from "../../../lib/format.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { getApplicant } from "../api/get-applicant.ts";
import { getApplicantHistory } from "../api/get-applicant-history.ts";
import { APPLICANTS_QUERY_KEY, getApplicants } from "../api/get-applicants.ts";
import { ApplicantForm } from "./applicant-form.tsx";
import { createLeaseItems } from "./create-lease.ts";

const statusTones: Record<ApplicationStatus, "positive" | "info" | "neutral" | "warning"> = {
  new: "info",
  reviewing: "neutral",
  approved: "positive",
  declined: "warning",
  withdrawn: "neutral",
};
const dateCell = (value: (a: ApplicantRow) => string | null) => ({
  value,
  render: (a: ApplicantRow) => formatDate(value(a)),
  text: (a: ApplicantRow) => formatDate(value(a)),
});

const cells: Cells<ApplicantRow, typeof APPLICANT_COLUMNS> = {
  full_name: { value: (a) => a.full_name },
  email: { value: (a) => a.email },
  phone: { value: (a) => a.phone },
  status: {
    value: (a) => APPLICATION_STATUS_LABELS[a.status],
    render: (a) => <Badge tone={statusTones[a.status]}>{APPLICATION_STATUS_LABELS[a.status]}</Badge>,
  },
  duplicate: {
    value: (a) => (a.duplicate ? "Yes" : "No"),
    render: (a) => (a.duplicate ? <Badge tone="warning">Duplicate</Badge> : "No"),
  },
  property_name: { value: (a) => a.property_name },
  floor_plan_name: { value: (a) => a.floor_plan_name },
  unit_number: { value: (a) => a.unit_number },
  move_in_date: dateCell((a) => a.move_in_date),
  submitted_at: dateCell((a) => a.submitted_at),
  reference: { value: (a) => a.reference },
  message: { value: (a) => a.message },
  status_note: { value: (a) => a.status_note },
  last_modified_date: dateCell((a) => a.last_modified_date),
};

const titles = recordTitles<ApplicantRow>("Applicant", "Applicants", (a) => a.full_name);

/** Applicants > All Applicants: applications from the public pages, as a definition of the shared grid. */
const applicantsDefinition: RecordDefinition<ApplicantRow, string> = {
  grid: {
    key: APPLICANTS_QUERY_KEY,
    defaultSort: "ap.submitted_at",
    defaultSortDescending: true,
    pageSize: APPLICANT_PAGE_SIZE,
    rowId: (a) => a.id,
    fetchPage: getApplicants,
    loadError: applicantMessages.tableFailed,
    empty: {
      title: applicantMessages.emptyTitle,
      none: applicantMessages.emptyText,
      noMatch: applicantMessages.emptyNoMatch,
      add: "",
    },
    columns: gridColumns(APPLICANT_COLUMNS, cells),
  },
  noun: { one: "Applicant", many: "applicants" },
  recordId: (a) => a.id,
  titles: { ...titles, edit: (a) => `Change Status: ${a.full_name}` },
  menu: {
    view: "View Applicant",
    edit: "Change Status",
    remove: "Delete Applicant",
    extra: (row, { can }) => createLeaseItems(row, can),
  },
  unavailable: { add: applicantMessages.noAdd, remove: applicantMessages.noRemove },
  messages: applicantMessages,
  exportFiles: { all: "all_applicants.csv", selected: "selected_applicants.csv" },
  historyFields: Object.fromEntries(
    Object.entries(APPLICANT_FIELD_LABELS).map(([field, label]) => [
      field,
      field === "status"
        ? { label, format: (v: unknown) => APPLICATION_STATUS_LABELS[v as ApplicationStatus] ?? String(v ?? "") }
        : { label },
    ]),
  ),
  fetchRecord: getApplicant,
  loadHistory: getApplicantHistory,
  Form: ApplicantForm,
  formWidth: "max-w-none sm:w-1/2",
};

/** Applicants > All Applicants. */
export function ApplicantsTable(props: TableTabProps) {
  return <RecordTable definition={applicantsDefinition} label="Applicants" {...props} />;
}
