import { z } from "zod";
import { declareColumns, filterTypesOf, sortKeysOf } from "./columns.ts";
import { listQuerySchema } from "./list-query.ts";
import { ROLE_NAMES, type RoleName } from "./permissions.ts";

/** How many properties one user may be given one by one; past that, "all properties" is the answer. */
export const USER_PROPERTIES_MAX = 5000;

export const userMessages = {
  notFound: "User not found",
  administratorsSeeAll: "Administrators work on every property",
  propertiesUnknown: "Some of these properties are not in your organization",
  tooMany: `Choose at most ${USER_PROPERTIES_MAX.toLocaleString("en-US")} properties, or all of them`,
} as const;

export const userIdParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

/** GET/PUT /api/v1/users/{userId}/properties: the properties a user works on (issue 13, decision 019). */
export const userPropertiesSchema = z.object({
  all_properties: z.boolean(),
  properties: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type UserProperties = z.infer<typeof userPropertiesSchema>;

export const setUserPropertiesSchema = z.object({
  all_properties: z.boolean(),
  property_ids: z.array(z.uuid()).max(USER_PROPERTIES_MAX, userMessages.tooMany).default([]),
});
export type SetUserProperties = z.infer<typeof setUserPropertiesSchema>;

// --- Users > All Users and Users > Administrators (issue 13, item 5) ---

export const USERS_PAGE_SIZE = 200;

const ACCOUNT = "Account";
const PERSON = "Person";

/** The users grid, declared once. Sort keys name the tables: "u." the user, "p." their person, "r." the role. */
export const USER_COLUMNS = declareColumns({
  name: { label: "Name", type: "text", sortKey: "p.last_name", category: PERSON },
  username: { label: "Email", type: "text", sortKey: "u.username", category: ACCOUNT },
  role: { label: "Role", type: "text", sortKey: "r.display_name", category: ACCOUNT, field: "role" },
  status: { label: "Status", type: "text", sortKey: "status", category: ACCOUNT },
  works_on: { label: "Works On", type: "text", sortKey: "works_on", category: ACCOUNT },
  two_factor: { label: "Two-Factor", type: "text", sortKey: "u.two_factor_enabled", category: ACCOUNT },
  last_login: { label: "Last Login", type: "date", sortKey: "u.last_login", category: ACCOUNT },
  phone: { label: "Phone", type: "text", sortKey: "p.phone", category: PERSON, defaultVisible: false },
  created_date: { label: "Created Date", type: "date", sortKey: "u.created_date", defaultVisible: false },
  last_modified_date: { label: "Last Modified", type: "date", sortKey: "u.last_modified_date", defaultVisible: false },
});
export const USER_SORT_KEYS = sortKeysOf(USER_COLUMNS);
export const USER_FILTER_TYPES = filterTypesOf(USER_COLUMNS);

export const userListQuerySchema = listQuerySchema({
  columns: USER_COLUMNS,
  defaultSort: "p.last_name",
  maxLimit: USERS_PAGE_SIZE,
});

/** A user's standing as the grid shows it: the account flags of spec accounts 3, most severe first. */
export const USER_STATUSES = {
  banned: "Banned",
  disabled: "Disabled",
  locked: "Locked",
  awaitingApproval: "Awaiting Approval",
  active: "Active",
} as const;

export const userRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.object({ role_name: z.string(), display_name: z.string() }),
  status: z.string(),
  enabled: z.boolean(),
  locked: z.boolean(),
  banned: z.boolean(),
  two_factor_enabled: z.boolean(),
  all_properties: z.boolean(),
  property_count: z.number().int(),
  last_login: z.string().nullable(),
  created_date: z.string(),
  last_modified_date: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const userListSchema = z.object({
  users: z.array(userRowSchema),
  count: z.number().int(),
  total_count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});

/** PATCH /api/v1/users/{userId}: a role, locked, enabled; what is left out stays. */
export const updateUserSchema = z.object({
  role: z.enum(ROLE_NAMES.filter((r) => r !== "OPERATOR") as [RoleName, ...RoleName[]]).optional(),
  locked: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const userAdminMessages = {
  lastAdministrator: "The organization needs an active administrator: make someone else one first",
  aboveOwnRole: "You cannot give a role above your own",
  outrankedTarget: "You cannot change someone whose role is above yours",
  ownAccount: "Use Settings to change your own account; another administrator can change your role",
  signedOut: (name: string) => `${name} is signed out everywhere`,
  twoFactorReset: (name: string) => `${name} signs in with a password alone until they turn two-factor on again`,
  selectOne: "Please select a single user",
  loadFailed: "Failed to load users. Please try again later.",
  emptyTitle: "No Users Found",
  emptyNoMatch: "No users match the filters.",
  joinByInvitation: "People join by invitation: use Users > Staff to invite them",
  notDeleted: "Users are disabled, not deleted, so their history keeps their name",
  viewAsSelf: "You already see the workspace as yourself",
  viewAsUnusable: "This user cannot sign in, so there is nothing to preview",
  previewReadOnly:
    "This is a preview of another user's workspace: nothing can be changed. Stop viewing to work as yourself.",
  viewingAs: (name: string, role: string) => `You are viewing Keyholder as ${name} (${role}). Nothing can be changed.`,
} as const;

export const userFieldLabels = {
  role: "Role",
  enabled: "Enabled",
  locked: "Locked",
  two_factor_enabled: "Two-Factor",
  all_properties: "Works On All Properties",
} as const;
