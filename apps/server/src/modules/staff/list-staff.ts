import type { FilterCondition } from "@keyholder/contracts/list-query";
import {
  INVITE_STATUSES,
  STAFF_COLUMNS,
  type STAFF_FILTER_TYPES,
  type STAFF_SORT_KEYS,
  STAFF_STATUSES,
  type StaffRow,
} from "@keyholder/contracts/staff";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { flagColumn, isoTimestampSql, listSql, nullableNumber, pageOf, rowOf } from "../../lib/list-sql.ts";
import { imageUrl } from "../images/store-image.ts";
import { toStaffRecord } from "./staff-record.ts";

// Spec records 3.7: the name falls back to the account's person.
const name = sql`coalesce(nullif(s.name, ''), nullif(trim(concat_ws(' ', pe.first_name, pe.last_name)), ''))`;

// The invitation's standing, each text with the condition that shows it, so a filter on the text
// becomes that condition.
const inviteStatuses = {
  [INVITE_STATUSES.active]: sql`(s.accepted_invite and s.approved_invite)`,
  [INVITE_STATUSES.pendingApproval]: sql`(s.accepted_invite and not s.approved_invite)`,
  [INVITE_STATUSES.expired]: sql`(not s.accepted_invite and s.invite_expires_at < now())`,
  [INVITE_STATUSES.pendingAcceptance]: sql`(not s.accepted_invite and (s.invite_expires_at is null or s.invite_expires_at >= now()))`,
};
export const inviteStatus = sql`(case
  when s.accepted_invite and s.approved_invite then ${INVITE_STATUSES.active}
  when s.accepted_invite then ${INVITE_STATUSES.pendingApproval}
  when s.invite_expires_at < now() then ${INVITE_STATUSES.expired}
  else ${INVITE_STATUSES.pendingAcceptance} end)`;

// What the staff member waits for, if anything (decision 025): the Status column never reads
// "Active" beside an unanswered invitation or a pending approval.
const pending = {
  sent: sql`(not s.accepted_invite and (s.invite_expires_at is null or s.invite_expires_at >= now()))`,
  expired: sql`(not s.accepted_invite and s.invite_expires_at < now())`,
  approval: sql`(s.accepted_invite and not s.approved_invite)`,
};
const staffStatuses = {
  [STAFF_STATUSES.inactive]: sql`(not s.is_active)`,
  [STAFF_STATUSES.invitationSent]: sql`(s.is_active and ${pending.sent})`,
  [STAFF_STATUSES.invitationExpired]: sql`(s.is_active and ${pending.expired})`,
  [STAFF_STATUSES.awaitingApproval]: sql`(s.is_active and ${pending.approval})`,
  [STAFF_STATUSES.active]: sql`(s.is_active and s.accepted_invite and s.approved_invite)`,
};
export const staffStatus = sql`(case
  when not s.is_active then ${STAFF_STATUSES.inactive}
  when ${pending.approval} then ${STAFF_STATUSES.awaitingApproval}
  when s.accepted_invite then ${STAFF_STATUSES.active}
  when s.invite_expires_at < now() then ${STAFF_STATUSES.invitationExpired}
  else ${STAFF_STATUSES.invitationSent} end)`;

const { columns, sortKeys } = listSql(STAFF_COLUMNS, {
  name: { expr: name, nullable: true },
  email: { expr: sql`s.email` },
  job_title: { expr: sql`s.job_title`, nullable: true },
  department: { expr: sql`s.department`, nullable: true },
  phone: { expr: sql`s.phone`, nullable: true },
  status: { expr: staffStatus, choices: staffStatuses },
  invite_status: { expr: inviteStatus, choices: inviteStatuses },
  approved: flagColumn(sql`s.approved_invite`, { yes: "Yes", no: "No" }),
  is_public_contact: flagColumn(sql`s.is_public_contact`, { yes: "Yes", no: "No" }),
  display_order: { expr: sql`s.display_order`, integer: true },
  bio: { expr: sql`s.bio`, nullable: true },
  user_name: { expr: sql`u.username`, nullable: true },
  role_name: { expr: sql`r.display_name`, nullable: true },
  invite_expires_at: { expr: sql`s.invite_expires_at`, nullable: true },
  new_link_requested_at: { expr: sql`s.new_link_requested_at`, nullable: true },
  created_date: { expr: sql`s.created_date` },
  last_modified_date: { expr: sql`s.last_modified_date` },
});

export interface StaffListQuery {
  offset: number;
  limit: number;
  sort_by: (typeof STAFF_SORT_KEYS)[number];
  sort_direction: "asc" | "desc";
  filters: Partial<Record<keyof typeof STAFF_FILTER_TYPES, string>>;
  conditions: FilterCondition[];
}

const select = sql`s.id, s.email, s.name, s.job_title, s.phone, s.department, s.bio, s.is_public_contact,
  s.display_order, s.is_active, s.user_id, s.accepted_invite, s.approved_invite, s.approved_by,
  s.invite_expires_at, s.new_link_requested_at, ${staffStatus} as status, ${inviteStatus} as invite_status,
  u.username as user_name, pe.first_name as person_first_name, pe.last_name as person_last_name,
  r.display_name as role_name,
  coalesce((select i.public_id from profile_pictures pp
     join images i on i.organization_id = pp.organization_id and i.id = pp.image_id
     where pp.organization_id = s.organization_id and pp.user_id = s.user_id and pp.is_default
     order by pp.image_id desc limit 1),
    (select i.public_id from images i where i.organization_id = s.organization_id and i.id = s.profile_image_id))
    as image_public_id,
  s.created_by, ${isoTimestampSql(sql`s.created_date`)} as created_date,
  s.last_modified_by, ${isoTimestampSql(sql`s.last_modified_date`)} as last_modified_date`;
const from = sql`staff s
  left join users u on u.organization_id = s.organization_id and u.id = s.user_id
  left join persons pe on pe.organization_id = u.organization_id and pe.id = u.person_id
  left join roles r on r.id = u.role_id`;

/** One page of the staff grid, sorted and filtered on the server over every row of the organization. */
export async function listStaff(tx: Tx, q: StaffListQuery) {
  const { rows, total } = await pageOf(tx, {
    select,
    from,
    columns,
    sortKeys,
    tieBreaker: sql`s.id`,
    tieType: "uuid",
    query: q,
  });
  const staff = rows.map(toStaffRow);
  return { staff, count: staff.length, total_count: total, offset: q.offset, limit: q.limit };
}

/** One staff member as the grid shows it, or null. */
export async function getStaffRow(tx: Tx, id: string): Promise<StaffRow | null> {
  const row = await rowOf(tx, { select, from, key: sql`s.id`, id });
  return row ? toStaffRow(row) : null;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toStaffRow(r: Record<string, unknown>): StaffRow {
  return {
    ...toStaffRecord(r as Parameters<typeof toStaffRecord>[0]),
    status: String(r.status),
    invite_status: String(r.invite_status),
    user_name: text(r.user_name),
    person_first_name: text(r.person_first_name),
    person_last_name: text(r.person_last_name),
    role_name: text(r.role_name),
    profile_image_url: r.image_public_id == null ? null : imageUrl(String(r.image_public_id)),
    created_by: nullableNumber(r.created_by),
    created_date: String(r.created_date),
    last_modified_by: nullableNumber(r.last_modified_by),
    last_modified_date: String(r.last_modified_date),
  };
}
