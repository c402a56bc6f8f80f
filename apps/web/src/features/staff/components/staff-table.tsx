import type { Permission } from "@keyholder/contracts/permissions";
import {
  INVITE_STATUSES,
  STAFF_COLUMNS,
  STAFF_FIELD_LABELS,
  STAFF_PAGE_SIZE,
  STAFF_STATUSES,
  type StaffRow,
  staffDisplayName,
  staffIdProblem,
  staffMessages,
} from "@keyholder/contracts/staff";
import { useMemo } from "react";
import { auditDateCells, type Cells, gridColumns } from "../../../components/data-table/declared-columns.ts";
import type { RecordDefinition } from "../../../components/data-table/record-definition.ts";
import { RecordTable, recordTitles } from "../../../components/data-table/record-table.tsx";
import type { RowMenuItem } from "../../../components/data-table/types.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { formatDate, formatNumber } from "../../../lib/format.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { deleteStaff } from "../api/delete-staff.ts";
import { getStaff, STAFF_QUERY_KEY } from "../api/get-staff.ts";
import { getStaffHistory } from "../api/get-staff-history.ts";
import { getStaffMember } from "../api/get-staff-member.ts";
import { resendInvitation } from "../api/invitation-actions.ts";
import { failureReason, useApproveStaff } from "../hooks/use-approve-staff.ts";
import { StaffForm } from "./staff-form.tsx";

const yesNo = (v: boolean) => (v ? "Yes" : "No");
const inviteTones = {
  [INVITE_STATUSES.active]: "positive",
  [INVITE_STATUSES.pendingApproval]: "info",
  [INVITE_STATUSES.pendingAcceptance]: "neutral",
  [INVITE_STATUSES.expired]: "warning",
} as const;
const statusTones = {
  [STAFF_STATUSES.active]: "positive",
  [STAFF_STATUSES.awaitingApproval]: "warning",
  [STAFF_STATUSES.invitationSent]: "info",
  [STAFF_STATUSES.invitationExpired]: "warning",
  [STAFF_STATUSES.inactive]: "neutral",
} as const;
const dateCell = (value: (s: StaffRow) => string | null) => ({
  value,
  render: (s: StaffRow) => formatDate(value(s)),
  text: (s: StaffRow) => formatDate(value(s)),
});

const cells: Cells<StaffRow, typeof STAFF_COLUMNS> = {
  name: { value: (s) => staffDisplayName(s) },
  email: { value: (s) => s.email },
  job_title: { value: (s) => s.job_title },
  department: { value: (s) => s.department },
  phone: { value: (s) => s.phone },
  status: {
    value: (s) => s.status,
    // Wide enough for its longest badge, "Invitation Expired".
    size: 180,
    render: (s) => <Badge tone={statusTones[s.status as keyof typeof statusTones] ?? "neutral"}>{s.status}</Badge>,
  },
  invite_status: {
    value: (s) => s.invite_status,
    // Wide enough for its longest badge, "Pending Acceptance".
    size: 190,
    render: (s) => (
      <Badge tone={inviteTones[s.invite_status as keyof typeof inviteTones] ?? "neutral"}>{s.invite_status}</Badge>
    ),
  },
  approved: { value: (s) => yesNo(s.approved_invite) },
  is_public_contact: { value: (s) => yesNo(s.is_public_contact) },
  display_order: { value: (s) => s.display_order, align: "right", render: (s) => formatNumber(s.display_order) },
  bio: { value: (s) => s.bio },
  user_name: { value: (s) => s.user_name },
  role_name: { value: (s) => s.role_name },
  invite_expires_at: dateCell((s) => (s.accepted_invite ? null : s.invite_expires_at)),
  new_link_requested_at: dateCell((s) => s.new_link_requested_at),
  ...auditDateCells<StaffRow>(),
};

/** Spec records 5: a row action on a row whose id is not a staff id says so and calls nothing. */
function withStaffId(row: StaffRow, run: (id: string) => Promise<void>) {
  return () => {
    if (staffIdProblem(row.id)) {
      toast({ title: staffMessages.invalidRowId, tone: "error" });
      return;
    }
    void run(row.id);
  };
}

/** Resend Invitation and Approve Staff (spec records 2.7), offered when they can do something. */
function invitationItems(
  row: StaffRow,
  refresh: () => Promise<void>,
  can: (permission: Permission) => boolean,
  approve: (row: StaffRow) => Promise<boolean>,
): RowMenuItem[] {
  const items: RowMenuItem[] = [];
  if (!row.accepted_invite && can("staff.invite")) {
    items.push({
      id: "resend",
      label: "Resend Invitation",
      run: withStaffId(row, async (id) => {
        try {
          await resendInvitation(id);
          toast({ title: staffMessages.invitationSent(row.email), description: "The previous link no longer works." });
          await refresh();
        } catch (err) {
          toast({ title: staffMessages.resendFailed(failureReason(err)), tone: "error" });
        }
      }),
    });
  }
  if (row.accepted_invite && !row.approved_invite && can("staff.manage")) {
    items.push({ id: "approve", label: "Approve Staff", run: () => void approve(row) });
  }
  return items;
}

const historyFormats: Record<string, (v: unknown) => string> = {
  is_public_contact: (v) => yesNo(v === true),
  accepted_invite: (v) => yesNo(v === true),
  approved_invite: (v) => yesNo(v === true),
  user_id: (v) => (v === null || v === undefined ? "None" : "Linked"),
};

/**
 * Spec records 2.7, 3.7 and 9: the Staff table as a definition of the shared grid (its row menu's
 * Resend Invitation and Approve Staff are added by StaffTable, which holds the approval).
 */
const staffDefinition: RecordDefinition<StaffRow, string> = {
  grid: {
    key: STAFF_QUERY_KEY,
    defaultSort: "s.name",
    pageSize: STAFF_PAGE_SIZE,
    rowId: (s) => s.id,
    fetchPage: getStaff,
    loadError: staffMessages.tableFailed,
    empty: {
      title: staffMessages.emptyTitle,
      none: staffMessages.emptyText,
      noMatch: staffMessages.emptyNoMatch,
      add: staffMessages.add,
    },
    columns: gridColumns(STAFF_COLUMNS, cells),
  },
  noun: { one: "Staff member", many: "staff members" },
  recordId: (s) => s.id,
  titles: recordTitles<StaffRow>("Staff", "Staff", staffDisplayName),
  menu: {
    view: "View Staff",
    edit: "Edit Staff",
    remove: "Delete Staff",
  },
  permissions: { add: "staff.invite", edit: "staff.manage", remove: "staff.manage" },
  messages: staffMessages,
  exportFiles: { all: "all_staff.csv", selected: "selected_staff.csv" },
  historyFields: Object.fromEntries(
    Object.entries(STAFF_FIELD_LABELS).map(([field, label]) => {
      const format = historyFormats[field];
      return [field, format ? { label, format } : { label }];
    }),
  ),
  fetchRecord: getStaffMember,
  loadHistory: getStaffHistory,
  remove: deleteStaff,
  describeDelete: async (rows) => {
    const joined = rows.filter((r) => r.user_id !== null && r.role_name !== "Administrator").length;
    if (!joined) return null;
    return `${joined === 1 ? "Their account is" : `${joined} accounts are`} disabled and signed out at once.`;
  },
  Form: StaffForm,
  formWidth: "max-w-none sm:w-2/3",
};

/** Users > Staff. */
export function StaffTable(props: TableTabProps) {
  const { approve } = useApproveStaff();
  const definition = useMemo<RecordDefinition<StaffRow, string>>(
    () => ({
      ...staffDefinition,
      menu: { ...staffDefinition.menu, extra: (row, { refresh, can }) => invitationItems(row, refresh, can, approve) },
    }),
    [approve],
  );
  return <RecordTable definition={definition} label="Staff" {...props} />;
}
