import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatus,
} from "@keyholder/contracts/applications";
import type { AiResponse } from "@keyholder/contracts/assistant";
import type { Permission } from "@keyholder/contracts/permissions";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isScoped } from "../../db/client.ts";
import { inviteStatus } from "../staff/list-staff.ts";
import { whole } from "./answer-format.ts";
import { normalize, sameWord } from "./fuzzy.ts";
import type { Scope } from "./parse-question.ts";

type Rows<T> = { rows: T[] };
type Answer = Omit<AiResponse, "engine">;

/** The application status a question names ("new", "declined"), if any. */
export function applicationStatusIn(prompt: string): ApplicationStatus | undefined {
  const words = normalize(prompt).split(" ");
  return APPLICATION_STATUSES.find((s) =>
    words.some((w) => sameWord(w, s) || sameWord(w, APPLICATION_STATUS_LABELS[s].toLowerCase())),
  );
}

/** Submitted applications by status (or the one status named), of a property or all. */
export async function answerApplicants(tx: Tx, scope: Scope, named: ApplicationStatus | undefined): Promise<Answer> {
  const where: SQL[] = [sql`status <> 'draft'`];
  if (scope.property) where.push(sql`property_id = ${scope.property.id}`);
  const { rows } = (await tx.execute(sql`select status, count(*)::int as n from applications
    where ${sql.join(where, sql` and `)} group by status`)) as unknown as Rows<{
    status: ApplicationStatus;
    n: number;
  }>;
  const count = (s: ApplicationStatus) => rows.find((r) => r.status === s)?.n ?? 0;
  const total = rows.reduce((n, r) => n + r.n, 0);
  const place = scope.property ? ` for ${scope.property.name}` : "";
  const target = {
    workspace: {
      category: "Applicants",
      item: "All Applicants",
      filters: {
        ...(named ? { status: APPLICATION_STATUS_LABELS[named] } : {}),
        ...(scope.property ? { property_name: scope.property.name } : {}),
      },
    },
  };
  const links = [{ label: "Open these applicants", target }];
  if (named) {
    return {
      response: `${whole(count(named))} ${APPLICATION_STATUS_LABELS[named].toLowerCase()} ${count(named) === 1 ? "application" : "applications"}${place}, of ${whole(total)} in all.`,
      links,
    };
  }
  if (total === 0) return { response: `No applications${place} yet.`, links };
  const parts = APPLICATION_STATUSES.filter((s) => count(s) > 0).map(
    (s) => `${whole(count(s))} ${APPLICATION_STATUS_LABELS[s]}`,
  );
  return {
    response: `${whole(total)} ${total === 1 ? "application" : "applications"}${place}: ${parts.join(", ")}.`,
    links,
  };
}

/** Staff by the state of their invitation. */
export async function answerStaff(tx: Tx): Promise<Answer> {
  const { rows } = (await tx.execute(
    sql`select ${inviteStatus} as state, count(*)::int as n from staff s group by 1 order by 2 desc`,
  )) as unknown as Rows<{ state: string; n: number }>;
  const total = rows.reduce((n, r) => n + r.n, 0);
  const links = [{ label: "Open Staff", target: { workspace: { category: "Users", item: "Staff" } } }];
  if (total === 0) return { response: "You have not invited any staff yet.", links };
  return {
    response: `${whole(total)} staff ${total === 1 ? "member" : "members"}: ${rows.map((r) => `${whole(r.n)} ${r.state}`).join(", ")}.`,
    links,
  };
}

const ENTITY_WORDS: Record<string, string> = {
  property: "property",
  building: "building",
  unit: "unit",
  floor_plan: "floor plan",
  zone: "zone",
  staff: "staff member",
  user: "user",
  application: "application",
};
const ACTION_WORDS: Record<string, string> = {
  create: "added",
  update: "changed",
  delete: "deleted",
  restore: "restored",
};

/**
 * The latest changes and who made them (the audit log), limited to the kinds of records the caller
 * may read; a user who works on some properties sees changes to those properties' records only.
 */
export async function answerChanges(tx: Tx, can: (p: Permission) => boolean): Promise<Answer> {
  const kinds = [
    ...(can("records.view") ? ["property", "building", "unit", "floor_plan", "zone", "application"] : []),
    ...(can("staff.view") ? ["staff"] : []),
    ...(can("users.manage") ? ["user"] : []),
  ];
  if (kinds.length === 0) return { response: "Your role does not show the history of records." };
  const visible = isScoped(tx)
    ? sql`and (
        (al.entity = 'property' and exists (select 1 from properties x where x.id::text = al.entity_id))
        or (al.entity = 'building' and exists (select 1 from buildings x where x.id::text = al.entity_id))
        or (al.entity = 'unit' and exists (select 1 from units x where x.unit_id::text = al.entity_id))
        or (al.entity = 'floor_plan' and exists (select 1 from floor_plans x where x.id::text = al.entity_id))
        or (al.entity = 'zone' and exists (select 1 from zones x where x.id::text = al.entity_id))
        or (al.entity = 'application' and exists (select 1 from applications x where x.id::text = al.entity_id)))`
    : sql``;
  const { rows } = (await tx.execute(sql`select al.entity, al.action,
      to_char(al.changed_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at,
      coalesce(nullif(trim(concat_ws(' ', pe.first_name, pe.last_name)), ''), u.username, 'someone') as who,
      case when al.entity = 'property' then (select x.name from properties x where x.id::text = al.entity_id) end as name
    from audit_log al
    left join users u on u.organization_id = al.organization_id and u.id = al.changed_by
    left join persons pe on pe.organization_id = u.organization_id and pe.id = u.person_id
    where al.entity in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}) ${visible}
    order by al.changed_at desc, al.id desc limit 8`)) as unknown as Rows<{
    entity: string;
    action: string;
    at: string;
    who: string;
    name: string | null;
  }>;
  if (rows.length === 0) return { response: "Nothing has been changed yet." };
  const lines = rows.map(
    (r) =>
      `${r.at} UTC: ${r.who} ${ACTION_WORDS[r.action] ?? r.action} ${r.name ? `${ENTITY_WORDS[r.entity]} ${r.name}` : `a ${ENTITY_WORDS[r.entity] ?? r.entity}`}`,
  );
  return { response: `The latest changes:\n${lines.join("\n")}` };
}
