import {
  APPLICANT_FIELD_LABELS,
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
} from "@keyholder/contracts/applications";
import type { AiResponse } from "@keyholder/contracts/assistant";
import { BUILDING_FIELD_LABELS } from "@keyholder/contracts/buildings";
import { FLOOR_PLAN_FIELD_LABELS } from "@keyholder/contracts/floor-plans";
import { displayName } from "@keyholder/contracts/people";
import type { Permission } from "@keyholder/contracts/permissions";
import { PROPERTY_FIELD_LABELS } from "@keyholder/contracts/properties";
import { STAFF_FIELD_LABELS } from "@keyholder/contracts/staff";
import { UNIT_FIELD_LABELS, unitStatusText } from "@keyholder/contracts/units";
import { userFieldLabels } from "@keyholder/contracts/users";
import { ZONE_FIELD_LABELS } from "@keyholder/contracts/zones";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isScoped } from "../../db/client.ts";
import type { AuditEntity } from "../../lib/audit.ts";
import { usd } from "./answer-format.ts";

type Rows<T> = { rows: T[] };
type Answer = Omit<AiResponse, "engine">;
type Change = { from: unknown; to: unknown };

/** The records whose changes the assistant tells of: the portfolio's and its people's. */
type ChangeKind = Extract<
  AuditEntity,
  "property" | "building" | "unit" | "floor_plan" | "zone" | "staff" | "user" | "application"
>;

const ENTITY_WORDS: Record<ChangeKind, string> = {
  property: "property",
  building: "building",
  unit: "unit",
  floor_plan: "floor plan",
  zone: "zone",
  staff: "staff member",
  user: "user",
  application: "application of",
};
/** As the History dialog names what was done. */
const ACTION_WORDS: Record<string, string> = {
  create: "added",
  update: "edited",
  delete: "deleted",
  restore: "restored",
};
/** The labels the History dialog gives each record's fields (the grids' column names). */
const LABELS: Record<ChangeKind, Record<string, string>> = {
  property: PROPERTY_FIELD_LABELS,
  building: BUILDING_FIELD_LABELS,
  unit: UNIT_FIELD_LABELS,
  floor_plan: FLOOR_PLAN_FIELD_LABELS,
  zone: ZONE_FIELD_LABELS,
  staff: STAFF_FIELD_LABELS,
  user: userFieldLabels,
  application: APPLICANT_FIELD_LABELS,
};
/** The field of each record that names it, as a change stored it (for a record since deleted). */
const NAME_FIELDS: Record<ChangeKind, string[]> = {
  property: ["name"],
  building: ["name"],
  unit: ["unit_number"],
  floor_plan: ["plan_name"],
  zone: ["name"],
  staff: ["name", "email"],
  user: ["username"],
  application: ["full_name"],
};
/** Fields that hold another record's id, shown by that record's name. */
const LINKS: Record<string, "property" | "building" | "floor_plan" | "zone"> = {
  property_id: "property",
  building_id: "building",
  floor_plan_id: "floor_plan",
  zone_id: "zone",
};
/** Fields shown per change; the rest are counted. */
const FIELDS_SHOWN = 4;
const LONGEST_VALUE = 40;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BIGINT = /^\d{1,18}$/;

type Named = { name: string; property?: string | null };
type Names = Map<string, Named>;
const keyOf = (entity: string, id: unknown) => `${entity}:${String(id)}`;

/**
 * The current names of the records a list of changes mentions (the changed records and those their
 * fields point at), one small query per kind, read under the caller's policies: a record the caller
 * cannot see, or one since deleted, has none here and is named from the change itself.
 */
async function namesOf(tx: Tx, ids: Map<AuditEntity, Set<string>>): Promise<Names> {
  const queries: SQL[] = [];
  /** The ids of one kind, checked for their form and cast as the key's type, so its index serves. */
  const add = (entity: AuditEntity, uuid: boolean, query: (ids: SQL) => SQL) => {
    const valid = [...(ids.get(entity) ?? [])].filter((id) => (uuid ? UUID : BIGINT).test(id));
    if (valid.length === 0) return;
    queries.push(
      query(
        sql.join(
          valid.map((id) => (uuid ? sql`${id}::uuid` : sql`${id}::bigint`)),
          sql`, `,
        ),
      ),
    );
  };
  add(
    "property",
    true,
    (x) => sql`select 'property' as entity, id::text as id, name, null as property
    from properties where id in (${x})`,
  );
  add(
    "building",
    false,
    (x) => sql`select 'building', id::text, name, property_name from buildings where id in (${x})`,
  );
  add(
    "unit",
    false,
    (x) => sql`select 'unit', unit_id::text, unit_number, property_name from units where unit_id in (${x})`,
  );
  add(
    "floor_plan",
    false,
    (x) => sql`select 'floor_plan', fp.id::text, fp.plan_name, p.name from floor_plans fp
    left join properties p on p.organization_id = fp.organization_id and p.id = fp.property_id where fp.id in (${x})`,
  );
  add("zone", false, (x) => sql`select 'zone', id::text, name, property_name from zones where id in (${x})`);
  add(
    "application",
    true,
    (x) => sql`select 'application', id::text, full_name, property_name from applications
    where id in (${x})`,
  );
  add(
    "staff",
    true,
    (x) => sql`select 'staff', id::text, coalesce(nullif(name, ''), email), null from staff
    where id in (${x})`,
  );
  add("user", false, (x) => sql`select 'user', id::text, username, null from users where id in (${x})`);
  const names: Names = new Map();
  if (queries.length === 0) return names;
  const { rows } = (await tx.execute(sql.join(queries, sql` union all `))) as unknown as Rows<{
    entity: string;
    id: string;
    name: string | null;
    property: string | null;
  }>;
  for (const r of rows) if (r.name) names.set(keyOf(r.entity, r.id), { name: r.name, property: r.property });
  return names;
}

/** A stored value as the History dialog would show it, kept short. */
function shown(entity: AuditEntity, field: string, value: unknown, names: Names) {
  if (value === null || value === undefined || value === "") return "(empty)";
  const link = LINKS[field];
  if (link) return names.get(keyOf(link, value))?.name ?? `#${String(value)}`;
  if (entity === "unit" && field === "occupied") return unitStatusText(value === true);
  if (field === "active" || field === "is_active") return value === true ? "Active" : "Inactive";
  if (entity === "application" && field === "status")
    return APPLICATION_STATUS_LABELS[value as ApplicationStatus] ?? String(value);
  if (field === "base_rent_estimate" && Number.isFinite(Number(value))) return usd(Number(value));
  if (typeof value === "boolean") return value ? "Yes" : "No";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE - 1)}…` : text;
}

/** "Two factor enabled" for a field no grid labels. */
const humanized = (field: string) => field.charAt(0).toUpperCase() + field.slice(1).replaceAll("_", " ");

interface ChangeRow {
  entity: ChangeKind;
  entity_id: string;
  action: string;
  changes: Record<string, Change> | string;
  at: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
}

/** "building Harbor Annex at Maple Court", named now or as the change left it. */
function recordText(r: ChangeRow, changes: Record<string, Change>, names: Names) {
  const now = names.get(keyOf(r.entity, r.entity_id));
  const stored = NAME_FIELDS[r.entity]
    .map((f) => changes[f]?.to ?? changes[f]?.from)
    .find((v) => v !== null && v !== undefined && v !== "");
  const name = now?.name ?? (stored === undefined ? undefined : String(stored));
  const propertyId = changes.property_id?.to ?? changes.property_id?.from;
  const property =
    r.entity === "property"
      ? null
      : (now?.property ?? (propertyId ? names.get(keyOf("property", propertyId))?.name : undefined));
  const word = ENTITY_WORDS[r.entity] ?? r.entity;
  if (!name) return `a ${word.replace(/ of$/, "")}`;
  return `${word} ${name}${property ? ` ${r.entity === "application" ? "for" : "at"} ${property}` : ""}`;
}

/**
 * The latest changes, as the History dialog shows them: who, when, what was done to which record,
 * and for an edit each field from and to, labelled as the record's grid labels it. Limited to the
 * kinds of records the caller may read; a user who works on some properties sees changes to those
 * properties' records only.
 */
export async function answerChanges(tx: Tx, can: (p: Permission) => boolean): Promise<Answer> {
  const records: ChangeKind[] = ["property", "building", "unit", "floor_plan", "zone", "application"];
  const kinds: ChangeKind[] = [
    ...(can("records.view") ? records : []),
    ...(can("staff.view") ? (["staff"] as const) : []),
    ...(can("users.manage") ? (["user"] as const) : []),
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
  const { rows } = (await tx.execute(sql`select al.entity, al.entity_id, al.action, al.changes,
      to_char(al.changed_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at,
      u.username, pe.first_name, pe.last_name, pe.preferred_name
    from audit_log al
    left join users u on u.organization_id = al.organization_id and u.id = al.changed_by
    left join persons pe on pe.organization_id = u.organization_id and pe.id = u.person_id
    where al.entity in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}) ${visible}
    order by al.changed_at desc, al.id desc limit 8`)) as unknown as Rows<ChangeRow>;
  if (rows.length === 0) return { response: "Nothing has been changed yet." };

  const parsed = rows.map((r) => ({
    row: r,
    changes: (typeof r.changes === "string" ? JSON.parse(r.changes) : r.changes) as Record<string, Change>,
  }));
  const ids = new Map<AuditEntity, Set<string>>();
  const want = (entity: AuditEntity, id: unknown) => {
    if (id === null || id === undefined || id === "") return;
    const set = ids.get(entity) ?? new Set<string>();
    set.add(String(id));
    ids.set(entity, set);
  };
  for (const { row, changes } of parsed) {
    want(row.entity, row.entity_id);
    for (const [field, change] of Object.entries(changes)) {
      const link = LINKS[field];
      if (link) for (const v of [change.from, change.to]) want(link, v);
    }
  }
  const names = await namesOf(tx, ids);

  const lines = parsed.map(({ row: r, changes }) => {
    const who =
      displayName(
        r.first_name === null
          ? null
          : { first_name: r.first_name, last_name: r.last_name ?? "", preferred_name: r.preferred_name },
      ) ||
      r.username ||
      "someone";
    const head = `${r.at} UTC: ${who} ${ACTION_WORDS[r.action] ?? r.action} ${recordText(r, changes, names)}`;
    if (r.action !== "update") return head;
    const fields = Object.entries(changes).map(
      ([field, c]) =>
        `${LABELS[r.entity]?.[field] ?? humanized(field)}: ${shown(r.entity, field, c.from, names)} → ${shown(r.entity, field, c.to, names)}`,
    );
    const more = fields.length - FIELDS_SHOWN;
    return fields.length
      ? `${head}: ${fields.slice(0, FIELDS_SHOWN).join("; ")}${more > 0 ? `; and ${more} more` : ""}`
      : head;
  });
  return { response: `The latest changes:\n${lines.join("\n")}` };
}
