import { type AiResponse, aiResponseSchema } from "@keyholder/contracts/assistant";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
export const whole = (n: number) => n.toLocaleString("en-US");
export const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;
export const rate = (occupied: number, total: number) => `${((occupied / total) * 100).toFixed(1)}%`;

/**
 * A demo organization and the test's own figures about it, each read by the test's own query on
 * the seeded rows (never by the assistant's code), for the prompt tables.
 */
export async function assistantFixture(t: TestApp) {
  const org = await signedInOrganization(t, "Prompt Table Homes", { scale: 800, seed: 31 });
  const one = async <T>(query: ReturnType<typeof sql>) =>
    asSystem(t.db, async (tx) => rows<T>(await tx.execute(query))[0] as T);
  const n = async (query: ReturnType<typeof sql>) => Number((await one<{ n: number }>(query))?.n ?? 0);
  const o = org.orgId;
  // Some units leave their bedrooms to their floor plan, as imported ones do.
  await asSystem(t.db, (tx) =>
    tx.execute(sql`update units set number_of_bedrooms = null where organization_id = ${o} and unit_id % 5 = 0`),
  );
  const property = await one<{
    id: string;
    name: string;
    total_units: number;
    occupied_units: number;
    total_buildings: number;
  }>(
    sql`select id, name, total_units, occupied_units, total_buildings from properties
      where organization_id = ${o} and total_units > 0 order by total_units desc, id limit 1`,
  );
  const place = await one<{ city: string; state_name: string }>(
    sql`select city, state_name from units where organization_id = ${o} group by 1, 2 order by count(*) desc limit 1`,
  );
  const zip = await one<{ zipcode: string }>(
    sql`select a.zipcode from properties p join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
      where p.organization_id = ${o} and p.total_units > 0 order by p.total_units desc limit 1`,
  );
  const units = (where: ReturnType<typeof sql>) =>
    n(sql`select count(*)::int as n from units u
      left join floor_plans fp on fp.organization_id = u.organization_id and fp.id = u.floor_plan_id
      left join properties p on p.organization_id = u.organization_id and p.id = u.property_id
      left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
      where u.organization_id = ${o} and ${where}`);
  const bedrooms = sql`coalesce(u.number_of_bedrooms, fp.bed_rooms)`;
  const plans = async (where: ReturnType<typeof sql>) =>
    one<{ low: string; high: string; mean: string }>(sql`select min(fp.base_rent_estimate) as low,
        max(fp.base_rent_estimate) as high, avg(fp.base_rent_estimate) as mean
      from floor_plans fp left join properties p on p.organization_id = fp.organization_id and p.id = fp.property_id
      left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
      where fp.organization_id = ${o} and fp.active and ${where}`);
  const ranked = async (direction: "asc" | "desc") =>
    (
      await one<{ name: string }>(sql`select name from properties where organization_id = ${o} and total_units > 0
        order by occupied_units::float / total_units ${sql.raw(direction)}, total_units desc, name limit 1`)
    ).name;
  const building = await one<{ id: string; name: string }>(
    sql`select id, name from buildings where organization_id = ${o} and property_id = ${property.id}
      order by name desc limit 1`,
  );
  const plan = await one<{ id: string; plan_name: string; rent: string }>(
    sql`select id, plan_name, base_rent_estimate as rent from floor_plans where organization_id = ${o}
      and property_id = ${property.id} and active order by plan_name desc limit 1`,
  );
  const figures = {
    property,
    building: {
      name: building.name,
      /** "Building B" of "Maple Commons Building B", as a user names it at its property. */
      short: building.name.startsWith(`${property.name} `) ? building.name.slice(property.name.length + 1) : null,
      vacant: await units(sql`not u.occupied and u.building_id = ${building.id}`),
      occupied: await units(sql`u.occupied and u.building_id = ${building.id}`),
      total: await units(sql`u.building_id = ${building.id}`),
    },
    plan: {
      name: plan.plan_name,
      /** "Two Bedroom" of "A2 - Two Bedroom". */
      short: plan.plan_name.split(" - ")[1] ?? plan.plan_name,
      rent: Number(plan.rent),
      vacant: await units(sql`not u.occupied and u.floor_plan_id = ${plan.id}`),
    },
    city: place.city,
    state: place.state_name,
    zip: zip.zipcode,
    vacantAll: await units(sql`not u.occupied`),
    occupiedAll: await units(sql`u.occupied`),
    totalUnits: await units(sql`true`),
    vacantCity: await units(sql`not u.occupied and u.city = ${place.city}`),
    vacantState: await units(sql`not u.occupied and u.state_name = ${place.state_name}`),
    occupiedState: await units(sql`u.occupied and u.state_name = ${place.state_name}`),
    occupiedCity: await units(sql`u.occupied and u.city = ${place.city}`),
    totalCity: await units(sql`u.city = ${place.city}`),
    vacantProperty: await units(sql`not u.occupied and u.property_id = ${property.id}`),
    occupiedProperty: await units(sql`u.occupied and u.property_id = ${property.id}`),
    vacantThreePlus: await units(sql`not u.occupied and ${bedrooms} >= 3`),
    vacantStudios: await units(sql`not u.occupied and ${bedrooms} = 0`),
    vacantOneBedCity: await units(sql`not u.occupied and ${bedrooms} = 1 and u.city = ${place.city}`),
    vacantZip: await units(sql`not u.occupied and a.zipcode = ${zip.zipcode}`),
    highest: await ranked("desc"),
    lowest: await ranked("asc"),
    allPlans: await plans(sql`true`),
    twoBedPlans: await plans(sql`fp.bed_rooms = 2`),
    studioPlans: await plans(sql`fp.bed_rooms = 0`),
    propertyPlans: await plans(sql`fp.property_id = ${property.id}`),
    cityPlans: await plans(sql`lower(a.city) = lower(${place.city})`),
    planCount: await n(
      sql`select count(*)::int as n from floor_plans where organization_id = ${o} and property_id = ${property.id}`,
    ),
    properties: await n(sql`select count(*)::int as n from properties where organization_id = ${o}`),
    propertiesCity: await n(sql`select count(*)::int as n from properties p join addresses a
      on a.organization_id = p.organization_id and a.id = p.address_id where p.organization_id = ${o} and lower(a.city) = lower(${place.city})`),
    propertiesState: await n(sql`select count(*)::int as n from properties p join addresses a
      on a.organization_id = p.organization_id and a.id = p.address_id join us_states s on s.id = a.state_id
      where p.organization_id = ${o} and s.state_name = ${place.state_name}`),
    applications: await n(
      sql`select count(*)::int as n from applications where organization_id = ${o} and status <> 'draft'`,
    ),
    newApplications: await n(
      sql`select count(*)::int as n from applications where organization_id = ${o} and status = 'new'`,
    ),
    approvedApplications: await n(
      sql`select count(*)::int as n from applications where organization_id = ${o} and status = 'approved'`,
    ),
    staff: await n(sql`select count(*)::int as n from staff where organization_id = ${o}`),
    buildingsAll: await n(sql`select count(*)::int as n from buildings where organization_id = ${o}`),
    buildingsCity: await n(
      sql`select count(*)::int as n from buildings where organization_id = ${o} and city = ${place.city}`,
    ),
    plansAll: await n(sql`select count(*)::int as n from floor_plans where organization_id = ${o}`),
    zonesAll: await n(sql`select count(*)::int as n from zones where organization_id = ${o}`),
  };
  const send = apiSender(
    () => t.app,
    () => org,
  );
  const ask = async (prompt: string) => {
    const res = await send("POST", "/ai/query", { payload: { prompt } });
    expect(res.statusCode, `${prompt}: ${res.body}`).toBe(200);
    return aiResponseSchema.parse(res.json());
  };
  return { org, figures, ask };
}

export type Figures = Awaited<ReturnType<typeof assistantFixture>>["figures"];

/** Asks every prompt and answers the ones whose check failed, with what came back, for one readable failure. */
export async function wrongAnswers(
  ask: (prompt: string) => Promise<AiResponse>,
  cases: readonly [string, (answer: AiResponse) => void][],
) {
  const wrong: string[] = [];
  for (const [prompt, check] of cases) {
    const answer = await ask(prompt);
    try {
      check(answer);
    } catch (err) {
      const why = (err as Error).message.split("\n")[0];
      wrong.push(`${prompt} -> ${answer.response} ${JSON.stringify(answer.action ?? null)} (${why})`);
    }
  }
  return wrong;
}

/**
 * A table of prompts against the fixture's figures, on a fresh app that lets the table ask more
 * questions a minute than a person may; one test, at least `minimum` prompts, every one answered.
 */
export function describePromptTable(
  title: string,
  claim: string,
  table: (f: Figures) => readonly [string, (answer: AiResponse) => void][],
  minimum: number,
) {
  describe(title, () => {
    let t: TestApp;
    let fixture: Awaited<ReturnType<typeof assistantFixture>>;
    beforeAll(async () => {
      t = await createTestApp({ AI_QUERIES_PER_MINUTE: "1000" });
      fixture = await assistantFixture(t);
    });
    afterAll(() => t.close());

    it(claim, async () => {
      const cases = table(fixture.figures);
      expect(cases.length).toBeGreaterThanOrEqual(minimum);
      expect(await wrongAnswers(fixture.ask, cases)).toEqual([]);
    });
  });
}
