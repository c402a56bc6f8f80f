import { APPLICATION_STATUSES } from "@keyholder/contracts/applications";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { firstNames, lastNames } from "./names.ts";
import { createRandom } from "./random.ts";

/** Listed properties that get applicants, and at most this many each. */
const PROPERTIES_WITH_APPLICANTS = 40;
const MAX_PER_PROPERTY = 4;

/**
 * A few applications to the organization's listed properties, as home seekers would have sent them
 * over the last weeks (most New or Reviewing, a few decided), one applicant applying twice to the
 * same property, so Applicants > All Applicants has something to show. From a random stream of its
 * own: the rest of the demo stays as it was.
 */
export async function generateApplications(tx: Tx, o: { orgId: string; seed: number; today: number }) {
  const rnd = createRandom(o.seed + 14);
  const { rows } = (await tx.execute(sql`select p.id, p.name,
      (select fp.id from floor_plans fp where fp.organization_id = p.organization_id and fp.property_id = p.id
        and fp.active order by fp.id limit 1) as plan_id,
      (select fp.plan_name from floor_plans fp where fp.organization_id = p.organization_id and fp.property_id = p.id
        and fp.active order by fp.id limit 1) as plan_name
    from properties p where p.organization_id = ${o.orgId} and p.show_property_online and p.property_slug is not null
    order by p.created_date desc, p.id limit ${PROPERTIES_WITH_APPLICANTS}`)) as unknown as {
    rows: { id: string; name: string; plan_id: number | null; plan_name: string | null }[];
  };
  const statuses = [...APPLICATION_STATUSES, "new", "new", "reviewing"] as const;
  const values: {
    property: (typeof rows)[number];
    fullName: string;
    email: string;
    phone: string;
    status: string;
    submitted: string;
    moveIn: string;
  }[] = [];
  for (const p of rows) {
    for (let n = rnd.int(0, MAX_PER_PROPERTY); n > 0; n--) {
      const first = rnd.pick(firstNames);
      const last = rnd.pick(lastNames);
      const submitted = o.today - rnd.int(1, 60) * 86_400_000 - rnd.int(0, 86_399) * 1000;
      values.push({
        property: p,
        fullName: `${first} ${last}`,
        email: `${first}.${last}.${rnd.int(10, 999)}@example.com`.toLowerCase(),
        phone: `(${rnd.int(201, 989)}) ${rnd.int(200, 999)}-${rnd.int(1000, 9999)}`,
        status: rnd.pick(statuses),
        submitted: new Date(submitted).toISOString(),
        moveIn: new Date(submitted + rnd.int(20, 90) * 86_400_000).toISOString().slice(0, 10),
      });
    }
  }
  // Someone applies twice to the same property (the grid flags it).
  const again = values.findIndex((v, i) => i > 0 && v.property.id === values[i - 1]?.property.id);
  const twice = values[again];
  const first = values[again - 1];
  if (twice && first) values[again] = { ...twice, fullName: first.fullName, email: first.email, phone: first.phone };
  for (const v of values) {
    await tx.execute(sql`insert into applications (organization_id, property_id, property_name, floor_plan_id,
        floor_plan_name, full_name, email, phone, move_in_date, status, submitted_at, created_date, last_modified_date)
      values (${o.orgId}, ${v.property.id}, ${v.property.name}, ${v.property.plan_id}, ${v.property.plan_name},
        ${v.fullName}, ${v.email}, ${v.phone}, ${v.moveIn}, ${v.status}, ${v.submitted}, ${v.submitted}, ${v.submitted})`);
  }
  return values.length;
}
