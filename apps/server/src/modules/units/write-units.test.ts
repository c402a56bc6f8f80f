import { historySchema, restoreMessages } from "@keyholder/contracts/history";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import {
  type UnitFormInput,
  type UnitRecord,
  unitFormSchema,
  unitListSchema,
  unitMessages,
  unitResponseSchema,
} from "@keyholder/contracts/units";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem, withOrg } from "../../db/client.ts";
import { createUnit } from "./create-unit.ts";

/** A property with two of its buildings and two of its floor plans. */
interface Place {
  propertyId: string;
  buildings: number[];
  plans: number[];
}
type Org = Awaited<ReturnType<typeof signedInOrganization>> & { places: Place[] };

describe("unit writes, the rule of a unit's links, and history", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  /** A demo unit no test changes, written before auditing existed. */
  let seededId: number;

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await asSystem(t.db, (tx) => tx.execute(query))) as unknown as { rows: T[] }).rows;

  /** Properties with at least two buildings and two floor plans, in name order. */
  const placesOf = async (orgId: string): Promise<Place[]> => {
    const found = await rows<{ id: string; buildings: string[]; plans: string[] }>(sql`
      select p.id,
        array(select b.id::text from buildings b where b.organization_id = p.organization_id and b.property_id = p.id order by b.id) as buildings,
        array(select f.id::text from floor_plans f where f.organization_id = p.organization_id and f.property_id = p.id order by f.id) as plans
      from properties p where p.organization_id = ${orgId} order by p.name, p.id`);
    const ids = (v: string[] | string) =>
      (typeof v === "string" ? v.replace(/[{}]/g, "").split(",").filter(Boolean) : v).map(Number);
    return found
      .map((r) => ({ propertyId: String(r.id), buildings: ids(r.buildings), plans: ids(r.plans) }))
      .filter((p) => p.buildings.length >= 2 && p.plans.length >= 2);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await signedInOrganization(t, "alpha", { scale: 400, seed: 51 });
    const b = await signedInOrganization(t, "bravo", { scale: 200, seed: 52 });
    alpha = { ...a, places: await placesOf(a.orgId) };
    bravo = { ...b, places: await placesOf(b.orgId) };
    expect(alpha.places.length).toBeGreaterThanOrEqual(3);
    expect(bravo.places.length).toBeGreaterThanOrEqual(1);
    // In the first property's first building, which no test moves or deletes.
    const [seeded] = await rows<{ id: number }>(
      sql`select max(unit_id) as id from units where organization_id = ${a.orgId} and building_id = ${place(0).buildings[0]}`,
    );
    seededId = Number(seeded?.id);
  });
  afterAll(() => t.close());

  const place = (n: number, org: Org = alpha) => {
    const p = org.places[n];
    if (!p) throw new Error(`no place ${n}`);
    return p;
  };
  const send = (
    method: "POST" | "PUT" | "DELETE" | "GET",
    url: string,
    o: { org?: Org | null; payload?: unknown; csrf?: boolean } = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: o.csrf === false ? {} : { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: o.org === null ? {} : { kh_session: (o.org ?? alpha).cookie },
      ...(o.payload === undefined ? {} : { payload: o.payload as object }),
    });
  const form = (overrides: Partial<UnitFormInput> = {}, where: Place = place(0)): UnitFormInput => ({
    unit_number: "A-101",
    property_id: where.propertyId,
    building_id: where.buildings[0] ?? null,
    floor_plan_id: where.plans[0] ?? null,
    number_of_bedrooms: 2,
    number_of_bathrooms: 1.5,
    square_footage: 950,
    date_available: "2026-12-01",
    occupied: false,
    ...overrides,
  });
  const create = async (overrides: Partial<UnitFormInput> = {}, org: Org = alpha) => {
    const res = await send("POST", "/units", { org, payload: form(overrides, place(0, org)) });
    expect(res.statusCode, res.body).toBe(201);
    return unitResponseSchema.parse(res.json()).unit;
  };
  const update = async (id: number, payload: UnitFormInput, org: Org = alpha) => {
    const res = await send("PUT", `/units/${id}`, { org, payload });
    expect(res.statusCode, res.body).toBe(200);
    return unitResponseSchema.parse(res.json()).unit;
  };
  const listByNumber = async (unitNumber: string, org: Org = alpha) => {
    const query = new URLSearchParams({
      conditions: JSON.stringify([{ column: "unit_number", op: "equals", value: unitNumber }]),
    });
    const res = await send("GET", `/units?${query}`, { org });
    expect(res.statusCode, res.body).toBe(200);
    return unitListSchema.parse(res.json()).units;
  };
  const history = async (id: number, org: Org = alpha) => {
    const res = await send("GET", `/units/${id}/history`, { org });
    expect(res.statusCode, res.body).toBe(200);
    return historySchema.parse(res.json()).history;
  };
  const fieldsOf = (res: { statusCode: number; json(): unknown; body: string }) => {
    expect(res.statusCode, res.body).toBe(400);
    return (res.json() as { error: { fields: Record<string, string[]> } }).error.fields;
  };

  it("creates a unit that the list then shows with its property, building and floor plan", async () => {
    const where = place(0);
    const unit = await create({ unit_number: "  Create 1  " });
    expect(unit).toEqual({
      unit_id: expect.any(Number),
      unit_number: "Create 1",
      property_id: where.propertyId,
      building_id: where.buildings[0],
      floor_plan_id: where.plans[0],
      number_of_bedrooms: 2,
      number_of_bathrooms: 1.5,
      square_footage: 950,
      date_available: "2026-12-01",
      occupied: false,
    });
    const [row, ...rest] = await listByNumber("Create 1");
    expect(rest).toEqual([]);
    // A unit opened from a property's or building's Units tab is read by id, as the list shows it.
    const one = await send("GET", `/units/${unit.unit_id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(row);
    const [names] = await rows<{ property: string; building: string; plan: string; rent: number }>(sql`
      select p.name as property, b.name as building, f.plan_name as plan, f.base_rent_estimate::float8 as rent
      from properties p, buildings b, floor_plans f
      where p.id = ${where.propertyId} and b.id = ${where.buildings[0]} and f.id = ${where.plans[0]}`);
    expect(row).toMatchObject({
      unit_id: unit.unit_id,
      property_name: names?.property,
      building_name: names?.building,
      floor_plan_name: names?.plan,
      base_rent_estimate: names?.rent,
      occupied: false,
      created_by: alpha.adminUserId,
      last_modified_by: alpha.adminUserId,
    });
    // Only the number and the property are required.
    const bare = await send("POST", "/units", {
      payload: { unit_number: "Create Bare", property_id: where.propertyId },
    });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(unitResponseSchema.parse(bare.json()).unit).toMatchObject({
      building_id: null,
      floor_plan_id: null,
      number_of_bedrooms: null,
      date_available: null,
      occupied: false,
    });
    const [listed] = await listByNumber("Create Bare");
    expect(listed).toMatchObject({ building_name: null, floor_plan_name: null, base_rent_estimate: null });
  });

  it("updates a unit, and the list shows the new values", async () => {
    const where = place(0);
    const unit = await create({ unit_number: "Update Before" });
    const saved = await update(
      unit.unit_id,
      form({
        unit_number: "Update After",
        building_id: where.buildings[1] ?? null,
        floor_plan_id: where.plans[1] ?? null,
        occupied: true,
        date_available: null,
      }),
    );
    expect(saved).toMatchObject({
      unit_id: unit.unit_id,
      unit_number: "Update After",
      building_id: where.buildings[1],
      floor_plan_id: where.plans[1],
      occupied: true,
      date_available: null,
    });
    expect(await listByNumber("Update Before")).toEqual([]);
    const [row] = await listByNumber("Update After");
    expect(row).toMatchObject({ unit_id: unit.unit_id, building_id: where.buildings[1], occupied: true });
  });

  it("refuses a unit number already used in the same building or, outside buildings, the same property", async () => {
    const where = place(0);
    const [first, second] = [where.buildings[0] ?? null, where.buildings[1] ?? null];
    const buildingName = async (id: number | null) =>
      (
        await rows<{ name: string }>(
          sql`select coalesce(name, 'Building ' || building_number) as name from buildings where id = ${id}`,
        )
      )[0]?.name;
    const here = { property_id: where.propertyId, building_id: first };
    const unit = await create({ unit_number: "Twice 1", ...here });
    const again = await send("POST", "/units", { payload: form({ unit_number: "Twice 1", ...here }, where) });
    expect(again.statusCode, again.body).toBe(409);
    const message = `Unit Twice 1 already exists in ${await buildingName(first)}`;
    expect((again.json() as { error: { fields: Record<string, string[]> } }).error.fields).toEqual({
      unit_number: [message],
    });
    expect(await listByNumber("Twice 1")).toHaveLength(1);
    // The same number in another building, and outside any building, is another unit.
    const elsewhere = await create({ unit_number: "Twice 1", property_id: where.propertyId, building_id: second });
    const loose = await create({ unit_number: "Twice 1", property_id: where.propertyId, building_id: null });
    const looseAgain = await send("POST", "/units", {
      payload: form({ unit_number: "Twice 1", property_id: where.propertyId, building_id: null }, where),
    });
    expect(looseAgain.statusCode, looseAgain.body).toBe(409);
    // An edit may keep its own number, and may not take another unit's.
    await update(unit.unit_id, form({ ...here, unit_number: "Twice 1", occupied: true }, where));
    const taken = await send("PUT", `/units/${elsewhere.unit_id}`, {
      payload: form({ ...here, unit_number: "Twice 1" }, where),
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(await listByNumber("Twice 1")).toHaveLength(3);
    expect(loose.building_id).toBeNull();
  });

  it("refuses a building or floor plan of another property, or anything of another organization, with field messages", async () => {
    const [mine, other] = [place(0), place(1)];
    const theirs = place(0, bravo);
    const cases: [string, Partial<UnitFormInput>, Record<string, string[]>][] = [
      [
        "a building of another property",
        { building_id: other.buildings[0] },
        { building_id: [unitMessages.buildingOtherProperty] },
      ],
      [
        "a floor plan of another property",
        { floor_plan_id: other.plans[0] },
        { floor_plan_id: [unitMessages.floorPlanOtherProperty] },
      ],
      [
        "both of another property",
        { building_id: other.buildings[0], floor_plan_id: other.plans[0] },
        { building_id: [unitMessages.buildingOtherProperty], floor_plan_id: [unitMessages.floorPlanOtherProperty] },
      ],
      [
        "another organization's property",
        { property_id: theirs.propertyId, building_id: null, floor_plan_id: null },
        { property_id: [unitMessages.propertyUnknown] },
      ],
      [
        "another organization's building",
        { building_id: theirs.buildings[0] },
        { building_id: [unitMessages.buildingUnknown] },
      ],
      [
        "another organization's floor plan",
        { floor_plan_id: theirs.plans[0] },
        { floor_plan_id: [unitMessages.floorPlanUnknown] },
      ],
      [
        "another organization's everything",
        { property_id: theirs.propertyId, building_id: theirs.buildings[0], floor_plan_id: theirs.plans[0] },
        {
          property_id: [unitMessages.propertyUnknown],
          building_id: [unitMessages.buildingUnknown],
          floor_plan_id: [unitMessages.floorPlanUnknown],
        },
      ],
      [
        "unknown ids",
        { property_id: "00000000-0000-4000-8000-000000000000", building_id: 987654321, floor_plan_id: 2 ** 52 },
        {
          property_id: [unitMessages.propertyUnknown],
          building_id: [unitMessages.buildingUnknown],
          floor_plan_id: [unitMessages.floorPlanUnknown],
        },
      ],
    ];
    const unit = await create({ unit_number: "Refused Edit" });
    for (const [name, overrides, fields] of cases) {
      const payload = form({ unit_number: `Refused ${name}`, ...overrides }, mine);
      expect(fieldsOf(await send("POST", "/units", { payload })), name).toEqual(fields);
      expect(fieldsOf(await send("PUT", `/units/${unit.unit_id}`, { payload })), name).toEqual(fields);
    }
    // A floor plan that belongs to no property is no property's.
    const [loose] = await withOrg(t.db, { orgId: alpha.orgId }, (tx) =>
      tx.execute(sql`insert into floor_plans (organization_id, plan_name, bed_rooms, bath_rooms, base_rent_estimate)
        values (${alpha.orgId}, 'Loose plan', 1, 1, 900) returning id::int as id`),
    ).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const looseRes = await send("POST", "/units", { payload: form({ floor_plan_id: Number(loose?.id) }, mine) });
    expect(fieldsOf(looseRes)).toEqual({ floor_plan_id: [unitMessages.floorPlanOtherProperty] });
    expect((await listByNumber("Refused another organization's property")).length).toBe(0);
    expect((await history(unit.unit_id)).map((h) => h.action)).toEqual(["create"]);
    const [still] = await listByNumber("Refused Edit");
    expect(still).toMatchObject({ building_id: mine.buildings[0], floor_plan_id: mine.plans[0] });
  });

  it("moves a unit to another property without the old property's building or floor plan", async () => {
    const [from, to] = [place(0), place(1)];
    const unit = await create({ unit_number: "Mover" });
    // The form names the new property and leaves the old links as they were: they are cleared.
    const moved = await update(unit.unit_id, form({ unit_number: "Mover" }, { ...from, propertyId: to.propertyId }));
    expect(moved).toMatchObject({ property_id: to.propertyId, building_id: null, floor_plan_id: null });
    // Moving back with the new property's building and plan named: those are kept, and checked.
    const back = await update(unit.unit_id, form({ unit_number: "Mover" }, from));
    expect(back).toMatchObject({
      property_id: from.propertyId,
      building_id: from.buildings[0],
      floor_plan_id: from.plans[0],
    });
    // A building the form names is checked against the new property.
    const refused = await send("PUT", `/units/${unit.unit_id}`, {
      payload: form({ unit_number: "Mover", building_id: place(2).buildings[0] }, to),
    });
    expect(fieldsOf(refused)).toEqual({ building_id: [unitMessages.buildingOtherProperty] });
    const [entry] = await history(unit.unit_id);
    expect(entry?.changes).toMatchObject({
      property_id: { from: to.propertyId, to: from.propertyId },
      building_id: { from: null, to: from.buildings[0] },
      floor_plan_id: { from: null, to: from.plans[0] },
    });
  });

  it("moves a building's units along when the building moves to another property", async () => {
    const [from, to] = [place(2), place(1)];
    const building = from.buildings[1] ?? 0;
    const unit = await create({ unit_number: "Rides Along" }, alpha);
    await update(unit.unit_id, form({ unit_number: "Rides Along", building_id: building }, from));
    const [b] = await rows<{ name: string | null; building_number: number | null; number_of_units: number }>(
      sql`select name, building_number::float8 as building_number, number_of_units from buildings where id = ${building}`,
    );
    const res = await send("PUT", `/buildings/${building}`, {
      payload: {
        name: b?.name ?? "B",
        building_number: b?.building_number,
        number_of_units: b?.number_of_units,
        property_id: to.propertyId,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await listByNumber("Rides Along");
    expect(row).toMatchObject({ property_id: to.propertyId, building_id: building, floor_plan_id: null });
    const stranded = await rows<{ n: number }>(sql`
      select count(*)::int as n from units u join buildings b on b.organization_id = u.organization_id and b.id = u.building_id
      where u.organization_id = ${alpha.orgId} and b.property_id <> u.property_id`);
    expect(stranded[0]?.n).toBe(0);
    const [entry] = await history(unit.unit_id);
    expect(entry).toMatchObject({
      action: "update",
      changes: {
        property_id: { from: from.propertyId, to: to.propertyId },
        floor_plan_id: { from: from.plans[0], to: null },
      },
    });
  });

  it.each([
    ["a missing unit number", { unit_number: undefined }, "unit_number", unitMessages.unitNumberRequired],
    ["a blank unit number", { unit_number: "   " }, "unit_number", unitMessages.unitNumberRequired],
    [
      "a unit number over 50 characters",
      { unit_number: "9".repeat(51) },
      "unit_number",
      unitMessages.unitNumberTooLong,
    ],
    ["a missing property", { property_id: undefined }, "property_id", unitMessages.propertyRequired],
    ["a property id that is no UUID", { property_id: "12" }, "property_id", unitMessages.propertyRequired],
    ["a building id that is no number", { building_id: "tower" }, "building_id", unitMessages.building],
    ["a negative floor plan id", { floor_plan_id: -4 }, "floor_plan_id", unitMessages.floorPlan],
    ["negative bedrooms", { number_of_bedrooms: -1 }, "number_of_bedrooms", unitMessages.bedrooms],
    ["bathrooms over 50", { number_of_bathrooms: 51 }, "number_of_bathrooms", unitMessages.bathrooms],
    ["fractional square footage", { square_footage: 10.5 }, "square_footage", unitMessages.squareFootage],
    ["a day that does not exist", { date_available: "2026-02-30" }, "date_available", unitMessages.dateAvailable],
    ["a date in another format", { date_available: "12/01/2026" }, "date_available", unitMessages.dateAvailable],
    ["a status that is no flag", { occupied: "yes" }, "occupied", unitMessages.occupied],
  ] as const)("refuses %s with the form's message", async (_case, overrides, field, message) => {
    const payload = { ...form(), ...overrides };
    expect(fieldsOf(await send("POST", "/units", { payload }))[field]).toEqual([message]);
    // The dialog checks with the same schema and shows the same words.
    expect(unitFormSchema.safeParse(payload).error?.issues.map((i) => i.message)).toEqual([message]);
    expect(fieldsOf(await send("PUT", `/units/${seededId}`, { payload }))[field]).toEqual([message]);
  });

  it("deletes one unit and several, each with a history entry, and the list no longer shows them", async () => {
    const one = await create({ unit_number: "Delete One" });
    const res = await send("DELETE", `/units/${one.unit_id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await listByNumber("Delete One")).toEqual([]);
    expect((await send("DELETE", `/units/${one.unit_id}`)).statusCode).toBe(404);
    const made: UnitRecord[] = [];
    for (const n of [1, 2, 3]) made.push(await create({ unit_number: `Bulk ${n}` }));
    const ids = made.map((u) => u.unit_id);
    const bulk = await send("POST", "/units/delete", { payload: { ids: [...ids, ids[0], 987654321] } });
    expect(bulk.json()).toEqual({ deleted: 3 });
    for (const [i, id] of ids.entries()) {
      expect(await listByNumber(`Bulk ${i + 1}`)).toEqual([]);
      expect((await history(id)).map((h) => h.action)).toEqual(["delete", "create"]);
    }
    const [gone] = await history(one.unit_id);
    expect(gone?.changes.unit_number).toEqual({ from: "Delete One", to: null });
  });

  it("puts deleted units back on Undo with their ids and values, without links that are gone", async () => {
    const where = place(0);
    const pair = [await create({ unit_number: "Undo 1", occupied: true }), await create({ unit_number: "Undo 2" })];
    const ids = pair.map((u) => u.unit_id);
    expect((await send("POST", "/units/delete", { payload: { ids } })).json()).toEqual({ deleted: 2 });
    const foreign = await send("POST", "/units/restore", { org: bravo, payload: { ids } });
    expect(foreign.json()).toEqual({ restored: 0, ids: [] });
    const res = await send("POST", "/units/restore", { payload: { ids: [...ids, 987654321] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ restored: 2, ids });
    const [back] = await listByNumber("Undo 1");
    expect(back).toMatchObject({
      unit_id: ids[0],
      building_id: where.buildings[0],
      floor_plan_id: where.plans[0],
      occupied: true,
      number_of_bathrooms: 1.5,
      date_available: "2026-12-01",
    });
    const [restore] = await history(ids[0] ?? 0);
    expect(restore).toMatchObject({ action: "restore", changes: { unit_number: { from: null, to: "Undo 1" } } });
    // Once only.
    expect((await send("POST", "/units/restore", { payload: { ids } })).json()).toEqual({ restored: 0, ids: [] });

    // Its floor plan deleted meanwhile, and its building moved to another property: it comes back
    // in its property, without them.
    const [plan] = await rows<{ id: number }>(sql`
      insert into floor_plans (organization_id, property_id, plan_name, bed_rooms, bath_rooms, base_rent_estimate)
      values (${alpha.orgId}, ${where.propertyId}, 'Short-lived plan', 1, 1, 900) returning id::int as id`);
    const lonely = await create({
      unit_number: "Undo Lonely",
      building_id: where.buildings[1],
      floor_plan_id: plan?.id,
    });
    expect((await send("DELETE", `/units/${lonely.unit_id}`)).statusCode).toBe(204);
    await withOrg(t.db, { orgId: alpha.orgId }, async (tx) => {
      await tx.execute(sql`delete from floor_plans where id = ${plan?.id}`);
      await tx.execute(sql`update buildings set property_id = ${place(1).propertyId} where id = ${where.buildings[1]}`);
    });
    expect((await send("POST", "/units/restore", { payload: { ids: [lonely.unit_id] } })).json()).toEqual({
      restored: 1,
      ids: [lonely.unit_id],
    });
    const [alone] = await listByNumber("Undo Lonely");
    expect(alone).toMatchObject({ property_id: where.propertyId, building_id: null, floor_plan_id: null });
    expect(fieldsOf(await send("POST", "/units/restore", { payload: { ids: [] } }))).toEqual({
      ids: [restoreMessages.idsRequired],
    });
  });

  it("does not restore a unit whose property is gone", async () => {
    const property = alpha.places.at(-1)?.propertyId ?? "";
    const unit = await create({ unit_number: "Orphan", building_id: null, floor_plan_id: null, property_id: property });
    expect((await send("DELETE", `/units/${unit.unit_id}`)).statusCode).toBe(204);
    await withOrg(t.db, { orgId: alpha.orgId }, (tx) => tx.execute(sql`delete from properties where id = ${property}`));
    alpha.places.pop();
    expect((await send("POST", "/units/restore", { payload: { ids: [unit.unit_id] } })).json()).toEqual({
      restored: 0,
      ids: [],
    });
  });

  it("keeps a history of who changed what, newest first, still readable after the delete", async () => {
    const where = place(0);
    const unit = await create({ unit_number: "History 1", occupied: false });
    // A save that changes nothing is no event.
    expect((await update(unit.unit_id, form({ unit_number: "History 1" }))).unit_number).toBe("History 1");
    await update(unit.unit_id, form({ unit_number: "History 1", occupied: true, date_available: null }));
    await update(
      unit.unit_id,
      form({ unit_number: "History 2", occupied: true, date_available: null, floor_plan_id: where.plans[1] }),
    );
    const entries = await history(unit.unit_id);
    expect(entries.map((h) => h.action)).toEqual(["update", "update", "create"]);
    const [renamed, occupied, created] = entries;
    const admin = { id: alpha.adminUserId, name: "alpha Admin" };
    expect(renamed).toMatchObject({
      changed_by: admin,
      changes: {
        unit_number: { from: "History 1", to: "History 2" },
        floor_plan_id: { from: where.plans[0], to: where.plans[1] },
      },
    });
    expect(Object.keys(renamed?.changes ?? {}).sort()).toEqual(["floor_plan_id", "unit_number"]);
    expect(occupied?.changes).toEqual({
      occupied: { from: false, to: true },
      date_available: { from: "2026-12-01", to: null },
    });
    expect(created?.changes).toEqual({
      unit_number: { from: null, to: "History 1" },
      property_id: { from: null, to: where.propertyId },
      building_id: { from: null, to: where.buildings[0] },
      floor_plan_id: { from: null, to: where.plans[0] },
      number_of_bedrooms: { from: null, to: 2 },
      number_of_bathrooms: { from: null, to: 1.5 },
      square_footage: { from: null, to: 950 },
      date_available: { from: null, to: "2026-12-01" },
      occupied: { from: null, to: false },
    });
    expect((await send("DELETE", `/units/${unit.unit_id}`)).statusCode).toBe(204);
    const after = await history(unit.unit_id);
    expect(after.map((h) => h.action)).toEqual(["delete", "update", "update", "create"]);
    expect(after[0]?.changes.occupied).toEqual({ from: true, to: null });
    expect(await history(seededId)).toEqual([]);
  });

  it("records the same fields when a property's delete takes its units", async () => {
    const property = alpha.places.at(-1);
    if (!property) throw new Error("no property left");
    const unit = await create({ unit_number: "Goes With Property" });
    await update(unit.unit_id, form({ unit_number: "Goes With Property" }, property));
    const res = await send("DELETE", `/properties/${property.propertyId}?cascade=true`);
    expect(res.statusCode, res.body).toBe(204);
    alpha.places.pop();
    const [gone] = await history(unit.unit_id);
    expect(gone?.action).toBe("delete");
    expect(Object.keys(gone?.changes ?? {}).sort()).toEqual(Object.keys(unitFormSchema.shape).sort());
    expect(gone?.changes).toMatchObject({
      building_id: { from: property.buildings[0], to: null },
      number_of_bathrooms: { from: 1.5, to: null },
      date_available: { from: "2026-12-01", to: null },
    });
  });

  it("writes no unit and no history when the change's transaction fails", async () => {
    const actor = { orgId: alpha.orgId, userId: alpha.adminUserId };
    const message = await withOrg(t.db, actor, async (tx) => {
      const unit = await createUnit(tx, actor, unitFormSchema.parse(form({ unit_number: "Rolled Back" })));
      throw new Error(`failure after creating ${unit.unit_id}`);
    }).then(
      () => "",
      (err: Error) => err.message,
    );
    const id = Number(message.replace("failure after creating ", ""));
    expect(id).toBeGreaterThan(0);
    expect(await listByNumber("Rolled Back")).toEqual([]);
    expect((await send("GET", `/units/${id}/history`)).statusCode).toBe(404);
  });

  it("answers 404 on every unit endpoint for another organization's unit, and leaves it alone", async () => {
    const theirs = await create({ unit_number: "Bravo Private" }, bravo);
    for (const res of [
      await send("PUT", `/units/${theirs.unit_id}`, { payload: form({ unit_number: "Stolen" }) }),
      await send("DELETE", `/units/${theirs.unit_id}`),
      await send("GET", `/units/${theirs.unit_id}`),
      await send("GET", `/units/${theirs.unit_id}/history`),
      await send("GET", "/units/987654321"),
      await send("PUT", "/units/987654321", { payload: form() }),
      await send("DELETE", "/units/987654321"),
      await send("GET", "/units/987654321/history"),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: unitMessages.notFound } });
    }
    expect((await send("POST", "/units/delete", { payload: { ids: [theirs.unit_id] } })).json()).toEqual({
      deleted: 0,
    });
    expect((await send("POST", "/units/restore", { payload: { ids: [theirs.unit_id] } })).json()).toEqual({
      restored: 0,
      ids: [],
    });
    expect((await listByNumber("Bravo Private")).length).toBe(0);
    const [still] = await listByNumber("Bravo Private", bravo);
    expect(still).toMatchObject({ unit_id: theirs.unit_id, unit_number: "Bravo Private" });
    expect((await history(theirs.unit_id, bravo)).map((h) => h.action)).toEqual(["create"]);
    // The floor plan a unit form reads is the organization's own too.
    const plan = place(0, bravo).plans[0];
    expect((await send("GET", `/floor-plans/${plan}`)).statusCode).toBe(404);
    const own = await send("GET", `/floor-plans/${plan}`, { org: bravo });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: plan, bed_rooms: expect.any(Number) });
  });

  it("keeps the static paths apart from /units/:unit_id, and answers 401 signed out and 403 without CSRF", async () => {
    expect((await send("GET", "/units")).statusCode).toBe(200);
    expect((await send("PUT", "/units/delete", { payload: form() })).statusCode).toBe(400);
    expect((await send("DELETE", "/units/restore")).statusCode).toBe(400);
    expect((await send("GET", "/units/0/history")).statusCode).toBe(400);
    expect((await send("GET", "/units/abc")).statusCode).toBe(400);
    expect((await send("GET", `/units/${2 ** 60}/history`)).statusCode).toBe(400);
    const id = seededId;
    const writes = [
      ["POST", "/units", form()],
      ["PUT", `/units/${id}`, form()],
      ["DELETE", `/units/${id}`, undefined],
      ["POST", "/units/delete", { ids: [id] }],
      ["POST", "/units/restore", { ids: [id] }],
    ] as const;
    for (const [method, url, payload] of writes) {
      expect((await send(method, url, { org: null, payload })).statusCode).toBe(401);
      expect((await send(method, url, { payload, csrf: false })).statusCode).toBe(403);
    }
    expect((await send("GET", `/units/${id}/history`, { org: null })).statusCode).toBe(401);
    expect((await send("GET", "/units", { org: null })).statusCode).toBe(401);
    expect(await history(id)).toEqual([]);
  });
});
