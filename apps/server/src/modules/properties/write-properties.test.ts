import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { allDayEveryDay, defaultOpeningHours } from "@keyholder/contracts/opening-hours";
import {
  type PropertyFormInput,
  propertyMessages,
  propertyRowSchema,
  propertyWithAddressResponseSchema,
} from "@keyholder/contracts/properties";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Json = Record<string, unknown>;

describe("properties: create, edit, delete and history", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};
  const orgId: Record<string, string> = {};
  let typeId = 0;
  let managerId = 0;
  let otherManagerId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ["alpha", "bravo"]) {
      const org = await signedInOrganization(t, name);
      cookie[name] = org.cookie;
      orgId[name] = org.orgId;
    }
    await asSystem(t.db, async (tx) => {
      const rows = async (q: ReturnType<typeof sql>) =>
        ((await tx.execute(q)) as unknown as { rows: { id: number }[] }).rows;
      typeId = Number((await rows(sql`select id from property_types where code = 'MFH'`))[0]?.id);
      managerId = Number((await rows(sql`select id from persons where organization_id = ${orgId.alpha}`))[0]?.id);
      otherManagerId = Number((await rows(sql`select id from persons where organization_id = ${orgId.bravo}`))[0]?.id);
    });
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, org = "alpha") =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: method === "GET" ? {} : { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: { kh_session: cookie[org] ?? "" },
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });

  const form = (overrides: Partial<PropertyFormInput> = {}, address: Json = {}): PropertyFormInput => ({
    name: "Congress Lofts",
    property_type_id: typeId,
    property_manager_id: managerId,
    lot_size: 2.5,
    lot_size_unit: "acres",
    number_of_parking_spots: 120,
    pet_policy: "dogs_only",
    year_built: 1998,
    last_renovated: "2021-06-15",
    show_property_online: false,
    opening_hours: defaultOpeningHours(),
    ...overrides,
    address: {
      address_line_1: "100 Congress Avenue",
      address_line_2: "Suite 4",
      city: "Austin",
      state_code: "tx",
      zipcode: "78701",
      ...address,
    } as PropertyFormInput["address"],
  });

  const create = async (overrides: Partial<PropertyFormInput> = {}, address: Json = {}, org = "alpha") => {
    // Alpha's manager is not bravo's to choose.
    const manager = org === "alpha" ? {} : { property_manager_id: null };
    const res = await call("POST", "/properties/with-address", form({ ...manager, ...overrides }, address), org);
    expect(res.statusCode, res.body).toBe(201);
    return propertyWithAddressResponseSchema.parse(res.json());
  };

  it("creates a property with its address and opening hours, and reads them back", async () => {
    const hours = defaultOpeningHours().map((d) =>
      d.dayOfTheWeek === "Sun" ? { ...d, isClosed: true, startTime: null, endTime: null } : d,
    );
    const { property, address } = await create({ opening_hours: hours });
    expect(address.state).toMatchObject({ state_code: "TX", state_name: "Texas" });
    expect(address).toMatchObject({
      address_line_1: "100 Congress Avenue",
      address_line_2: "Suite 4",
      zipcode: "78701",
    });
    // No coordinates given: the ZIP code's centre.
    expect(address.latitude).toBeCloseTo(30.27, 1);
    expect(address.longitude).toBeCloseTo(-97.74, 1);
    expect(property).toMatchObject({
      name: "Congress Lofts",
      property_type_id: typeId,
      property_manager_id: managerId,
      lot_size: 2.5,
      lot_size_unit: "acres",
      number_of_parking_spots: 120,
      pet_policy: "dogs_only",
      year_built: 1998,
      last_renovated: "2021-06-15",
      property_slug: "congress-lofts",
      show_property_online: false,
      is_active: true,
      total_units: 0,
      address_id: address.id,
    });
    expect(property.opening_hours?.[0]).toEqual({
      dayOfTheWeek: "Sun",
      startTime: null,
      endTime: null,
      isClosed: true,
    });
    expect(property.property_manager).toMatchObject({ id: managerId, first_name: "alpha" });

    const read = await call("GET", `/properties/${property.id}`);
    expect(read.statusCode).toBe(200);
    expect(propertyRowSchema.parse(read.json())).toEqual(property);
  });

  it("keeps the coordinates given, and refuses half a pair", async () => {
    const { address } = await create({ name: "Mapped Place" }, { latitude: 30.3, longitude: -97.7 });
    expect([address.latitude, address.longitude]).toEqual([30.3, -97.7]);
    const half = await call("POST", "/properties/with-address", form({ name: "Half" }, { latitude: 30.3 }));
    expect(half.statusCode).toBe(400);
    expect(half.json().error.fields["address.longitude"]).toEqual([propertyMessages.coordinatesPair]);
  });

  it("makes each web address unique across organizations and keeps an edited one", async () => {
    const first = await create({ name: "Harbor View" });
    const second = await create({ name: "Harbor View" }, {}, "bravo");
    const third = await create({ name: "Harbor   View!" });
    expect(first.property.property_slug).toBe("harbor-view");
    expect(second.property.property_slug).toBe("harbor-view-2");
    expect(third.property.property_slug).toBe("harbor-view-3");
    const taken = await call("POST", "/properties/with-address", form({ name: "Other", property_slug: "harbor-view" }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields.property_slug).toEqual([propertyMessages.slugTaken]);
    const bad = await call("POST", "/properties/with-address", form({ name: "Other", property_slug: "Not a slug!" }));
    expect(bad.json().error.fields.property_slug).toEqual([propertyMessages.slug]);
    // Saving without a slug keeps the one it has; a new one is taken when free.
    const kept = await call("PUT", `/properties/${first.property.id}`, form({ name: "Harbor View East" }));
    expect(kept.json().property_slug).toBe("harbor-view");
    const renamed = await call(
      "PUT",
      `/properties/${first.property.id}`,
      form({ name: "Harbor View East", property_slug: "harbor-view-east" }),
    );
    expect(renamed.json().property_slug).toBe("harbor-view-east");
  });

  it("refuses what does not fit, every field at once, and stores nothing", async () => {
    const res = await call(
      "POST",
      "/properties/with-address",
      form({ name: "Wrong", property_manager_id: otherManagerId }, { state_code: "CA", zipcode: "78701" }),
    );
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(fields.property_manager_id).toEqual([propertyMessages.managerUnknown]);
    expect(fields["address.zipcode"]).toEqual([propertyMessages.zipOtherState("78701", "Texas")]);

    const checks: [Partial<PropertyFormInput>, Json, string, string][] = [
      [{ name: " " }, {}, "name", propertyMessages.nameRequired],
      [{}, { state_code: "ZZ" }, "address.state_code", propertyMessages.stateUnknown],
      [{}, { zipcode: "7870" }, "address.zipcode", propertyMessages.zipcode],
      [{}, { address_line_1: "" }, "address.address_line_1", propertyMessages.line1Required],
      [{ year_built: 1200 }, {}, "year_built", propertyMessages.yearBuilt],
      [{ last_renovated: "2999-01-01" }, {}, "last_renovated", propertyMessages.lastRenovated],
      [{ property_type_id: 999_999 }, {}, "property_type_id", propertyMessages.typeRequired],
      [{ pet_policy: "llamas" as never }, {}, "pet_policy", propertyMessages.petPolicy],
    ];
    for (const [overrides, address, field, message] of checks) {
      const r = await call("POST", "/properties/with-address", form({ name: "Wrong", ...overrides }, address));
      expect(r.statusCode, field).toBe(400);
      expect(r.json().error.fields[field], field).toEqual([message]);
    }
    const closing = defaultOpeningHours().map((d) => (d.dayOfTheWeek === "Mon" ? { ...d, endTime: "07:00" } : d));
    const hours = await call("POST", "/properties/with-address", form({ name: "Wrong", opening_hours: closing }));
    expect(hours.statusCode).toBe(400);
    expect(hours.json().error.fields["opening_hours.1.endTime"]).toEqual(["Closing time must be after opening time"]);
    const stored = await asSystem(t.db, (tx) =>
      tx.execute(sql`select count(*)::int as n from properties where name = 'Wrong'`),
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it("records created and changed fields of the property and its address in its history", async () => {
    const { property } = await create({ name: "Willow Court" });
    const saved = await call(
      "PUT",
      `/properties/${property.id}`,
      form(
        { name: "Willow Court North", opening_hours: allDayEveryDay(), is_active: false },
        { city: "Austin", zipcode: "78704" },
      ),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call("GET", `/properties/${property.id}/history`);
    const { history } = res.json() as {
      history: { action: string; changes: Record<string, { from: unknown; to: unknown }> }[];
    };
    expect(history.map((h) => h.action)).toEqual(["update", "create"]);
    expect(history[0]?.changes).toMatchObject({
      name: { from: "Willow Court", to: "Willow Court North" },
      zipcode: { from: "78701", to: "78704" },
      is_active: { from: true, to: false },
    });
    expect(JSON.parse(String(history[0]?.changes.opening_hours?.to))).toEqual(allDayEveryDay());
    expect(history[0]?.changes).not.toHaveProperty("city");
    expect(history[1]?.changes.state_code).toEqual({ from: null, to: "TX" });
  });

  it("keeps the unit and building counters exact through creates, moves and deletes", async () => {
    const a = (await create({ name: "Counter A" })).property;
    const b = (await create({ name: "Counter B" })).property;
    await asSystem(t.db, async (tx) => {
      await tx.execute(sql`insert into buildings (organization_id, property_id, name) values
        (${orgId.alpha}, ${a.id}, 'A1'), (${orgId.alpha}, ${a.id}, 'A2'), (${orgId.alpha}, ${b.id}, 'B1')`);
      await tx.execute(sql`insert into units (organization_id, property_id, unit_number, occupied)
        select ${orgId.alpha}, ${a.id}, 'U' || g, g % 2 = 0 from generate_series(1, 10) g`);
      await tx.execute(
        sql`update units set property_id = ${b.id} where property_id = ${a.id} and unit_number in ('U1', 'U2')`,
      );
      await tx.execute(sql`update units set occupied = true where property_id = ${a.id} and unit_number = 'U3'`);
      await tx.execute(sql`delete from units where property_id = ${a.id} and unit_number = 'U10'`);
      await tx.execute(sql`update buildings set property_id = ${b.id} where property_id = ${a.id} and name = 'A2'`);
    });
    const counters = async (id: string) => {
      const p = (await call("GET", `/properties/${id}`)).json();
      return [p.total_units, p.occupied_units, p.total_buildings];
    };
    // A: U3-U9 (7 units; U4, U6, U8 occupied, and U3 now) and A1. B: U1, U2 (U2 occupied), B1 and A2.
    expect(await counters(a.id)).toEqual([7, 4, 1]);
    expect(await counters(b.id)).toEqual([2, 1, 2]);
  });

  it("deletes a property with buildings, units and floor plans only when confirmed, and keeps their history", async () => {
    const { property, address } = await create({ name: "Going Away" });
    await asSystem(t.db, async (tx) => {
      await tx.execute(sql`insert into buildings (organization_id, property_id, name) values
        (${orgId.alpha}, ${property.id}, 'G1'), (${orgId.alpha}, ${property.id}, 'G2')`);
      await tx.execute(sql`insert into floor_plans (organization_id, property_id, plan_name, bed_rooms, bath_rooms, base_rent_estimate)
        values (${orgId.alpha}, ${property.id}, 'Studio', 0, 1, 900)`);
      await tx.execute(sql`insert into units (organization_id, property_id, unit_number)
        select ${orgId.alpha}, ${property.id}, 'U' || g from generate_series(1, 3) g`);
      await tx.execute(sql`insert into zones (organization_id, property_id, name)
        values (${orgId.alpha}, ${property.id}, 'Pool Court')`);
    });
    const dependants = await call("GET", `/properties/${property.id}/dependants`);
    expect(dependants.json()).toEqual({ buildings: 2, units: 3, floor_plans: 1, zones: 1 });

    const refused = await call("DELETE", `/properties/${property.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      propertyMessages.hasDependants("2 buildings, 3 units, 1 floor plan and 1 zone"),
    );
    expect((await call("GET", `/properties/${property.id}`)).statusCode).toBe(200);

    const done = await call("DELETE", `/properties/${property.id}?cascade=true`);
    expect(done.statusCode).toBe(204);
    expect((await call("GET", `/properties/${property.id}`)).statusCode).toBe(404);
    const left = (await asSystem(t.db, (tx) =>
      tx.execute(sql`select
        (select count(*)::int from buildings where property_id = ${property.id}) as buildings,
        (select count(*)::int from units where property_id = ${property.id}) as units,
        (select count(*)::int from floor_plans where property_id = ${property.id}) as floor_plans,
        (select count(*)::int from addresses where organization_id = ${orgId.alpha} and id = ${address.id}) as addresses,
        (select count(*)::int from audit_log where organization_id = ${orgId.alpha} and action = 'delete'
          and entity in ('building', 'unit', 'floor_plan', 'zone')) as deleted_entries`),
    )) as unknown as { rows: Record<string, number>[] };
    expect(left.rows[0]).toEqual({ buildings: 0, units: 0, floor_plans: 0, addresses: 0, deleted_entries: 7 });
    const history = (await call("GET", `/properties/${property.id}/history`)).json().history;
    expect(history[0].action).toBe("delete");

    const empty = await create({ name: "Empty Lot" });
    expect((await call("DELETE", `/properties/${empty.property.id}`)).statusCode).toBe(204);
  });

  it("answers another organization's property as not found, for every call", async () => {
    const { property } = await create({ name: "Bravo Only" }, {}, "bravo");
    for (const [method, url, body] of [
      ["GET", `/properties/${property.id}`, undefined],
      ["PUT", `/properties/${property.id}`, form({ name: "Taken over" })],
      ["DELETE", `/properties/${property.id}?cascade=true`, undefined],
      ["GET", `/properties/${property.id}/history`, undefined],
      ["GET", `/properties/${property.id}/dependants`, undefined],
      ["GET", `/properties/${property.id}/overview`, undefined],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = (await call("GET", "/properties/details?limit=200")).json();
    expect(list.properties.some((p: { id: string }) => p.id === property.id)).toBe(false);
    expect((await call("GET", `/properties/${property.id}`, undefined, "bravo")).json().name).toBe("Bravo Only");
  });

  it("lists the choices of the editor: the organization's own people, and the states", async () => {
    const people = (await call("GET", "/people")).json().people as { id: number; name: string }[];
    expect(people.map((p) => p.id)).toContain(managerId);
    expect(people.map((p) => p.id)).not.toContain(otherManagerId);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/people" })).statusCode).toBe(401);
    const states = (await call("GET", "/us-states")).json().states as { state_code: string; state_name: string }[];
    expect(states.find((s) => s.state_code === "TX")?.state_name).toBe("Texas");
    expect(states.length).toBeGreaterThanOrEqual(50);
  });

  it("answers a ZIP code's city, state and centre", async () => {
    const res = await call("GET", "/zipcodes/02108");
    expect(res.json()).toMatchObject({ zipcode: "02108", city: "Boston", state_code: "MA" });
    expect((await call("GET", "/zipcodes/00000")).statusCode).toBe(404);
    expect((await call("GET", "/zipcodes/abc")).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/v1/zipcodes/02108" });
    expect(anonymous.statusCode).toBe(401);
  });
});
