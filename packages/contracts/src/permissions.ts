/**
 * Roles and what each may do (issue 13, item 4), one definition for the server's checks and the
 * web's menus. A role's permissions apply to the records of the properties the person works on;
 * administrators work on all of them.
 */
export const PERMISSIONS = {
  "records.view": "view the records of your properties",
  "records.edit": "add and edit records",
  "records.delete": "delete records",
  "properties.create": "add properties",
  "properties.delete": "delete properties",
  "staff.view": "see the organization's staff",
  "staff.invite": "invite staff",
  "staff.manage": "edit, approve and remove staff",
  "users.manage": "manage users' roles and properties",
  "organization.manage": "change the organization's settings and logo",
  "ledger.view": "see the books: accounts, entries and balances",
  "ledger.post": "post to the books",
  "accounting.manage": "run charges and close accounting periods",
  "maintenance.view": "see maintenance requests",
  "maintenance.edit": "record maintenance requests and change their status",
  "vendors.view": "see the organization's vendors",
  "vendors.edit": "add, edit and delete vendors",
} as const;
export type Permission = keyof typeof PERMISSIONS;

export const ROLE_NAMES = [
  "ADMIN",
  "PROPERTY_MANAGER",
  "STAFF",
  "MAINTENANCE_TECHNICIAN",
  "READ_ONLY",
  "OPERATOR",
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const ALL = Object.keys(PERMISSIONS) as Permission[];

/** What each role may do. A role not listed (an unknown name) may do nothing. */
export const ROLE_PERMISSIONS: Record<RoleName, readonly Permission[]> = {
  ADMIN: ALL,
  // The platform operator's own organization: its operator administers it.
  OPERATOR: ALL,
  // Not properties.create: a manager who works on some properties would widen their own scope by
  // adding one (a new property joins its creator's list), so adding properties is the administrators'.
  PROPERTY_MANAGER: [
    "records.view",
    "records.edit",
    "records.delete",
    "staff.view",
    "staff.invite",
    "ledger.view",
    "ledger.post",
    "maintenance.view",
    "maintenance.edit",
    "vendors.view",
    "vendors.edit",
  ],
  STAFF: ["records.view", "records.edit", "maintenance.view", "maintenance.edit", "vendors.view"],
  // Works requests only: no tenants, leases, books or vendors' list; sees the requests of their
  // properties that are unassigned or assigned to them (TECHNICIAN_ROLES, row-level security).
  MAINTENANCE_TECHNICIAN: ["maintenance.view", "maintenance.edit"],
  READ_ONLY: ["records.view", "ledger.view", "maintenance.view", "vendors.view"],
};

/** The roles as people read them (the roles table's display names). */
export const ROLE_LABELS: Record<RoleName, string> = {
  ADMIN: "Administrator",
  PROPERTY_MANAGER: "Property Manager",
  STAFF: "Staff",
  MAINTENANCE_TECHNICIAN: "Maintenance Technician",
  READ_ONLY: "Read-only",
  OPERATOR: "Platform Operator",
};

/** Higher grants more; nobody grants a role above their own. */
export const ROLE_RANKS: Record<RoleName, number> = {
  READ_ONLY: 0,
  STAFF: 1,
  MAINTENANCE_TECHNICIAN: 1,
  PROPERTY_MANAGER: 2,
  ADMIN: 3,
  OPERATOR: 3,
};

/**
 * Roles whose people see only the maintenance requests that are unassigned or assigned to them,
 * and may assign a request to themselves only (decision 034).
 */
export const TECHNICIAN_ROLES: readonly RoleName[] = ["MAINTENANCE_TECHNICIAN"];
export const isTechnicianRole = (role: string) => (TECHNICIAN_ROLES as readonly string[]).includes(role);

export const isRoleName = (name: string): name is RoleName => (ROLE_NAMES as readonly string[]).includes(name);

export const permissionsOf = (role: string): readonly Permission[] => (isRoleName(role) ? ROLE_PERMISSIONS[role] : []);

export const can = (role: string, permission: Permission) => permissionsOf(role).includes(permission);

/** Whether a role holds a permission, or any one of several (a route several kinds of work need). */
export const canAny = (role: string, permissions: Permission | readonly Permission[]) =>
  [permissions].flat().some((p) => can(role, p));

/** The roles that hold a permission: who is told about what it lets them do (a notice, an email). */
export const rolesWith = (permission: Permission): RoleName[] => ROLE_NAMES.filter((role) => can(role, permission));

export const isPermission = (name: string): name is Permission => Object.hasOwn(PERMISSIONS, name);

export const permissionMessages = {
  denied: (roleLabel: string, permission: Permission) => `As ${roleLabel}, you cannot ${PERMISSIONS[permission]}`,
  notForRole: (permission: Permission) => `Your role cannot ${PERMISSIONS[permission]}`,
} as const;
