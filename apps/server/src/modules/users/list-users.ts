import type { FilterCondition } from "@keyholder/contracts/list-query";
import {
  USER_COLUMNS,
  type USER_FILTER_TYPES,
  type USER_SORT_KEYS,
  USER_STATUSES,
  type UserRow,
} from "@keyholder/contracts/users";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isoTimestampSql, listSql, pageOf, rowOf } from "../../lib/list-sql.ts";
import { awaitingApprovalOf } from "../../lib/sessions.ts";

const name = sql`nullif(trim(concat_ws(' ', coalesce(nullif(p.preferred_name, ''), p.first_name), p.last_name)), '')`;
const awaiting = awaitingApprovalOf({ organizationId: sql`u.organization_id`, id: sql`u.id` }, sql`r.name`);
const statuses = {
  [USER_STATUSES.banned]: sql`u.banned`,
  [USER_STATUSES.disabled]: sql`(not u.banned and not u.enabled)`,
  [USER_STATUSES.locked]: sql`(not u.banned and u.enabled and u.locked)`,
  [USER_STATUSES.awaitingApproval]: sql`(not u.banned and u.enabled and not u.locked and ${awaiting})`,
  [USER_STATUSES.active]: sql`(not u.banned and u.enabled and not u.locked and not ${awaiting})`,
};
const status = sql`(case when u.banned then ${USER_STATUSES.banned} when not u.enabled then ${USER_STATUSES.disabled}
  when u.locked then ${USER_STATUSES.locked} when ${awaiting} then ${USER_STATUSES.awaitingApproval}
  else ${USER_STATUSES.active} end)`;
const allProperties = sql`(u.all_properties or r.name in ('ADMIN', 'OPERATOR'))`;
// Counted once per row, in the lateral join of `from`, for the column, its text and its sort.
const propertyCount = sql`pc.n`;
const worksOn = sql`(case when ${allProperties} then 'All properties'
  else ${propertyCount} || case when ${propertyCount} = 1 then ' property' else ' properties' end end)`;

const { columns, sortKeys } = listSql(USER_COLUMNS, {
  name: { expr: name, nullable: true, sortBy: sql`p.last_name` },
  username: { expr: sql`u.username` },
  role: { expr: sql`r.display_name` },
  status: { expr: status, choices: statuses },
  works_on: { expr: worksOn },
  two_factor: {
    expr: sql`(case when u.two_factor_enabled then 'On' else 'Off' end)`,
    sortBy: sql`u.two_factor_enabled`,
    choices: { On: sql`u.two_factor_enabled`, Off: sql`not u.two_factor_enabled` },
  },
  last_login: { expr: sql`u.last_login`, nullable: true },
  phone: { expr: sql`p.phone`, nullable: true },
  created_date: { expr: sql`u.created_date` },
  last_modified_date: { expr: sql`u.last_modified_date` },
});

export interface UserListQuery {
  offset: number;
  limit: number;
  sort_by: (typeof USER_SORT_KEYS)[number];
  sort_direction: "asc" | "desc";
  filters: Partial<Record<keyof typeof USER_FILTER_TYPES, string>>;
  conditions: FilterCondition[];
}

const select = sql`u.id, u.username, p.first_name, p.last_name, p.phone, r.name as role_name,
  r.display_name as role_label, ${status} as status, u.enabled, u.locked, u.banned, u.two_factor_enabled,
  ${allProperties} as all_properties, ${propertyCount} as property_count,
  ${isoTimestampSql(sql`u.last_login`)} as last_login, ${isoTimestampSql(sql`u.created_date`)} as created_date,
  ${isoTimestampSql(sql`u.last_modified_date`)} as last_modified_date`;
const from = sql`users u
  join roles r on r.id = u.role_id
  left join persons p on p.organization_id = u.organization_id and p.id = u.person_id
  left join lateral (select count(*)::int as n from user_properties up
    where up.organization_id = u.organization_id and up.user_id = u.id) pc on true`;

/** One page of the organization's users with their role, standing, properties and last login. */
export async function listUsers(tx: Tx, q: UserListQuery) {
  const { rows, total } = await pageOf(tx, { select, from, columns, sortKeys, tieBreaker: sql`u.id`, query: q });
  const users = rows.map(toUserRow);
  return { users, count: users.length, total_count: total, offset: q.offset, limit: q.limit };
}

export async function getUserRow(tx: Tx, id: number): Promise<UserRow | null> {
  const row = await rowOf(tx, { select, from, key: sql`u.id`, id });
  return row ? toUserRow(row) : null;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toUserRow(r: Record<string, unknown>): UserRow {
  return {
    id: Number(r.id),
    username: String(r.username),
    first_name: text(r.first_name),
    last_name: text(r.last_name),
    phone: text(r.phone),
    role: { role_name: String(r.role_name), display_name: String(r.role_label) },
    status: String(r.status),
    enabled: Boolean(r.enabled),
    locked: Boolean(r.locked),
    banned: Boolean(r.banned),
    two_factor_enabled: Boolean(r.two_factor_enabled),
    all_properties: Boolean(r.all_properties),
    property_count: Number(r.property_count),
    last_login: text(r.last_login),
    created_date: String(r.created_date),
    last_modified_date: String(r.last_modified_date),
  };
}
