import type { FilterCondition } from "@keyholder/contracts/list-query";
import type { Permission } from "@keyholder/contracts/permissions";
import {
  USER_COLUMNS,
  USER_STATUSES,
  USERS_PAGE_SIZE,
  type UserRow,
  userAdminMessages,
  userFieldLabels,
} from "@keyholder/contracts/users";
import { auditDateCells, type Cells, gridColumns } from "../../../components/data-table/declared-columns.ts";
import type { RecordDefinition } from "../../../components/data-table/record-definition.ts";
import { RecordTable, recordTitles } from "../../../components/data-table/record-table.tsx";
import type { RowMenuItem } from "../../../components/data-table/types.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { authStore } from "../../../lib/auth/auth-context.tsx";
import { startViewingAs } from "../../../lib/auth/view-as.ts";
import { formatDate } from "../../../lib/format.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { getUsers, USERS_QUERY_KEY } from "../api/get-users.ts";
import { getUser, getUserHistory, resetTwoFactor, signOutEverywhere } from "../api/user-actions.ts";
import { UserForm } from "./user-form.tsx";
import { userName, worksOnText } from "./user-text.ts";

const statusTones = {
  [USER_STATUSES.active]: "positive",
  [USER_STATUSES.awaitingApproval]: "info",
  [USER_STATUSES.locked]: "warning",
  [USER_STATUSES.disabled]: "neutral",
  [USER_STATUSES.banned]: "warning",
} as const;

const cells: Cells<UserRow, typeof USER_COLUMNS> = {
  name: { value: (u) => userName(u) },
  username: { value: (u) => u.username },
  role: { value: (u) => u.role.display_name },
  status: {
    value: (u) => u.status,
    render: (u) => <Badge tone={statusTones[u.status as keyof typeof statusTones] ?? "neutral"}>{u.status}</Badge>,
  },
  works_on: { value: (u) => worksOnText(u) },
  two_factor: { value: (u) => (u.two_factor_enabled ? "On" : "Off") },
  last_login: {
    value: (u) => u.last_login,
    render: (u) => (u.last_login ? formatDate(u.last_login) : "Never"),
    text: (u) => (u.last_login ? formatDate(u.last_login) : "Never"),
  },
  phone: { value: (u) => u.phone },
  ...auditDateCells<UserRow>(),
};

/** Sign out everywhere, and Reset two-factor when it is on: each said in a toast, the list refreshed. */
function accountItems(row: UserRow, refresh: () => Promise<void>): RowMenuItem[] {
  const act = (label: string, run: () => Promise<unknown>, done: string): RowMenuItem => ({
    id: label,
    label,
    run: () =>
      void run()
        .then(async () => {
          toast({ title: done });
          await refresh();
        })
        .catch((err: unknown) =>
          toast({ title: err instanceof ApiError ? err.message : `${label} failed`, tone: "error" }),
        ),
  });
  return [
    ...(row.status === USER_STATUSES.banned || !row.enabled || row.locked
      ? []
      : [
          {
            id: "view-as",
            label: "View As",
            run: () =>
              void startViewingAs(row.id)
                .then((session) => {
                  authStore.login(session);
                  window.location.assign("/workspace");
                })
                .catch((err: unknown) =>
                  toast({ title: err instanceof ApiError ? err.message : "View As failed", tone: "error" }),
                ),
          },
        ]),
    act("Sign Out Everywhere", () => signOutEverywhere(row.id), userAdminMessages.signedOut(userName(row))),
    ...(row.two_factor_enabled
      ? [act("Reset Two-Factor", () => resetTwoFactor(row.id), userAdminMessages.twoFactorReset(userName(row)))]
      : []),
  ];
}

const manage: Permission = "users.manage";

/** Users > All Users and Users > Administrators (issue 13, item 5) as definitions of the shared grid. */
function usersDefinition(only: FilterCondition[]): RecordDefinition<UserRow> {
  return {
    grid: {
      key: `${USERS_QUERY_KEY}${only.length ? "admins-" : ""}`,
      defaultSort: "p.last_name",
      pageSize: USERS_PAGE_SIZE,
      rowId: (u) => String(u.id),
      fetchPage: getUsers(only),
      loadError: userAdminMessages.loadFailed,
      empty: {
        title: userAdminMessages.emptyTitle,
        none: userAdminMessages.joinByInvitation,
        noMatch: userAdminMessages.emptyNoMatch,
        add: "Add",
      },
      columns: gridColumns(USER_COLUMNS, cells),
    },
    noun: { one: "User", many: "users" },
    recordId: (u) => u.id,
    titles: recordTitles<UserRow>("User", "Users", userName),
    menu: {
      view: "View User",
      edit: "Edit User",
      remove: "Delete User",
      extra: (row, { refresh }) => accountItems(row, refresh),
    },
    permissions: { add: manage, edit: manage, remove: manage },
    unavailable: { add: userAdminMessages.joinByInvitation, remove: userAdminMessages.notDeleted },
    messages: {
      selectToEdit: userAdminMessages.selectOne,
      selectOneToEdit: userAdminMessages.selectOne,
      selectOneForHistory: userAdminMessages.selectOne,
      selectToDelete: userAdminMessages.notDeleted,
      deleteFailed: userAdminMessages.notDeleted,
    },
    exportFiles: {
      all: only.length ? "administrators.csv" : "all_users.csv",
      selected: only.length ? "selected_administrators.csv" : "selected_users.csv",
    },
    historyFields: {
      ...Object.fromEntries(Object.entries(userFieldLabels).map(([field, label]) => [field, { label }])),
      properties: { label: "Properties" },
      sessions: { label: "Signed-in Browsers" },
    },
    fetchRecord: getUser,
    loadHistory: getUserHistory,
    Form: UserForm,
    formWidth: "max-w-none sm:w-1/2",
  };
}

const allUsers = usersDefinition([]);
const administrators = usersDefinition([{ column: "role", op: "equals", value: "Administrator" }]);

/** Users > All Users. */
export function UsersTable(props: TableTabProps) {
  return <RecordTable definition={allUsers} label="All Users" {...props} />;
}

/** Users > Administrators: the same grid, narrowed to administrators. */
export function AdministratorsTable(props: TableTabProps) {
  return <RecordTable definition={administrators} label="Administrators" {...props} />;
}
