import {
  type BuildingFormInput,
  buildingFormSchema,
  buildingListSchema,
  buildingMessages,
  buildingResponseSchema,
  buildingRowSchema,
  buildingTypeListSchema,
} from "@keyholder/contracts/buildings";
import { historySchema, restoreMessages } from "@keyholder/contracts/history";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem, withOrg } from "../../db/client.ts";
import { createBuilding } from "./create-building.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>> & { propertyIds: string[] };

describe("building writes and history", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  let typeIds: number[];
  /** A demo building no test deletes, written before auditing existed. */
  let seededId: number;

  const propertiesOf = (orgId: string) =>
    asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select id from properties where organization_id = ${orgId} order by name, id`,
      )) as unknown as { rows: { id: string }[] };
      return rows.map((r) => String(r.id));
    });

  beforeAll(async () => {
    t = await createTestApp();
    const a = await signedInOrganization(t, "alpha", { scale: 300, seed: 31 });
    const b = await signedInOrganization(t, "bravo", { scale: 60, seed: 32 });
    alpha = { ...a, propertyIds: await propertiesOf(a.orgId) };
    bravo = { ...b, propertyIds: await propertiesOf(b.orgId) };
    expect(alpha.propertyIds.length).toBeGreaterThan(1);
    const types = await t.app.inject({
      method: "GET",
      url: "/api/v1/building-types",
      cookies: { kh_session: alpha.cookie },
    });
    typeIds = buildingTypeListSchema.parse(types.json()).building_types.map((bt) => bt.id);
    seededId = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select max(id) as id from buildings where organization_id = ${a.orgId}`,
      )) as unknown as { rows: { id: number }[] };
      return Number(rows[0]?.id);
    });
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const form = (overrides: Partial<BuildingFormInput> = {}): BuildingFormInput => ({
    name: "Harbor View",
    building_number: 12,
    number_of_units: 40,
    building_type: typeIds[0] ?? null,
    property_id: alpha.propertyIds[0] ?? "",
    ...overrides,
  });
  const create = async (overrides: Partial<BuildingFormInput> = {}, org: Org = alpha) => {
    const res = await send("POST", "/buildings", {
      org,
      payload: form({ property_id: org.propertyIds[0] ?? "", ...overrides }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return buildingResponseSchema.parse(res.json()).building;
  };
  const listByName = async (name: string, org: Org = alpha) => {
    const res = await send("GET", `/buildings/details?${new URLSearchParams({ filters: JSON.stringify({ name }) })}`, {
      org,
    });
    expect(res.statusCode, res.body).toBe(200);
    return buildingListSchema.parse(res.json()).buildings;
  };
  const history = async (id: number, org: Org = alpha) => {
    const res = await send("GET", `/buildings/${id}/history`, { org });
    expect(res.statusCode, res.body).toBe(200);
    return historySchema.parse(res.json()).history;
  };
  const fieldsOf = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    return (res.json() as { error: { fields: Record<string, string[]> } }).error.fields;
  };

  it("lists the building types by name", async () => {
    const res = await send("GET", "/building-types");
    const names = buildingTypeListSchema.parse(res.json()).building_types.map((bt) => bt.name);
    expect(names).toContain("Residential Apartment");
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
  });

  it("creates a building that the list then shows, stamped with its creator", async () => {
    const building = await create({ name: "  Create Test Tower  ", building_type: typeIds[1] ?? null });
    expect(building).toEqual({
      id: expect.any(Number),
      name: "Create Test Tower",
      building_number: 12,
      number_of_units: 40,
      building_type: typeIds[1],
      property_id: alpha.propertyIds[0],
      zone_id: null,
    });
    const [row, ...rest] = await listByName("Create Test Tower");
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      id: building.id,
      name: "Create Test Tower",
      building_type: typeIds[1],
      property_id: alpha.propertyIds[0],
      created_by: alpha.adminUserId,
      last_modified_by: alpha.adminUserId,
      total_units: 0,
    });
    // Optional fields may be left out of the form.
    const bare = await create({ name: "Create Test Bare", building_number: undefined, building_type: undefined });
    expect(bare).toMatchObject({ building_number: null, building_type: null, number_of_units: 40 });
  });

  it("reads one building as the grid shows it, in its own organization only", async () => {
    const made = await create({ name: "Single Read" });
    const res = await send("GET", `/buildings/${made.id}`);
    expect(res.statusCode).toBe(200);
    expect(buildingRowSchema.parse(res.json())).toEqual((await listByName("Single Read"))[0]);
    expect((await send("GET", `/buildings/${made.id}`, { org: bravo })).statusCode).toBe(404);
  });

  it("updates a building, and the list shows the new values", async () => {
    const building = await create({ name: "Update Test Before" });
    const [listed] = await listByName("Update Test Before");
    const res = await send("PUT", `/buildings/${building.id}`, {
      payload: form({ name: "Update Test After", number_of_units: 41, property_id: alpha.propertyIds[1] ?? "" }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(buildingResponseSchema.parse(res.json()).building).toMatchObject({
      id: building.id,
      name: "Update Test After",
      number_of_units: 41,
      property_id: alpha.propertyIds[1],
    });
    expect(await listByName("Update Test Before")).toEqual([]);
    const [row] = await listByName("Update Test After");
    expect(row).toMatchObject({ id: building.id, number_of_units: 41, property_id: alpha.propertyIds[1] });
    expect(Date.parse(row?.last_modified_date ?? "")).toBeGreaterThanOrEqual(
      Date.parse(listed?.last_modified_date ?? ""),
    );
  });

  it("deletes one building, and the list no longer shows it", async () => {
    const building = await create({ name: "Delete Test One" });
    const res = await send("DELETE", `/buildings/${building.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await listByName("Delete Test One")).toEqual([]);
    expect((await send("DELETE", `/buildings/${building.id}`)).statusCode).toBe(404);
  });

  it("deletes several buildings in one request, each with a history entry", async () => {
    const made = [];
    for (const n of [1, 2, 3]) made.push(await create({ name: `Bulk Test ${n}` }));
    const keep = await create({ name: "Bulk Test Keep" });
    const ids = made.map((b) => b.id);
    const res = await send("POST", "/buildings/delete", { payload: { ids: [...ids, ids[0], 987654321] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 3 });
    expect((await listByName("Bulk Test")).map((b) => b.id)).toEqual([keep.id]);
    for (const id of ids) expect((await history(id)).map((h) => h.action)).toEqual(["delete", "create"]);
  });

  it("answers units on a deleted building as no longer in a building", async () => {
    const [withUnits] = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select building_id as id, count(*)::int as n from units
            where organization_id = ${alpha.orgId} and building_id is not null group by 1 order by 1 limit 1`,
      )) as unknown as { rows: { id: number; n: number }[] };
      return rows;
    });
    expect(withUnits).toBeDefined();
    const res = await send("DELETE", `/buildings/${withUnits?.id}`);
    expect(res.statusCode, res.body).toBe(204);
    const left = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select count(*)::int as n from units where organization_id = ${alpha.orgId} and building_id = ${withUnits?.id}`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]?.n;
    });
    expect(left).toBe(0);
  });

  it("puts deleted buildings back on Undo with their ids, values, units and counts, and a restore in the history", async () => {
    const buildingState = (id: number) =>
      asSystem(t.db, async (tx) => {
        const { rows } = (await tx.execute(
          sql`select b.name, b.property_name, b.total_units, b.occupied_units,
                     (select count(*)::int from units u where u.organization_id = b.organization_id and u.building_id = b.id) as linked
                from buildings b where b.organization_id = ${alpha.orgId} and b.id = ${id}`,
        )) as unknown as { rows: Record<string, unknown>[] };
        return rows[0] ?? null;
      });
    const [busiest] = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select id from buildings where organization_id = ${alpha.orgId} and occupied_units > 0
            order by total_units desc, id limit 1`,
      )) as unknown as { rows: { id: number }[] };
      return rows.map((r) => Number(r.id));
    });
    if (busiest === undefined) throw new Error("the seeded organization has no occupied building");
    const before = await buildingState(busiest);
    expect(before?.linked).toBeGreaterThan(0);

    expect((await send("DELETE", `/buildings/${busiest}`)).statusCode).toBe(204);
    expect(await buildingState(busiest)).toBeNull();
    // Another organization cannot bring it back, or learn that it exists.
    const foreign = await send("POST", "/buildings/restore", { org: bravo, payload: { ids: [busiest] } });
    expect(foreign.json()).toEqual({ restored: 0, ids: [] });

    const res = await send("POST", "/buildings/restore", { payload: { ids: [busiest] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ restored: 1, ids: [busiest] });
    expect(await buildingState(busiest)).toEqual(before);
    const [restore] = await history(busiest);
    expect(restore).toMatchObject({ action: "restore", changed_by: { name: "alpha Admin" } });
    expect(restore?.changes.name).toEqual({ from: null, to: before?.name });
    // Undo is once: the deleted copy is gone now.
    expect((await send("POST", "/buildings/restore", { payload: { ids: [busiest] } })).json()).toEqual({
      restored: 0,
      ids: [],
    });

    const pair = [await create({ name: "Undo Pair 1" }), await create({ name: "Undo Pair 2" })].map((b) => b.id);
    expect((await send("POST", "/buildings/delete", { payload: { ids: pair } })).json()).toEqual({ deleted: 2 });
    const both = await send("POST", "/buildings/restore", { payload: { ids: [...pair, 987654321] } });
    expect(both.json()).toEqual({ restored: 2, ids: [...pair].sort((a, b) => a - b) });
    expect((await listByName("Undo Pair")).map((b) => b.name)).toEqual(["Undo Pair 1", "Undo Pair 2"]);
  });

  it("does not restore a building whose property is gone, and refuses an empty Undo", async () => {
    const property = alpha.propertyIds.at(-1) ?? "";
    const orphan = await create({ name: "Undo Orphan", property_id: property });
    expect((await send("DELETE", `/buildings/${orphan.id}`)).statusCode).toBe(204);
    await withOrg(t.db, { orgId: alpha.orgId }, (tx) => tx.execute(sql`delete from properties where id = ${property}`));
    alpha.propertyIds.pop();
    const res = await send("POST", "/buildings/restore", { payload: { ids: [orphan.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ restored: 0, ids: [] });
    const empty = await send("POST", "/buildings/restore", { payload: { ids: [] } });
    expect(fieldsOf(empty)).toEqual({ ids: [restoreMessages.idsRequired] });
  });

  it.each([
    ["a missing name", { name: undefined }, "name", buildingMessages.nameRequired],
    ["a blank name", { name: "   " }, "name", buildingMessages.nameRequired],
    ["a name over 200 characters", { name: "x".repeat(201) }, "name", buildingMessages.nameTooLong],
    ["a negative building number", { building_number: -1 }, "building_number", buildingMessages.buildingNumber],
    ["a fractional building number", { building_number: 1.5 }, "building_number", buildingMessages.buildingNumber],
    ["a negative unit count", { number_of_units: -3 }, "number_of_units", buildingMessages.numberOfUnits],
    ["a unit count over 100,000", { number_of_units: 100_001 }, "number_of_units", buildingMessages.numberOfUnits],
    ["a building type that is no number", { building_type: "tower" }, "building_type", buildingMessages.buildingType],
    ["a missing property", { property_id: undefined }, "property_id", buildingMessages.propertyRequired],
    ["a property id that is no UUID", { property_id: "12" }, "property_id", buildingMessages.propertyRequired],
  ] as const)("refuses %s with the form's message", async (_case, overrides, field, message) => {
    const payload = { ...form(), ...overrides };
    const created = await send("POST", "/buildings", { payload });
    expect(fieldsOf(created)[field]).toEqual([message]);
    // The dialog checks with the same schema and shows the same words.
    const local = buildingFormSchema.safeParse(payload);
    expect(local.error?.issues.map((i) => i.message)).toEqual([message]);
    const updated = await send("PUT", `/buildings/${seededId}`, { payload });
    expect(fieldsOf(updated)[field]).toEqual([message]);
  });

  it("refuses an unknown property, another organization's property and an unknown type", async () => {
    const unknown = await send("POST", "/buildings", {
      payload: form({ property_id: "00000000-0000-4000-8000-000000000000" }),
    });
    expect(fieldsOf(unknown)).toEqual({ property_id: [buildingMessages.propertyUnknown] });
    const foreign = await send("POST", "/buildings", { payload: form({ property_id: bravo.propertyIds[0] ?? "" }) });
    expect(fieldsOf(foreign)).toEqual({ property_id: [buildingMessages.propertyUnknown] });
    const badType = await send("POST", "/buildings", { payload: form({ building_type: 999_999 }) });
    expect(fieldsOf(badType)).toEqual({ building_type: [buildingMessages.buildingType] });
    const hugeType = await send("POST", "/buildings", { payload: form({ building_type: 2 ** 40 }) });
    expect(fieldsOf(hugeType)).toEqual({ building_type: [buildingMessages.buildingType] });
    const both = await send("POST", "/buildings", {
      payload: form({ name: "Refused Both", property_id: bravo.propertyIds[0] ?? "", building_type: 999_999 }),
    });
    expect(fieldsOf(both)).toEqual({
      property_id: [buildingMessages.propertyUnknown],
      building_type: [buildingMessages.buildingType],
    });
    const mine = await create({ name: "Refused Move" });
    const moved = await send("PUT", `/buildings/${mine.id}`, {
      payload: form({ name: "Refused Move", property_id: bravo.propertyIds[0] ?? "" }),
    });
    expect(fieldsOf(moved)).toEqual({ property_id: [buildingMessages.propertyUnknown] });
    expect(await listByName("Refused Both")).toEqual([]);
    expect((await history(mine.id)).map((h) => h.action)).toEqual(["create"]);
  });

  it("answers 404 for another organization's building and leaves it alone", async () => {
    const theirs = await create({ name: "Bravo Private" }, bravo);
    for (const res of [
      await send("PUT", `/buildings/${theirs.id}`, { payload: form({ name: "Stolen" }) }),
      await send("DELETE", `/buildings/${theirs.id}`),
      await send("GET", `/buildings/${theirs.id}/history`),
      await send("PUT", "/buildings/987654321", { payload: form() }),
      await send("GET", "/buildings/987654321/history"),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: buildingMessages.notFound } });
    }
    const bulk = await send("POST", "/buildings/delete", { payload: { ids: [theirs.id] } });
    expect(bulk.json()).toEqual({ deleted: 0 });
    const [still] = await listByName("Bravo Private", bravo);
    expect(still).toMatchObject({ id: theirs.id, name: "Bravo Private" });
    expect((await history(theirs.id, bravo)).map((h) => h.action)).toEqual(["create"]);
  });

  it("keeps a history of who changed what, newest first, still readable after the delete", async () => {
    const building = await create({ name: "History Tower", building_number: 7, building_type: null });
    // A save that changes nothing is no event.
    const same = await send("PUT", `/buildings/${building.id}`, {
      payload: form({ name: "History Tower", building_number: 7, building_type: null }),
    });
    expect(same.statusCode).toBe(200);
    await send("PUT", `/buildings/${building.id}`, {
      payload: form({ name: "History Tower II", building_number: 8, building_type: null }),
    });
    await send("PUT", `/buildings/${building.id}`, {
      payload: form({ name: "History Tower II", building_number: 8, building_type: typeIds[2] ?? null }),
    });
    const entries = await history(building.id);
    expect(entries.map((h) => h.action)).toEqual(["update", "update", "create"]);
    const [typed, renamed, created] = entries;
    const admin = { id: alpha.adminUserId, name: "alpha Admin" };
    expect(typed).toMatchObject({ changed_by: admin, changes: { building_type: { from: null, to: typeIds[2] } } });
    expect(renamed).toMatchObject({
      changed_by: admin,
      changes: { name: { from: "History Tower", to: "History Tower II" }, building_number: { from: 7, to: 8 } },
    });
    expect(Object.keys(renamed?.changes ?? {}).sort()).toEqual(["building_number", "name"]);
    expect(created?.changes).toEqual({
      name: { from: null, to: "History Tower" },
      building_number: { from: null, to: 7 },
      number_of_units: { from: null, to: 40 },
      building_type: { from: null, to: null },
      property_id: { from: null, to: alpha.propertyIds[0] },
      zone_id: { from: null, to: null },
    });
    const times = entries.map((h) => Date.parse(h.changed_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(Math.abs((times[0] ?? 0) - Date.now())).toBeLessThan(60_000);

    expect((await send("DELETE", `/buildings/${building.id}`)).statusCode).toBe(204);
    const after = await history(building.id);
    expect(after.map((h) => h.action)).toEqual(["delete", "update", "update", "create"]);
    expect(after[0]?.changes.name).toEqual({ from: "History Tower II", to: null });
    expect(after[0]?.changes.building_type).toEqual({ from: typeIds[2], to: null });
  });

  it("shows an empty history for a building that predates auditing", async () => {
    expect(await history(seededId)).toEqual([]);
  });

  it("names a removed user as nobody", async () => {
    const building = await create({ name: "Orphan History" });
    await asSystem(t.db, (tx) =>
      tx.execute(
        sql`update audit_log set changed_by = 999999 where entity = 'building' and entity_id = ${String(building.id)}`,
      ),
    );
    const [entry] = await history(building.id);
    expect(entry?.changed_by).toBeNull();
  });

  it("writes no history when the change's transaction fails", async () => {
    const attempt = withOrg(t.db, { orgId: alpha.orgId, userId: alpha.adminUserId }, async (tx) => {
      const building = await createBuilding(
        tx,
        { orgId: alpha.orgId, userId: alpha.adminUserId },
        buildingFormSchema.parse(form({ name: "Rolled Back Tower" })),
      );
      throw new Error(`failure after creating ${building.id}`);
    });
    const message = await attempt.then(
      () => "",
      (err: Error) => err.message,
    );
    const id = Number(message.replace("failure after creating ", ""));
    expect(id).toBeGreaterThan(0);
    expect(await listByName("Rolled Back Tower")).toEqual([]);
    const rows = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select count(*)::int as n from audit_log where entity = 'building' and entity_id = ${String(id)}`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]?.n;
    });
    expect(rows).toBe(0);
    expect((await send("GET", `/buildings/${id}/history`)).statusCode).toBe(404);
  });

  it("keeps the static paths apart from /buildings/:id", async () => {
    expect((await send("GET", "/buildings/details")).statusCode).toBe(200);
    expect((await send("PUT", "/buildings/details", { payload: form() })).statusCode).toBe(400);
    expect((await send("DELETE", "/buildings/delete")).statusCode).toBe(400);
    expect((await send("GET", "/buildings/0/history")).statusCode).toBe(400);
    const empty = await send("POST", "/buildings/delete", { payload: { ids: [] } });
    expect(fieldsOf(empty).ids).toBeDefined();
  });

  it("answers 401 when signed out and 403 without the CSRF header", async () => {
    const id = seededId;
    const writes = [
      ["POST", "/buildings", form()],
      ["PUT", `/buildings/${id}`, form()],
      ["DELETE", `/buildings/${id}`, undefined],
      ["POST", "/buildings/delete", { ids: [id] }],
    ] as const;
    for (const [method, url, payload] of writes) {
      expect((await send(method, url, { org: null, payload })).statusCode).toBe(401);
      expect((await send(method, url, { payload, csrf: false })).statusCode).toBe(403);
    }
    expect((await send("GET", `/buildings/${id}/history`, { org: null })).statusCode).toBe(401);
    expect((await send("GET", "/building-types", { org: null })).statusCode).toBe(401);
    expect(await history(id)).toEqual([]);
  });
});
