import { AI_PROMPT_MAX, aiResponseSchema, assistantMessages } from "@keyholder/contracts/assistant";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const whole = (n: number) => n.toLocaleString("en-US");

describe("the assistant's built-in engine", () => {
  let t: TestApp;
  let org: Org;
  let other: Org;
  let property: { id: string; name: string; total_units: number; occupied_units: number; total_buildings: number };
  let city: { city: string; state_name: string };
  let otherProperty: string;

  /** The test's own figures, by its own queries on the seeded rows (never the assistant's code). */
  const figure = async (query: ReturnType<typeof sql>) =>
    asSystem(t.db, async (tx) => rows<{ n: number }>(await tx.execute(query))[0]?.n ?? 0);

  beforeAll(async () => {
    t = await createTestApp();
    org = await signedInOrganization(t, "Assistant Homes", { scale: 600, seed: 21 });
    other = await signedInOrganization(t, "Other Homes", { scale: 200, seed: 22 });
    [property] = (await asSystem(t.db, async (tx) =>
      rows<typeof property>(
        await tx.execute(sql`select id, name, total_units, occupied_units, total_buildings from properties
          where organization_id = ${org.orgId} and total_units > 0 order by total_units desc, id limit 1`),
      ),
    )) as [typeof property];
    [city] = (await asSystem(t.db, async (tx) =>
      rows<typeof city>(
        await tx.execute(sql`select u.city, u.state_name from units u where u.organization_id = ${org.orgId}
          group by 1, 2 order by count(*) desc limit 1`),
      ),
    )) as [typeof city];
    otherProperty = await asSystem(t.db, async (tx) =>
      String(
        rows<{ name: string }>(
          await tx.execute(sql`select name from properties where organization_id = ${other.orgId}
            and name not in (select name from properties where organization_id = ${org.orgId}) order by name limit 1`),
        )[0]?.name,
      ),
    );
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => org,
  );
  const ask = async (prompt: string, who: Org | null = org) => {
    const res = await send("POST", "/ai/query", { org: who, payload: { prompt } });
    expect(res.statusCode, `${prompt}: ${res.body}`).toBe(200);
    return aiResponseSchema.parse(res.json());
  };

  it("counts vacant and occupied units by property, city, bedrooms, with typos and paraphrases", async () => {
    const vacantIn = await figure(sql`select count(*)::int as n from units where organization_id = ${org.orgId}
      and city = ${city.city} and not occupied`);
    const occupiedAt = await figure(sql`select count(*)::int as n from units where organization_id = ${org.orgId}
      and property_id = ${property.id} and occupied`);
    const vacantAll = await figure(
      sql`select count(*)::int as n from units where organization_id = ${org.orgId} and not occupied`,
    );
    const twoBedVacant = await figure(sql`select count(*)::int as n from units u
      left join floor_plans fp on fp.organization_id = u.organization_id and fp.id = u.floor_plan_id
      where u.organization_id = ${org.orgId} and not u.occupied and coalesce(u.number_of_bedrooms, fp.bed_rooms) = 2`);
    const cases: [string, string][] = [
      [`How many vacant units are there in ${city.city}?`, `${whole(vacantIn)} vacant unit`],
      [`how many vacnt units in ${city.city.toLowerCase()}`, `${whole(vacantIn)} vacant unit`],
      [`vacancies in ${city.city}`, `${whole(vacantIn)} vacant unit`],
      [`How many units are occupied at ${property.name}?`, `${whole(occupiedAt)} occupied unit`],
      [`occupied apartments in ${property.name.toUpperCase()}`, `${whole(occupiedAt)} occupied unit`],
      ["How many empty units do we have?", `${whole(vacantAll)} vacant unit`],
      ["number of vacant 2 bedroom units", `${whole(twoBedVacant)} vacant unit`],
      ["vacant two bedroom apartments", `${whole(twoBedVacant)} vacant unit`],
    ];
    for (const [prompt, expected] of cases) {
      const answer = await ask(prompt);
      expect(answer.response, prompt).toContain(expected);
      expect(answer.engine).toBe("built-in");
    }
    const linked = await ask(`How many vacant units are there in ${city.city}?`);
    expect(linked.links?.[0]?.target).toEqual({
      workspace: {
        category: "Unit",
        item: "All Units",
        filters: { status: "Vacant", city: city.city },
      },
    });
  });

  it("answers occupancy rates and ranks properties by them", async () => {
    const rate = ((property.occupied_units / property.total_units) * 100).toFixed(1);
    for (const prompt of [
      `What is the occupancy rate of ${property.name}?`,
      `how full is ${property.name}`,
      `ocupancy at ${property.name}`,
    ]) {
      expect((await ask(prompt)).response, prompt).toContain(`${rate}%`);
    }
    const [lowest] = await asSystem(t.db, async (tx) =>
      rows<{ name: string }>(
        await tx.execute(sql`select name from properties where organization_id = ${org.orgId} and total_units > 0
          order by occupied_units::float / total_units asc, total_units desc, name limit 1`),
      ),
    );
    const [highest] = await asSystem(t.db, async (tx) =>
      rows<{ name: string }>(
        await tx.execute(sql`select name from properties where organization_id = ${org.orgId} and total_units > 0
          order by occupied_units::float / total_units desc, total_units desc, name limit 1`),
      ),
    );
    expect((await ask("Which properties have the lowest occupancy?")).response).toContain(`1. ${lowest?.name}:`);
    expect((await ask("rank properties by occupancy, best first")).response).toContain(`1. ${highest?.name}:`);
  });

  it("gives rent ranges and averages of floor plans, and a property's contents", async () => {
    const [rent] = await asSystem(t.db, async (tx) =>
      rows<{ low: string; high: string }>(
        await tx.execute(sql`select min(base_rent_estimate) as low, max(base_rent_estimate) as high from floor_plans
          where organization_id = ${org.orgId} and active and bed_rooms = 2`),
      ),
    );
    const usd = (v: string | undefined) => `$${Math.round(Number(v)).toLocaleString("en-US")}`;
    const answer = await ask("What are the rents of 2 bedroom floor plans?");
    expect(answer.response).toContain(`from ${usd(rent?.low)} to ${usd(rent?.high)}`);
    const contents = await ask(`How many buildings does ${property.name} have?`);
    expect(contents.response).toContain(`${property.name} has ${whole(property.total_buildings)} building`);
  });

  it("opens tables with their filters, and the public search for a ZIP code", async () => {
    const units = await ask(`Show vacant units in ${city.city}`);
    expect(units.action).toEqual({
      type: "navigate",
      payload: {
        workspace: {
          category: "Unit",
          item: "All Units",
          filters: { status: "Vacant", city: city.city },
        },
      },
    });
    expect((await ask("open all buildings")).action?.payload).toEqual({
      workspace: { category: "Building", item: "All Buildings", filters: {} },
    });
    expect((await ask("take me to the applicants")).action?.payload).toMatchObject({
      workspace: { category: "Applicants", item: "All Applicants" },
    });
    expect((await ask("find homes near 94110")).action?.payload).toEqual({
      to: "/properties",
      search: { zipCode: "94110" },
    });
  });

  it("offers a visitor who asks how many homes are near a ZIP code a link to them, and none when there are none", async () => {
    const zips = await asSystem(t.db, async (tx) =>
      rows<{ zipcode: string }>(
        await tx.execute(sql`select a.zipcode from properties p join addresses a on a.id = p.address_id
          where p.organization_id = ${org.orgId} and p.show_property_online and p.property_slug is not null limit 1`),
      ),
    );
    const zip = zips[0]?.zipcode.slice(0, 5);
    if (!zip) throw new Error("the demo lists a property");
    const near = await ask(`How many homes are listed near ${zip}?`, null);
    expect(near.response).toMatch(new RegExp(`^\\d+ homes? (is|are) listed within \\d+ miles of ${zip} `));
    expect(near.action).toBeUndefined();
    expect(near.links).toEqual([
      {
        label: expect.stringMatching(/^See th(is home|ese homes)$/),
        target: { to: "/properties", search: { zipCode: zip } },
      },
    ]);
    // Alaska's Adak, far from any listing.
    const none = await ask("How many homes are listed near 99546?", null);
    expect(none.response).toMatch(/^0 homes are listed/);
    expect(none.links).toBeUndefined();
  });

  it("helps with the app's own features and says honestly what it cannot answer", async () => {
    expect((await ask("How do I invite staff?")).response).toContain("Users > Staff");
    expect((await ask("how can i export a table")).response).toContain("Export");
    const lost = await ask("What is the meaning of life?");
    expect(lost.response).toContain("I did not understand");
    expect(lost.response).toContain("How many vacant units");
  });

  it("never reveals another organization's records, and answers visitors from public listings only", async () => {
    // Another organization's property is a name this one does not have: said so, with no figure of either.
    const answer = await ask(`How many vacant units are at ${otherProperty}?`);
    expect(answer.response).toMatch(new RegExp(`^I couldn't find a property or building called ${otherProperty}\\b`));
    expect(answer.response).not.toMatch(/\d[\d,]* (vacant )?units?\b/);
    const visitor = await ask(`How many vacant units are at ${property.name}?`, null);
    expect(visitor.response).not.toMatch(/vacant unit/);
    expect(visitor.response).toContain("find homes");
  });

  it("answers about the listing on a public page from its public fields, for visitors and members alike", async () => {
    const listed = await asSystem(t.db, async (tx) =>
      rows<{ slug: string; name: string; low: string; high: string; available: number }>(
        await tx.execute(sql`select p.property_slug as slug, p.name, min(fp.base_rent_estimate) as low,
            max(fp.base_rent_estimate) as high, greatest(p.total_units - p.occupied_units, 0) as available
          from properties p join floor_plans fp on fp.organization_id = p.organization_id and fp.property_id = p.id and fp.active
          where p.organization_id = ${org.orgId} and p.show_property_online and p.property_slug is not null
          group by p.organization_id, p.id order by p.name limit 1`),
      ),
    );
    const p = listed[0];
    if (!p) throw new Error("the demo lists a property with floor plans");
    const usd = (v: string) => `$${Math.round(Number(v)).toLocaleString("en-US")}`;
    for (const who of [null, org]) {
      const res = await send("POST", "/ai/query", {
        org: who,
        payload: { prompt: "What is the rent here?", context: { property_slug: p.slug } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().response).toContain(`Rents at ${p.name} run from ${usd(p.low)} to ${usd(p.high)} a month`);
    }
    const available = await send("POST", "/ai/query", {
      org: null,
      payload: { prompt: "is anything available?", context: { property_slug: p.slug } },
    });
    expect(available.json().response).toContain(p.available > 0 ? `${p.available} unit` : "no units available");
    // A member's private figures never come out on a public page.
    const members = await send("POST", "/ai/query", {
      payload: { prompt: "How many vacant units do we have?", context: { property_slug: p.slug } },
    });
    expect(members.json().response).not.toMatch(/of [\d,]+ units/);
  });

  it("limits how many questions a user asks a minute", async () => {
    const limited = await createTestApp({ AI_QUERIES_PER_MINUTE: "3" });
    try {
      const someone = await signedInOrganization(limited, "Eager Asker");
      const askLimited = apiSender(
        () => limited.app,
        () => someone,
      );
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await askLimited("POST", "/ai/query", { payload: { prompt: "How many units?" } })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it("refuses an empty or too long prompt with a clear 400", async () => {
    for (const [prompt, message] of [
      ["   ", assistantMessages.promptRequired],
      ["x".repeat(AI_PROMPT_MAX + 1), assistantMessages.promptTooLong],
    ] as const) {
      const res = await send("POST", "/ai/query", { payload: { prompt } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  // Last: these change the seeded rows the tests above count.
  it("reads a property's buildings without being caught by unnamed or one-letter ones", async () => {
    const buildings = await asSystem(t.db, async (tx) =>
      rows<{ id: string }>(
        await tx.execute(sql`select id from buildings where organization_id = ${org.orgId} and property_id = ${property.id}
          order by id limit 2`),
      ),
    );
    if (buildings.length < 2) throw new Error("the property needs two buildings");
    await asSystem(t.db, async (tx) => {
      await tx.execute(sql`update buildings set name = null where id = ${buildings[0]?.id}`);
      await tx.execute(sql`update buildings set name = 'A' where id = ${buildings[1]?.id}`);
    });
    const vacant = await figure(sql`select count(*)::int as n from units where organization_id = ${org.orgId}
      and property_id = ${property.id} and not occupied`);
    const inA = await figure(sql`select count(*)::int as n from units where organization_id = ${org.orgId}
      and building_id = ${buildings[1]?.id} and not occupied`);
    expect((await ask(`Is there a vacant unit at ${property.name}?`)).response).toMatch(
      new RegExp(`^${whole(vacant)} vacant units? at `),
    );
    expect((await ask(`vacant units in building A at ${property.name}`)).response).toMatch(
      new RegExp(`^${whole(inA)} vacant units? in A at `),
    );
  });

  it("counts a city however its addresses spell it", async () => {
    // One building in the city gets an address of its own, its city typed in lower case.
    await asSystem(t.db, async (tx) => {
      const [b] = rows<{ id: string; address_id: string }>(
        await tx.execute(sql`select b.id, u.address_id from buildings b
          join lateral (select coalesce(b.address_id, p.address_id) as address_id from properties p
            where p.organization_id = b.organization_id and p.id = b.property_id) u on true
          where b.organization_id = ${org.orgId} and b.city = ${city.city}
            and exists (select 1 from units x where x.building_id = b.id) order by b.id limit 1`),
      );
      if (!b) throw new Error("the demo data needs a building in the city");
      await tx.execute(sql`with own as (
          insert into addresses (organization_id, address_line_1, city, state_id, zipcode)
          select organization_id, '1 Side Street', lower(city), state_id, zipcode from addresses where id = ${b.address_id}
          returning id)
        update buildings set address_id = (select id from own) where id = ${b.id}`);
    });
    const spellings = await figure(sql`select count(distinct city)::int as n from units
      where organization_id = ${org.orgId} and lower(city) = lower(${city.city})`);
    expect(spellings).toBe(2);
    const vacant = await figure(sql`select count(*)::int as n from units where organization_id = ${org.orgId}
      and lower(city) = lower(${city.city}) and not occupied`);
    expect((await ask(`How many vacant units are there in ${city.city}?`)).response).toContain(
      `${whole(vacant)} vacant unit`,
    );
  });
});
