import {
  APPLICANT_COLUMNS,
  type APPLICANT_FILTER_TYPES,
  type APPLICANT_SORT_KEYS,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicantRow,
  type ApplicationStatus,
  applicationReference,
} from "@keyholder/contracts/applications";
import type { FilterCondition } from "@keyholder/contracts/list-query";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isoTimestampSql, listSql, nullableNumber, pageOf, rowOf } from "../../lib/list-sql.ts";

// The status as the grid shows it ("Reviewing"), each label with the condition that shows it.
const statusLabel = sql`(case ap.status ${sql.join(
  APPLICATION_STATUSES.map((s) => sql`when ${s} then ${APPLICATION_STATUS_LABELS[s]}`),
  sql` `,
)} end)`;
const statusChoices = Object.fromEntries(
  APPLICATION_STATUSES.map((s) => [APPLICATION_STATUS_LABELS[s], sql`ap.status = ${s}`]),
);

// Another submitted application from the same email to the same property (applications_property_email_idx).
const duplicate = sql`exists (select 1 from applications d
  where d.organization_id = ap.organization_id and d.property_id = ap.property_id and d.email = ap.email
    and d.id <> ap.id and d.status <> 'draft')`;

const { columns, sortKeys } = listSql(APPLICANT_COLUMNS, {
  full_name: { expr: sql`ap.full_name` },
  email: { expr: sql`ap.email` },
  phone: { expr: sql`ap.phone` },
  status: { expr: statusLabel, choices: statusChoices },
  duplicate: {
    expr: sql`(case when ${duplicate} then 'Yes' else 'No' end)`,
    choices: { Yes: duplicate, No: sql`not ${duplicate}` },
  },
  property_name: { expr: sql`ap.property_name` },
  floor_plan_name: { expr: sql`ap.floor_plan_name`, nullable: true },
  unit_number: { expr: sql`ap.unit_number`, nullable: true },
  move_in_date: { expr: sql`ap.move_in_date`, nullable: true },
  submitted_at: { expr: sql`ap.submitted_at` },
  reference: { expr: sql`upper(left(ap.id::text, 8))` },
  message: { expr: sql`ap.message`, nullable: true },
  status_note: { expr: sql`ap.status_note`, nullable: true },
  last_modified_date: { expr: sql`ap.last_modified_date` },
});

export interface ApplicantListQuery {
  offset: number;
  limit: number;
  sort_by: (typeof APPLICANT_SORT_KEYS)[number];
  sort_direction: "asc" | "desc";
  filters: Partial<Record<keyof typeof APPLICANT_FILTER_TYPES, string>>;
  conditions: FilterCondition[];
}

const select = sql`ap.id, ap.full_name, ap.email, ap.phone, ap.status, ap.status_note, ${duplicate} as duplicate,
  ap.property_id, ap.property_name, ap.floor_plan_name, ap.unit_number, ap.move_in_date::text as move_in_date, ap.message,
  ${isoTimestampSql(sql`ap.submitted_at`)} as submitted_at, ap.last_modified_by,
  ${isoTimestampSql(sql`ap.last_modified_date`)} as last_modified_date`;
// Drafts are the applicant's until submitted: the organization never sees them.
const from = sql`(select * from applications where status <> 'draft') ap`;

/** A page of the organization's applicants (of the properties the user works on), newest first by default. */
export async function listApplicants(tx: Tx, q: ApplicantListQuery) {
  const { rows, total } = await pageOf(tx, {
    select,
    from,
    columns,
    sortKeys,
    tieBreaker: sql`ap.id`,
    tieType: "uuid",
    query: q,
  });
  const applicants = rows.map(toApplicantRow);
  return { applicants, count: applicants.length, total_count: total, offset: q.offset, limit: q.limit };
}

export async function getApplicantRow(tx: Tx, id: string): Promise<ApplicantRow | null> {
  const row = await rowOf(tx, { select, from, key: sql`ap.id`, id });
  return row ? toApplicantRow(row) : null;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toApplicantRow(r: Record<string, unknown>): ApplicantRow {
  const id = String(r.id);
  return {
    id,
    reference: applicationReference(id),
    full_name: String(r.full_name),
    email: String(r.email),
    phone: String(r.phone),
    status: String(r.status) as ApplicationStatus,
    status_note: text(r.status_note),
    duplicate: r.duplicate === true,
    property_id: String(r.property_id),
    property_name: String(r.property_name),
    floor_plan_name: text(r.floor_plan_name),
    unit_number: text(r.unit_number),
    move_in_date: text(r.move_in_date),
    message: text(r.message),
    submitted_at: String(r.submitted_at),
    last_modified_by: nullableNumber(r.last_modified_by),
    last_modified_date: String(r.last_modified_date),
  };
}
