import { aiResponseSchema } from "@keyholder/contracts/assistant";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { rate, whole } from "./assistant-fixture.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Org = Awaited<ReturnType<typeof signedInOrganization>>;
type Property = { id: string; name: string; total_units: number };
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const notFound = (name: string) => `I couldn't find a property or building called ${name}`;
/** Any figure of units, rents or occupancy: what an answer about a name it does not know must not hold. */
const FIGURES = /\d[\d,]* (vacant |occupied )?units?\b|\d+(\.\d)?%|\$\d/;

/**
 * Issue: the assistant answered another question when it did not know a name. A name it cannot
 * resolve in the caller's scope is said so, buildings are named like properties, totals of every
 * kind of record are counted, and a request to change data is answered that it only reads. Every
 * figure is the test's own query on the rows it seeded.
 */
describe("the assistant and the names in a question", () => {
  let t: TestApp;
  let org: Org;
  let other: Org;
  /** A, B, C: three properties with buildings, largest first; North Tower is a building of B. */
  let a: Property;
  let b: Property;
  let c: Property;
  let northTower: string;
  let otherProperty: string;
  let city: string;

  const one = async <T>(query: ReturnType<typeof sql>) =>
    asSystem(t.db, async (tx) => rows<T>(await tx.execute(query))[0] as T);
  const count = async (query: ReturnType<typeof sql>) => Number((await one<{ n: number }>(query)).n);

  beforeAll(async () => {
    t = await createTestApp({ AI_QUERIES_PER_MINUTE: "1000" });
    org = await signedInOrganization(t, "Named Homes", { scale: 500, seed: 41 });
    other = await signedInOrganization(t, "Elsewhere Homes", { scale: 150, seed: 42 });
    const properties = await asSystem(t.db, async (tx) =>
      rows<Property>(
        await tx.execute(sql`select p.id, p.name, p.total_units from properties p where p.organization_id = ${org.orgId}
          and p.name ~ '^[A-Za-z ]+$' and (select count(*) from buildings b where b.property_id = p.id) >= 2
          order by p.total_units desc, p.id limit 3`),
      ),
    );
    [a, b, c] = properties as [Property, Property, Property];
    if (!c) throw new Error("the demo data needs three properties with two buildings each");
    // Buildings named by people, not after their property: one only in B, one name in A and in C.
    northTower = String(
      (
        await one<{ id: string }>(sql`update buildings set name = 'North Tower' where id =
          (select id from buildings where property_id = ${b.id} and total_units > 0 order by id limit 1) returning id`)
      ).id,
    );
    for (const p of [a, c]) {
      await asSystem(t.db, (tx) =>
        tx.execute(sql`update buildings set name = 'Garden House' where id =
          (select id from buildings where property_id = ${p.id} and total_units > 0 order by id limit 1)`),
      );
    }
    otherProperty = (
      await one<{ name: string }>(sql`select name from properties where organization_id = ${other.orgId}
        and name ~ '^[A-Za-z ]+$' and lower(name) not in (select lower(name) from properties where organization_id = ${org.orgId})
        order by name limit 1`)
    ).name;
    city = (
      await one<{ city: string }>(sql`select city from buildings where organization_id = ${org.orgId}
        group by city order by count(*) desc, city limit 1`)
    ).city;
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => org,
  );
  const ask = async (prompt: string, who: Org = org) => {
    const res = await send("POST", "/ai/query", { org: who, payload: { prompt } });
    expect(res.statusCode, `${prompt}: ${res.body}`).toBe(200);
    return aiResponseSchema.parse(res.json());
  };

  it("answers about a building named on its own, as it does about a property", async () => {
    const vacant = await count(
      sql`select count(*)::int as n from units where building_id = ${northTower} and not occupied`,
    );
    const occupied = await count(
      sql`select count(*)::int as n from units where building_id = ${northTower} and occupied`,
    );
    const total = await count(sql`select count(*)::int as n from units where building_id = ${northTower}`);
    const answer = await ask("how many vacant units in North Tower");
    expect(answer.response).toMatch(
      new RegExp(`^${whole(vacant)} vacant units? in North Tower at ${b.name}, of ${whole(total)} unit`),
    );
    expect((await ask("What is the occupancy of north tower?")).response).toContain(rate(occupied, total));
    expect((await ask("show vacant units in North Tower")).action).toEqual({
      type: "navigate",
      payload: {
        workspace: {
          category: "Unit",
          item: "All Units",
          filters: { status: "Vacant", property_name: b.name, building_name: "North Tower" },
        },
      },
    });
  });

  it("finds a building whose name has quotes, a backslash or a closing mark, as typed", async () => {
    for (const name of [`St. John's Annex \\ 2`, `The "Loft"`]) {
      const id = (
        await one<{ id: string }>(sql`update buildings set name = ${name} where id =
          (select id from buildings where property_id = ${b.id} and id <> ${northTower} and total_units > 0
            and name not in ('St. John''s Annex \\ 2', 'The "Loft"') order by id limit 1) returning id`)
      ).id;
      const vacant = await count(sql`select count(*)::int as n from units where building_id = ${id} and not occupied`);
      expect((await ask(`How many vacant units are in ${name}?`)).response).toMatch(
        new RegExp(`^${whole(vacant)} vacant units? in ${name.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")} at `),
      );
    }
  });

  it("asks which property when buildings of several share the name, and answers once the property is named", async () => {
    const answer = await ask("How many vacant units are in Garden House?");
    expect(answer.response).toContain("2 buildings are called Garden House");
    expect(answer.response).toContain(a.name);
    expect(answer.response).toContain(c.name);
    expect(answer.response).not.toMatch(FIGURES);
    const vacant = await count(sql`select count(*)::int as n from units u join buildings bd on bd.id = u.building_id
      where bd.property_id = ${c.id} and bd.name = 'Garden House' and not u.occupied`);
    expect((await ask(`How many vacant units are in Garden House at ${c.name}?`)).response).toMatch(
      new RegExp(`^${whole(vacant)} vacant units? in Garden House at ${c.name}`),
    );
  });

  it("says it cannot find a name it does not know, and never answers with other figures", async () => {
    for (const [prompt, name] of [
      ["how many vacant units in Nowhere Tower", "Nowhere Tower"],
      ["What is the occupancy rate of nowhere tower?", "nowhere tower"],
      ["rents at Nowhere Tower", "Nowhere Tower"],
      ["open the vacant units in Nowhere Tower", "Nowhere Tower"],
      [`How many vacant units are at ${otherProperty}?`, otherProperty],
      [`Which units are occupied at ${otherProperty}`, otherProperty],
    ] as const) {
      const answer = await ask(prompt);
      expect(answer.response, prompt).toMatch(new RegExp(`^${notFound(name)}\\b`));
      expect(answer.response, prompt).not.toMatch(FIGURES);
      expect(answer.action, prompt).toBeUndefined();
      expect(answer.links ?? [], prompt).toEqual([]);
    }
    // A building of another property than the one named.
    const wrong = await ask(`vacant units in North Tower at ${a.name}`);
    expect(wrong.response).toMatch(new RegExp(`^I couldn't find a building called North Tower at ${a.name}\\b`));
    expect(wrong.response.replace(a.name, "")).not.toMatch(FIGURES);
  });

  it("answers a user who works on one property about it alone, and not about any other", async () => {
    const email = "scoped.names@example.com";
    const { id } = await one<{ id: number }>(sql`insert into users (organization_id, role_id, username, password_hash)
      values (${org.orgId}, (select id from roles where name = 'PROPERTY_MANAGER'), ${email},
        ${await hashPassword("Scope-Pass-123!")}) returning id`);
    const assigned = await send("PUT", `/users/${id}/properties`, {
      payload: { all_properties: false, property_ids: [b.id] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-keyholder-request": "1" },
      payload: { username: email, password: "Scope-Pass-123!" },
    });
    const scoped = { ...org, cookie: String(login.cookies.find((x) => x.name === "kh_session")?.value) };

    for (const [prompt, name] of [
      [`How many vacant units are at ${a.name}?`, a.name],
      [`occupancy of ${c.name}`, c.name],
      ["vacant units in Garden House", "Garden House"],
    ] as const) {
      const answer = await ask(prompt, scoped);
      expect(answer.response, prompt).toMatch(new RegExp(`^${notFound(name)}\\b`));
      expect(answer.response, prompt).not.toMatch(FIGURES);
    }
    const vacantB = await count(sql`select count(*)::int as n from units where property_id = ${b.id} and not occupied`);
    expect((await ask(`How many vacant units are at ${b.name}?`, scoped)).response).toMatch(
      new RegExp(`^${whole(vacantB)} vacant units? at ${b.name}`),
    );
    const buildingsB = await count(sql`select count(*)::int as n from buildings where property_id = ${b.id}`);
    expect((await ask("How many buildings do we have in total?", scoped)).response).toMatch(
      new RegExp(`^${whole(buildingsB)} buildings?\\b`),
    );
  });

  it("counts buildings, floor plans, zones, units and properties in total, or in a place", async () => {
    const o = org.orgId;
    const buildings = await count(sql`select count(*)::int as n from buildings where organization_id = ${o}`);
    const plans = await count(sql`select count(*)::int as n from floor_plans where organization_id = ${o}`);
    const zones = await count(sql`select count(*)::int as n from zones where organization_id = ${o}`);
    const units = await count(sql`select count(*)::int as n from units where organization_id = ${o}`);
    const properties = await count(sql`select count(*)::int as n from properties where organization_id = ${o}`);
    const inCity = await count(
      sql`select count(*)::int as n from buildings where organization_id = ${o} and city = ${city}`,
    );
    expect(buildings).toBeGreaterThan(properties);
    const cases: [string, RegExp][] = [
      ["How many buildings do we have in total?", new RegExp(`^${whole(buildings)} buildings\\b`)],
      ["total number of buildings", new RegExp(`^${whole(buildings)} buildings\\b`)],
      ["how many floor plans are there", new RegExp(`^${whole(plans)} floor plans\\b`)],
      ["How many zones do we have?", new RegExp(`^${whole(zones)} zones?\\b`)],
      ["How many units do we have in total?", new RegExp(`^${whole(units)} units\\b`)],
      ["How many properties do we have in total?", new RegExp(`^${whole(properties)} properties\\b`)],
      [`how many buildings are in ${city}`, new RegExp(`^${whole(inCity)} buildings? in ${city}\\b`)],
    ];
    for (const [prompt, expected] of cases) expect((await ask(prompt)).response, prompt).toMatch(expected);
    expect((await ask("How many buildings do we have in total?")).links?.[0]?.target).toEqual({
      workspace: { category: "Building", item: "All Buildings", filters: {} },
    });
  });

  it("answers a request to change records plainly that it only reads, and changes nothing", async () => {
    const before = await count(sql`select count(*)::int as n from units where building_id = ${northTower}`);
    const cases: [string, string][] = [
      ["Delete all units in North Tower", "deleted"],
      ["please remove the building North Tower", "deleted"],
      [`Can you rename ${a.name} to Oak Court?`, "changed"],
      ["Update the rent of the two bedroom plans to 1500", "changed"],
      ["set unit 101 as occupied", "changed"],
      [`Add a building to ${a.name}`, "added"],
      ["create a new property called Sunrise Villas", "added"],
      ["I want to change the occupancy of North Tower", "changed"],
    ];
    for (const [prompt, verb] of cases) {
      const answer = await ask(prompt);
      expect(answer.response, prompt).toMatch(
        new RegExp(`^I only read your records, so I have not ${verb} anything\\.`),
      );
      expect(answer.response, prompt).not.toMatch(FIGURES);
      expect(answer.action, prompt).toBeUndefined();
    }
    const deleting = await ask("Delete all units in North Tower");
    expect(deleting.response).toContain("Unit > All Units");
    expect(deleting.links?.[0]?.target).toEqual({
      workspace: {
        category: "Unit",
        item: "All Units",
        filters: { property_name: b.name, building_name: "North Tower" },
      },
    });
    expect(await count(sql`select count(*)::int as n from units where building_id = ${northTower}`)).toBe(before);
    expect((await one<{ name: string }>(sql`select name from buildings where id = ${northTower}`)).name).toBe(
      "North Tower",
    );
    // Asking how is still help, and asking about changes is still a question.
    expect((await ask("How do I delete a unit?")).response).not.toMatch(/^I only read/);
  });

  // Last: it renames a property.
  it("reads a name as a name: 'Studios' of a property's name asks nothing about studios", async () => {
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update properties set name = 'Quartz Studios', last_modified_date = now() where id = ${c.id}`),
    );
    const vacant = await count(sql`select count(*)::int as n from units where property_id = ${c.id} and not occupied`);
    const total = await count(sql`select count(*)::int as n from units where property_id = ${c.id}`);
    expect((await ask("How many vacant units are at Quartz Studios?")).response).toMatch(
      new RegExp(`^${whole(vacant)} vacant units? at Quartz Studios, of ${whole(total)} unit`),
    );
    expect((await ask("open applicants for Quartz Studios")).action?.payload).toEqual({
      workspace: { category: "Applicants", item: "All Applicants", filters: { property_name: "Quartz Studios" } },
    });
  });
});
