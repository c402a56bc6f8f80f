import { MAINTENANCE_CATEGORIES, PRIORITY_DUE_DAYS } from "@keyholder/contracts/maintenance";
import { rolesWith } from "@keyholder/contracts/permissions";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/** Requests per unit over the past year: 3,000,000 for the 1,000,000-unit seed (issue 28). */
export const REQUESTS_PER_UNIT = 3;

/** What residents report, by category: the grid's title and the resident's own words. */
const TITLES: Record<(typeof MAINTENANCE_CATEGORIES)[number], [title: string, description: string][]> = {
  plumbing: [
    ["Kitchen sink leaks", "Water drips from the pipe under the kitchen sink; a bowl is catching it for now."],
    ["Toilet runs constantly", "The toilet keeps running after every flush unless I jiggle the handle."],
    ["No hot water", "Only cold water from every tap since this morning."],
    ["Shower drain clogged", "The shower drains very slowly and water stands in the tub."],
    ["Low water pressure", "Very little pressure in the bathroom sink and the shower."],
  ],
  electrical: [
    ["Outlet not working", "The outlet by the living room window has no power; the others work."],
    ["Breaker keeps tripping", "The kitchen breaker trips whenever the microwave and kettle run together."],
    ["Light fixture flickers", "The hallway ceiling light flickers and buzzes."],
    ["Smoke detector chirping", "The bedroom smoke detector chirps every minute or so."],
  ],
  hvac: [
    ["No heat", "The heat does not come on; the thermostat is set to 70 and it is 58 inside."],
    ["AC blowing warm air", "The air conditioning runs but the air from the vents is warm."],
    ["Thermostat unresponsive", "The thermostat screen is blank and does not respond."],
    ["Furnace making noise", "The furnace bangs loudly when it starts up."],
  ],
  appliance: [
    ["Dishwasher will not drain", "Dirty water stays at the bottom of the dishwasher after a cycle."],
    ["Refrigerator not cooling", "The fridge is warm; the freezer still works."],
    ["Oven does not heat", "The oven turns on but never gets hot; the stovetop works."],
    ["Washer leaks", "Water pools on the floor under the washer during the spin cycle."],
  ],
  pest: [
    ["Ants in the kitchen", "A trail of small ants along the counter and under the sink."],
    ["Mice in the walls", "Scratching in the walls at night and droppings in the pantry."],
    ["Roaches under the sink", "Seen several roaches in the cabinet under the kitchen sink."],
  ],
  locks: [
    ["Front door lock sticks", "The key turns only after several tries; the lock is getting worse."],
    ["Lost key fob", "Lost my building key fob; please deactivate it and issue a new one."],
    ["Mailbox lock broken", "The mailbox lock spins and will not open."],
  ],
  grounds: [
    ["Sprinkler broken", "A sprinkler head by the walkway is broken and sprays onto the path."],
    ["Tree limb down", "A large limb fell across the path behind the building."],
    ["Parking lot light out", "The light over the back row of the parking lot is out."],
    ["Gate will not close", "The side gate does not latch and swings open."],
  ],
  other: [
    ["Window will not open", "The bedroom window is stuck shut."],
    ["Cabinet door fell off", "A kitchen cabinet door came off its hinge."],
    ["Ceiling stain", "A brown stain on the bathroom ceiling is getting bigger."],
    ["Carpet stain by the door", "A stain on the carpet inside the front door from a leak last week."],
  ],
};

/**
 * The status each demo request ends in and the steps of its history after New, along the
 * transition table (an assignment takes a new request straight to Assigned or Scheduled).
 */
const PATHS: Record<string, string[]> = {
  new: [],
  triaged: ["triaged"],
  assigned: ["assigned"],
  scheduled: ["scheduled"],
  in_progress: ["scheduled", "in_progress"],
  on_hold: ["triaged", "on_hold"],
  completed: ["assigned", "in_progress", "completed"],
  canceled: ["canceled"],
};

const arrayOf = (values: readonly string[]) => `{${values.map((v) => `"${v.replaceAll('"', '\\"')}"`).join(",")}}`;

/**
 * Maintenance requests on the organization's units (issue 28 item 9), set-based: a year of them,
 * most old ones completed, the last month in every status, emergencies to low, reported through
 * the resident portal or by phone by the unit's current tenant, recorded, assigned to staff who
 * work requests and booked; each with its history. Deterministic from the seed (a hash per unit and
 * request, not a random stream), so the rest of the demo stays as it was.
 */
export async function generateMaintenance(
  tx: Tx,
  o: { orgId: string; adminUserId: number; seed: number },
  perUnit = REQUESTS_PER_UNIT,
): Promise<number> {
  const categories = [...MAINTENANCE_CATEGORIES];
  const workers = rolesWith("maintenance.edit");
  const titleCats = categories.flatMap((c, i) => TITLES[c].map(() => i + 1));
  const titleTexts = categories.flatMap((c) => TITLES[c].map(([title]) => title));
  const descriptions = categories.flatMap((c) => TITLES[c].map(([, description]) => description));
  const [before] = (
    (await tx.execute(
      sql`select coalesce((select last_no from maintenance_request_numbers where organization_id = ${o.orgId}), 0)::bigint as n`,
    )) as unknown as { rows: { n: string | number }[] }
  ).rows;
  const firstNo = Number(before?.n ?? 0);
  const { rows } = (await tx.execute(sql`
    with workers as (
      select coalesce(array_agg(u.id order by u.id), '{}') as ids from users u join roles ro on ro.id = u.role_id
      where u.organization_id = ${o.orgId} and ro.name in (${sql.join(
        workers.map((w) => sql`${w}`),
        sql`, `,
      )})
    ),
    org as (select time_zone as tz from organizations where id = ${o.orgId}),
    titles as (
      select t.cat, t.title, t.description, row_number() over (partition by t.cat order by t.ord) as n,
        count(*) over (partition by t.cat) as cnt
      from unnest(${`{${titleCats.join(",")}}`}::int[], ${arrayOf(titleTexts)}::text[], ${arrayOf(descriptions)}::text[])
        with ordinality as t(cat, title, description, ord)
    ),
    src as (
      select u.property_id, u.building_id, u.unit_id, k,
        abs(hashtext(${String(o.seed)} || ':' || u.unit_id || ':' || k)::bigint) as h
      from units u cross join generate_series(1, ${perUnit}) k
      where u.organization_id = ${o.orgId}
    ),
    drawn as (
      select s.*, (s.h % 365)::int as age, ((s.h / 7) % ${categories.length})::int + 1 as cat,
        case when (s.h / 61) % 20 = 0 then 'emergency' when (s.h / 61) % 20 < 5 then 'urgent'
          when (s.h / 61) % 20 < 17 then 'normal' else 'low' end as priority,
        ((s.h / 1301) % 100)::int as st, ((s.h / 13) % 20)::int as ch
      from src s
    ),
    placed as (
      select d.*, now() - make_interval(days => d.age, secs => (d.h % 86400)::int) as made,
        case
          when d.age > 30 then case when d.st < 90 then 'completed' when d.st < 96 then 'canceled' else 'on_hold' end
          else (array['new','new','triaged','triaged','assigned','assigned','scheduled','scheduled','in_progress',
            'in_progress','on_hold','completed','completed','completed','canceled'])[1 + d.st % 15]
        end as status,
        (select lu.lease_id from lease_units lu join leases l on l.organization_id = lu.organization_id and l.id = lu.lease_id
          where lu.organization_id = ${o.orgId} and lu.unit_id = d.unit_id and l.status in ('active', 'notice')
          order by lu.starts_on desc limit 1) as lease_id
      from drawn d
    ),
    picked as (
      select p.*, (select lp.tenant_id from lease_parties lp where lp.organization_id = ${o.orgId}
          and lp.lease_id = p.lease_id and lp.role = 'primary') as tenant_id,
        case when p.lease_id is null then (case when p.ch < 10 then 'inspection' else 'internal' end)
          when p.ch < 8 then 'resident_portal' when p.ch < 14 then 'phone' when p.ch < 17 then 'email'
          when p.ch < 18 then 'walk_in' else 'inspection' end as channel,
        (select ids from workers) as worker_ids,
        said.title, said.description
      from placed p
      cross join lateral (select t.title, t.description from titles t
        where t.cat = p.cat and t.n = 1 + (p.h / 29) % t.cnt) said
    )
    insert into maintenance_requests (organization_id, request_no, property_id, building_id, unit_id, category,
      priority, title, description, permission_to_enter, pets_present, channel, recorded_by, lease_id, tenant_id, status,
      due_on, completed_at, assigned_user_id, scheduled_start, created_by, created_date, last_modified_by,
      last_modified_date)
    select ${o.orgId}, ${firstNo}::bigint + row_number() over (order by r.made, r.unit_id, r.k),
      r.property_id, r.building_id, r.unit_id, (${`{${categories.join(",")}}`}::text[])[r.cat], r.priority,
      r.title,
      -- Residents describe what they see; staff recording an inspection often leave it at the title.
      case when r.channel in ('inspection', 'internal') and r.h % 2 = 0 then null else r.description end,
      r.h % 3 > 0, r.h % 5 = 0,
      r.channel, case when r.channel = 'resident_portal' then null else ${o.adminUserId}::int end,
      case when r.channel in ('inspection', 'internal') then null else r.lease_id end,
      case when r.channel in ('inspection', 'internal') then null else r.tenant_id end,
      r.status,
      ((r.made at time zone org.tz)::date + case r.priority when 'emergency' then ${PRIORITY_DUE_DAYS.emergency}::int
        when 'urgent' then ${PRIORITY_DUE_DAYS.urgent}::int when 'normal' then ${PRIORITY_DUE_DAYS.normal}::int
        else ${PRIORITY_DUE_DAYS.low}::int end),
      case when r.status = 'completed' then least(now(), r.made + make_interval(days => 1 + (r.h % 5)::int)) end,
      case when r.status in ('assigned', 'scheduled', 'in_progress', 'completed') and cardinality(r.worker_ids) > 0
        then r.worker_ids[1 + (r.h / 17) % cardinality(r.worker_ids)] end,
      case when r.status in ('scheduled', 'in_progress')
        then (((r.made at time zone org.tz)::date + 2 + (r.h % 3)::int) + make_interval(hours => 8 + ((r.h / 3) % 4)::int * 2))
          at time zone org.tz end,
      ${o.adminUserId}::int, r.made, ${o.adminUserId}::int, r.made
    from picked r cross join org
    returning 1`)) as unknown as { rows: unknown[] };
  // Statuses that need someone fall back to Triaged where the organization has nobody who works requests.
  await tx.execute(sql`update maintenance_requests set status = 'triaged', scheduled_start = null
    where organization_id = ${o.orgId} and request_no > ${firstNo} and assigned_user_id is null
      and status in ('assigned', 'scheduled', 'in_progress')`);
  await tx.execute(sql`
    insert into maintenance_request_numbers (organization_id, last_no) values (${o.orgId}, ${firstNo + rows.length})
    on conflict (organization_id) do update set last_no = excluded.last_no`);
  // The history: the creation, then each step of the status's path, hours apart (the last one at
  // the completion), by the recorder or, for the work itself, by the assignee.
  const steps = Object.entries(PATHS).flatMap(([status, path]) =>
    path.map((to, i) => ({ status, step: i + 1, from: i === 0 ? "new" : path[i - 1], to })),
  );
  // The history reads newest id first, so each step is inserted after the one before it: one
  // statement per step (a join's output order is the planner's, not the path's).
  const eventColumns = sql`organization_id, request_id, from_status, to_status, changed_by, changed_at,
    assigned_from, assigned_to, changed_by_name`;
  await tx.execute(sql`
    insert into maintenance_request_events (${eventColumns})
    select r.organization_id, r.id, null, 'new', r.recorded_by, r.created_date, null, null,
      -- A resident's own report is theirs in the history (the portal's create-request does the same).
      case when r.channel = 'resident_portal' then (select t.name from tenants t
        where t.organization_id = r.organization_id and t.id = r.tenant_id) end
    from maintenance_requests r where r.organization_id = ${o.orgId} and r.request_no > ${firstNo}`);
  const longest = Math.max(...Object.values(PATHS).map((path) => path.length));
  for (let step = 1; step <= longest; step++) {
    const here = steps.filter((s) => s.step === step);
    await tx.execute(sql`
      insert into maintenance_request_events (${eventColumns})
      select r.organization_id, r.id, s.from_status, s.to_status,
        case when s.to_status in ('in_progress', 'completed') then r.assigned_user_id else ${o.adminUserId}::int end,
        case when s.to_status = 'completed' then r.completed_at
          else least(now(), r.created_date + make_interval(hours => 3 * ${step}::int)) end,
        case when s.to_status in ('assigned', 'scheduled') and ${step}::int = 1 then 'Unassigned' end,
        case when s.to_status in ('assigned', 'scheduled') and ${step}::int = 1 then
          (select coalesce(nullif(trim(pe.first_name || ' ' || pe.last_name), ''), u.username) from users u
            left join persons pe on pe.organization_id = u.organization_id and pe.id = u.person_id
            where u.organization_id = r.organization_id and u.id = r.assigned_user_id) end,
        null
      from maintenance_requests r
      join (select * from unnest(${`{${here.map((s) => s.status).join(",")}}`}::text[],
        ${`{${here.map((s) => s.from).join(",")}}`}::text[], ${`{${here.map((s) => s.to).join(",")}}`}::text[])
        as t(status, from_status, to_status)) s on s.status = r.status
      where r.organization_id = ${o.orgId} and r.request_no > ${firstNo}`);
  }
  return rows.length;
}
