import { buildingMessages, buildingResponseSchema } from "@keyholder/contracts/buildings";
import { historySchema, restoreMessages } from "@keyholder/contracts/history";
import {
  propertyZonesSchema,
  type ZoneFormInput,
  zoneFormSchema,
  zoneListSchema,
  zoneMessages,
  zoneOverviewSchema,
  zoneResponseSchema,
} from "@keyholder/contracts/zones";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem, withOrg } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>> & { propertyIds: string[] };

describe("zone writes, figures and history", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  /** A demo zone no test deletes, written before auditing existed. */
  let seededId: number;

  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const propertiesOf = (orgId: string) =>
    asSystem(t.db, async (tx) =>
      rows<{ id: string }>(
        await tx.execute(sql`select id from properties where organization_id = ${orgId} order by name, id`),
      ).map((r) => String(r.id)),
    );

  beforeAll(async () => {
    t = await createTestApp();
    const a = await signedInOrganization(t, "alpha", { scale: 300, seed: 41 });
    const b = await signedInOrganization(t, "bravo", { scale: 60, seed: 42 });
    alpha = { ...a, propertyIds: await propertiesOf(a.orgId) };
    bravo = { ...b, propertyIds: await propertiesOf(b.orgId) };
    expect(alpha.propertyIds.length).toBeGreaterThan(2);
    seededId = await asSystem(t.db, async (tx) =>
      Number(
        rows<{ id: number }>(
          await tx.execute(sql`select max(id) as id from zones where organization_id = ${a.orgId}`),
        )[0]?.id,
      ),
    );
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const form = (overrides: Partial<ZoneFormInput> = {}): ZoneFormInput => ({
    name: "Harbor Court",
    description: "Buildings by the water",
    logo: "https://example.com/logo.png",
    secondary_url: "http://residents.example.com/harbor",
    url: "https://example.com/harbor-court",
    tax_id: "12-3456789",
    property_id: alpha.propertyIds[0] ?? "",
    ...overrides,
  });
  const create = async (overrides: Partial<ZoneFormInput> = {}, org: Org = alpha) => {
    const res = await send("POST", "/zones", {
      org,
      payload: form({ property_id: org.propertyIds[0] ?? "", ...overrides }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return zoneResponseSchema.parse(res.json()).zone;
  };
  const listByName = async (name: string, org: Org = alpha) => {
    const res = await send("GET", `/zones?${new URLSearchParams({ filters: JSON.stringify({ name }) })}`, { org });
    expect(res.statusCode, res.body).toBe(200);
    return zoneListSchema.parse(res.json()).zones;
  };
  const history = async (entity: "zones" | "buildings", id: number, org: Org = alpha) => {
    const res = await send("GET", `/${entity}/${id}/history`, { org });
    expect(res.statusCode, res.body).toBe(200);
    return historySchema.parse(res.json()).history;
  };
  const overview = async (id: number) => {
    const res = await send("GET", `/zones/${id}/overview`);
    expect(res.statusCode, res.body).toBe(200);
    return zoneOverviewSchema.parse(res.json());
  };
  const fieldsOf = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    return (res.json() as { error: { fields: Record<string, string[]> } }).error.fields;
  };
  /** A building added through the API, in a zone or none. */
  const addBuilding = async (name: string, propertyId: string, zoneId: number | null, org: Org = alpha) => {
    const res = await send("POST", "/buildings", {
      org,
      payload: { name, number_of_units: 0, property_id: propertyId, zone_id: zoneId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return buildingResponseSchema.parse(res.json()).building;
  };
  const moveBuilding = (id: number, name: string, propertyId: string, zoneId: number | null) =>
    send("PUT", `/buildings/${id}`, {
      payload: { name, number_of_units: 0, property_id: propertyId, zone_id: zoneId },
    });
  /** Units added to a building as the request role, `occupied` of them occupied. */
  const addUnits = (buildingId: number, propertyId: string, total: number, occupied: number) =>
    withOrg(t.db, { orgId: alpha.orgId }, (tx) =>
      tx.execute(sql`
        insert into units (organization_id, property_id, building_id, unit_number, occupied)
        select ${alpha.orgId}, ${propertyId}, ${buildingId}, 'T' || n, n <= ${occupied}::int
          from generate_series(1, ${total}::int) n`),
    );
  /** A zone's figures as the list shows them. */
  const listed = async (id: number, name: string) => {
    const zone = (await listByName(name)).find((z) => z.id === id);
    if (!zone) throw new Error(`zone ${id} is not listed`);
    return { buildings: zone.building_count, units: zone.total_units, occupied_units: zone.occupied_units };
  };

  it("creates a zone that the list then shows with its property and location, stamped with its creator", async () => {
    const zone = await create({ name: "  Create Test Court  ", tax_id: " 98-7654321 " });
    expect(zone).toEqual({
      id: expect.any(Number),
      name: "Create Test Court",
      description: "Buildings by the water",
      logo: "https://example.com/logo.png",
      secondary_url: "http://residents.example.com/harbor",
      url: "https://example.com/harbor-court",
      tax_id: "98-7654321",
      property_id: alpha.propertyIds[0],
    });
    const [row, ...rest] = await listByName("Create Test Court");
    expect(rest).toEqual([]);
    const [property] = await asSystem(t.db, async (tx) =>
      rows<{ name: string; city: string; state_name: string }>(
        await tx.execute(sql`select p.name, a.city, s.state_name from properties p
          join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
          join us_states s on s.id = a.state_id where p.id = ${alpha.propertyIds[0]}`),
      ),
    );
    expect(row).toMatchObject({
      id: zone.id,
      property_id: alpha.propertyIds[0],
      property: { name: property?.name },
      address: { city: property?.city, state: { state_name: property?.state_name } },
      building_count: 0,
      total_units: 0,
      occupied_units: 0,
      created_by: alpha.adminUserId,
      last_modified_by: alpha.adminUserId,
    });
    // The editor opened from a related-items tab reads the one row, the same as the list shows it.
    const one = await send("GET", `/zones/${zone.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(row);
    // Everything but the name and property may be left out; blanks are stored as nothing.
    const bare = await create({
      name: "Create Test Bare",
      description: "  ",
      logo: "",
      secondary_url: null,
      url: undefined,
      tax_id: undefined,
    });
    expect(bare).toMatchObject({ description: null, logo: null, secondary_url: null, url: null, tax_id: null });
  });

  it("updates a zone, and the list shows the new values", async () => {
    const zone = await create({ name: "Update Test Before" });
    const res = await send("PUT", `/zones/${zone.id}`, {
      payload: form({
        name: "Update Test After",
        url: "https://example.com/after",
        property_id: alpha.propertyIds[1] ?? "",
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zoneResponseSchema.parse(res.json()).zone).toMatchObject({
      id: zone.id,
      name: "Update Test After",
      url: "https://example.com/after",
      property_id: alpha.propertyIds[1],
    });
    expect(await listByName("Update Test Before")).toEqual([]);
    const [row] = await listByName("Update Test After");
    expect(row).toMatchObject({ id: zone.id, url: "https://example.com/after", property_id: alpha.propertyIds[1] });
  });

  it.each([
    ["a missing name", { name: undefined }, "name", zoneMessages.nameRequired],
    ["a blank name", { name: "   " }, "name", zoneMessages.nameRequired],
    ["a name over 200 characters", { name: "x".repeat(201) }, "name", zoneMessages.nameTooLong],
    [
      "a description over 2,000 characters",
      { description: "x".repeat(2001) },
      "description",
      zoneMessages.descriptionTooLong,
    ],
    ["a logo URL without its scheme", { logo: "example.com/logo.png" }, "logo", zoneMessages.urlInvalid("Logo URL")],
    [
      "a logo URL of another scheme",
      { logo: "ftp://example.com/logo.png" },
      "logo",
      zoneMessages.urlInvalid("Logo URL"),
    ],
    ["a script for a URL", { url: "javascript:alert(1)" }, "url", zoneMessages.urlInvalid("URL")],
    ["a URL without a host", { url: "https://" }, "url", zoneMessages.urlInvalid("URL")],
    ["a URL with spaces", { url: "https://example.com/a b" }, "url", zoneMessages.urlInvalid("URL")],
    [
      "a second URL that is a word",
      { secondary_url: "residents" },
      "secondary_url",
      zoneMessages.urlInvalid("Secondary URL"),
    ],
    [
      "a URL over 2,000 characters",
      { url: `https://example.com/${"x".repeat(2000)}` },
      "url",
      zoneMessages.urlTooLong("URL"),
    ],
    ["a tax id of punctuation", { tax_id: "#!" }, "tax_id", zoneMessages.taxId],
    ["a tax id without a digit", { tax_id: "ABC-DEF" }, "tax_id", zoneMessages.taxId],
    ["a tax id over 30 characters", { tax_id: "1".repeat(31) }, "tax_id", zoneMessages.taxId],
    ["a URL that is no text", { url: 12 }, "url", zoneMessages.urlInvalid("URL")],
    ["a missing property", { property_id: undefined }, "property_id", zoneMessages.propertyRequired],
    ["a property id that is no UUID", { property_id: "12" }, "property_id", zoneMessages.propertyRequired],
  ] as const)("refuses %s with the form's message", async (_case, overrides, field, message) => {
    const payload = { ...form(), ...overrides };
    const created = await send("POST", "/zones", { payload });
    expect(fieldsOf(created)[field]).toEqual([message]);
    // The dialog checks with the same schema and shows the same words.
    const local = zoneFormSchema.safeParse(payload);
    expect(local.error?.issues.map((i) => i.message)).toEqual([message]);
    const updated = await send("PUT", `/zones/${seededId}`, { payload });
    expect(fieldsOf(updated)[field]).toEqual([message]);
  });

  it("refuses an unknown property and another organization's property", async () => {
    const unknown = await send("POST", "/zones", {
      payload: form({ property_id: "00000000-0000-4000-8000-000000000000" }),
    });
    expect(fieldsOf(unknown)).toEqual({ property_id: [zoneMessages.propertyUnknown] });
    const foreign = await send("POST", "/zones", {
      payload: form({ name: "Refused Foreign", property_id: bravo.propertyIds[0] ?? "" }),
    });
    expect(fieldsOf(foreign)).toEqual({ property_id: [zoneMessages.propertyUnknown] });
    const mine = await create({ name: "Refused Move" });
    const moved = await send("PUT", `/zones/${mine.id}`, {
      payload: form({ name: "Refused Move", property_id: bravo.propertyIds[0] ?? "" }),
    });
    expect(fieldsOf(moved)).toEqual({ property_id: [zoneMessages.propertyUnknown] });
    expect(await listByName("Refused Foreign")).toEqual([]);
    expect((await history("zones", mine.id)).map((h) => h.action)).toEqual(["create"]);
  });

  it("puts buildings of its property in a zone, refuses a zone of another property, lists the zone's name", async () => {
    const [p0 = "", p1 = ""] = alpha.propertyIds;
    const zone = await create({ name: "Membership Court", property_id: p0 });
    const other = await create({ name: "Membership Elsewhere", property_id: p1 });
    const building = await addBuilding("Membership Hall", p0, zone.id);
    expect(building.zone_id).toBe(zone.id);
    const res = await send(
      "GET",
      `/buildings/details?${new URLSearchParams({ filters: JSON.stringify({ name: "Membership Hall" }) })}`,
    );
    expect(res.json().buildings[0]).toMatchObject({ zone_id: zone.id, zone_name: "Membership Court" });

    // A zone of another property, an unknown zone and another organization's zone are refused.
    const bravoZone = await create({ name: "Bravo Zone" }, bravo);
    for (const [zoneId, message] of [
      [other.id, buildingMessages.zoneOfOtherProperty],
      [987654321, buildingMessages.zoneUnknown],
      [bravoZone.id, buildingMessages.zoneUnknown],
    ] as const) {
      const created = await send("POST", "/buildings", {
        payload: { name: "Refused Zone Hall", property_id: p0, zone_id: zoneId },
      });
      expect(fieldsOf(created)).toEqual({ zone_id: [message] });
      expect(fieldsOf(await moveBuilding(building.id, "Membership Hall", p0, zoneId))).toEqual({ zone_id: [message] });
    }
    // Moving the building to another property with its old zone is refused too; with none it is not.
    expect(fieldsOf(await moveBuilding(building.id, "Membership Hall", p1, zone.id))).toEqual({
      zone_id: [buildingMessages.zoneOfOtherProperty],
    });
    expect(
      fieldsOf(await send("POST", "/buildings", { payload: { name: "X", property_id: p0, zone_id: "a" } })),
    ).toEqual({
      zone_id: [buildingMessages.zone],
    });
    // Its zone is in the building's history like any field.
    expect((await moveBuilding(building.id, "Membership Hall", p0, null)).statusCode).toBe(200);
    const [unzoned] = await history("buildings", building.id);
    expect(unzoned?.changes).toEqual({ zone_id: { from: zone.id, to: null } });
    // A building without zone_id in its form is in no zone (the field is optional).
    const plain = await send("POST", "/buildings", { payload: { name: "No Zone Hall", property_id: p0 } });
    expect(buildingResponseSchema.parse(plain.json()).building.zone_id).toBeNull();

    // The zones a building of a property can be put in.
    const choices = await send("GET", `/properties/${p0}/zones`);
    expect(choices.statusCode, choices.body).toBe(200);
    const names = propertyZonesSchema.parse(choices.json()).zones.map((z) => z.name);
    expect(names).toContain("Membership Court");
    expect(names).not.toContain("Membership Elsewhere");
    expect(names).toEqual([...names].sort());
  });

  it("counts a zone's buildings, units and occupied units as the rows the test made", async () => {
    const [p0 = "", p1 = ""] = alpha.propertyIds;
    const zone = await create({ name: "Figures Court", property_id: p0 });
    expect(await listed(zone.id, "Figures Court")).toEqual({ buildings: 0, units: 0, occupied_units: 0 });
    const made = [
      { name: "Figures A", total: 12, occupied: 9 },
      { name: "Figures B", total: 5, occupied: 5 },
      { name: "Figures C", total: 0, occupied: 0 },
    ];
    const ids: number[] = [];
    for (const b of made) {
      const building = await addBuilding(b.name, p0, zone.id);
      ids.push(building.id);
      if (b.total) await addUnits(building.id, p0, b.total, b.occupied);
    }
    // A building of the same property in no zone counts for none.
    await addUnits((await addBuilding("Figures Outside", p0, null)).id, p0, 7, 3);
    const expected = (bs: typeof made) => ({
      buildings: bs.length,
      units: bs.reduce((s, b) => s + b.total, 0),
      occupied_units: bs.reduce((s, b) => s + b.occupied, 0),
    });
    expect(await listed(zone.id, "Figures Court")).toEqual(expected(made));
    const view = await overview(zone.id);
    expect(view.figures).toEqual(expected(made));
    expect(view.buildings.map((b) => [b.name, b.total_units, b.occupied_units])).toEqual(
      made.map((b) => [b.name, b.total, b.occupied]),
    );
    expect(view.zone).toMatchObject({ id: zone.id, name: "Figures Court", property_id: p0 });
    const [address] = await asSystem(t.db, async (tx) =>
      rows<Record<string, string>>(
        await tx.execute(sql`select p.name, a.address_line_1, a.city, s.state_name, a.zipcode from properties p
          join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
          join us_states s on s.id = a.state_id where p.id = ${p0}`),
      ),
    );
    expect(view.property).toMatchObject({
      id: p0,
      name: address?.name,
      address_line_1: address?.address_line_1,
      city: address?.city,
      state: address?.state_name,
      zipcode: address?.zipcode,
    });

    // Occupancy changes, a building leaving the zone, and a building deleted all follow.
    await withOrg(t.db, { orgId: alpha.orgId }, (tx) =>
      tx.execute(sql`update units set occupied = false where building_id = ${ids[0]} and unit_number in ('T1', 'T2')`),
    );
    made[0] = { name: "Figures A", total: 12, occupied: 7 };
    expect(await listed(zone.id, "Figures Court")).toEqual(expected(made));
    expect((await moveBuilding(ids[1] ?? 0, "Figures B", p1, null)).statusCode).toBe(200);
    expect(await listed(zone.id, "Figures Court")).toEqual(expected([made[0], made[2]].flatMap((b) => (b ? [b] : []))));
    expect((await send("DELETE", `/buildings/${ids[0]}`)).statusCode).toBe(204);
    expect(await listed(zone.id, "Figures Court")).toEqual(expected(made.slice(2)));
    // Undo of the building's delete puts it back in its zone with its units.
    expect((await send("POST", "/buildings/restore", { payload: { ids: [ids[0]] } })).json()).toMatchObject({
      restored: 1,
    });
    expect(await listed(zone.id, "Figures Court")).toEqual(expected([made[2], made[0]].flatMap((b) => (b ? [b] : []))));
    expect((await overview(zone.id)).figures).toEqual(await listed(zone.id, "Figures Court"));
  });

  it("takes its buildings out of a zone moved to another property, and says so in their history", async () => {
    const [p0 = "", p1 = ""] = alpha.propertyIds;
    const zone = await create({ name: "Moving Court", property_id: p0 });
    const building = await addBuilding("Moving Hall", p0, zone.id);
    await addUnits(building.id, p0, 4, 2);
    expect(await listed(zone.id, "Moving Court")).toEqual({ buildings: 1, units: 4, occupied_units: 2 });
    // A save that changes nothing leaves the building where it is.
    expect(
      (await send("PUT", `/zones/${zone.id}`, { payload: form({ name: "Moving Court", property_id: p0 }) })).statusCode,
    ).toBe(200);
    expect(await listed(zone.id, "Moving Court")).toEqual({ buildings: 1, units: 4, occupied_units: 2 });
    const res = await send("PUT", `/zones/${zone.id}`, { payload: form({ name: "Moving Court", property_id: p1 }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(zone.id, "Moving Court")).toEqual({ buildings: 0, units: 0, occupied_units: 0 });
    const [left] = await history("buildings", building.id);
    expect(left).toMatchObject({ action: "update", changes: { zone_id: { from: zone.id, to: null } } });
    const [moved] = await history("zones", zone.id);
    expect(moved?.changes).toEqual({ property_id: { from: p0, to: p1 } });
  });

  it("deletes a zone, leaving its buildings in no zone; Undo puts it and them back", async () => {
    const [p0 = ""] = alpha.propertyIds;
    const zone = await create({ name: "Undo Court", property_id: p0 });
    const inside = [await addBuilding("Undo Hall 1", p0, zone.id), await addBuilding("Undo Hall 2", p0, zone.id)];
    await addUnits(inside[0]?.id ?? 0, p0, 6, 4);
    const before = await listed(zone.id, "Undo Court");
    expect(before).toEqual({ buildings: 2, units: 6, occupied_units: 4 });

    const res = await send("DELETE", `/zones/${zone.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await listByName("Undo Court")).toEqual([]);
    expect((await send("DELETE", `/zones/${zone.id}`)).statusCode).toBe(404);
    const zoneOf = async (id: number) =>
      (
        await send(
          "GET",
          `/buildings/details?${new URLSearchParams({ filters: JSON.stringify({ name: "Undo Hall" }) })}`,
        )
      )
        .json()
        .buildings.find((b: { id: number }) => b.id === id);
    for (const b of inside) expect(await zoneOf(b.id)).toMatchObject({ zone_id: null, zone_name: null });
    for (const b of inside) {
      expect((await history("buildings", b.id))[0]?.changes).toEqual({ zone_id: { from: zone.id, to: null } });
    }

    // Another organization cannot bring it back, or learn that it exists.
    const foreign = await send("POST", "/zones/restore", { org: bravo, payload: { ids: [zone.id] } });
    expect(foreign.json()).toEqual({ restored: 0, ids: [] });
    const back = await send("POST", "/zones/restore", { payload: { ids: [zone.id] } });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ restored: 1, ids: [zone.id] });
    expect(await listed(zone.id, "Undo Court")).toEqual(before);
    for (const b of inside) {
      expect(await zoneOf(b.id)).toMatchObject({ zone_id: zone.id, zone_name: "Undo Court" });
      expect((await history("buildings", b.id))[0]?.changes).toEqual({ zone_id: { from: null, to: zone.id } });
    }
    const [restore] = await history("zones", zone.id);
    expect(restore).toMatchObject({ action: "restore", changed_by: { name: "alpha Admin" } });
    expect(restore?.changes.name).toEqual({ from: null, to: "Undo Court" });
    // Undo is once.
    expect((await send("POST", "/zones/restore", { payload: { ids: [zone.id] } })).json()).toEqual({
      restored: 0,
      ids: [],
    });

    // A building that went elsewhere meanwhile stays where it went.
    expect((await send("POST", "/zones/delete", { payload: { ids: [zone.id, 987654321] } })).json()).toEqual({
      deleted: 1,
    });
    const elsewhere = await create({ name: "Undo Elsewhere", property_id: p0 });
    expect((await moveBuilding(inside[1]?.id ?? 0, "Undo Hall 2", p0, elsewhere.id)).statusCode).toBe(200);
    expect((await send("POST", "/zones/restore", { payload: { ids: [zone.id] } })).json()).toEqual({
      restored: 1,
      ids: [zone.id],
    });
    expect(await listed(zone.id, "Undo Court")).toEqual({ buildings: 1, units: 6, occupied_units: 4 });
    expect(await zoneOf(inside[1]?.id ?? 0)).toMatchObject({ zone_id: elsewhere.id });
  });

  it("deletes several zones in one request, each with a history entry, and restores them", async () => {
    const made = [];
    for (const n of [1, 2, 3]) made.push(await create({ name: `Bulk Zone ${n}` }));
    const keep = await create({ name: "Bulk Zone Keep" });
    const ids = made.map((z) => z.id);
    const res = await send("POST", "/zones/delete", { payload: { ids: [...ids, ids[0], 987654321] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 3 });
    expect((await listByName("Bulk Zone")).map((z) => z.id)).toEqual([keep.id]);
    for (const id of ids) expect((await history("zones", id)).map((h) => h.action)).toEqual(["delete", "create"]);
    const back = await send("POST", "/zones/restore", { payload: { ids } });
    expect(back.json()).toEqual({ restored: 3, ids: [...ids].sort((a, b) => a - b) });
    expect((await listByName("Bulk Zone")).map((z) => z.name).sort()).toEqual([
      "Bulk Zone 1",
      "Bulk Zone 2",
      "Bulk Zone 3",
      "Bulk Zone Keep",
    ]);
  });

  it("does not restore a zone whose property is gone, nor a building into a zone that is gone", async () => {
    const property = alpha.propertyIds.at(-1) ?? "";
    const orphan = await create({ name: "Orphan Court", property_id: property });
    expect((await send("DELETE", `/zones/${orphan.id}`)).statusCode).toBe(204);
    const zone = await create({ name: "Gone Court" });
    const building = await addBuilding("Gone Hall", alpha.propertyIds[0] ?? "", zone.id);
    expect((await send("DELETE", `/buildings/${building.id}`)).statusCode).toBe(204);
    expect((await send("DELETE", `/zones/${zone.id}`)).statusCode).toBe(204);
    const restored = await send("POST", "/buildings/restore", { payload: { ids: [building.id] } });
    expect(restored.json()).toEqual({ restored: 1, ids: [building.id] });
    expect((await history("buildings", building.id))[0]?.changes.zone_id).toEqual({ from: null, to: null });

    await withOrg(t.db, { orgId: alpha.orgId }, (tx) => tx.execute(sql`delete from properties where id = ${property}`));
    alpha.propertyIds.pop();
    const res = await send("POST", "/zones/restore", { payload: { ids: [orphan.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ restored: 0, ids: [] });
    const empty = await send("POST", "/zones/restore", { payload: { ids: [] } });
    expect(fieldsOf(empty)).toEqual({ ids: [restoreMessages.idsRequired] });
  });

  it("keeps a history of who changed what, newest first, still readable after the delete", async () => {
    const zone = await create({ name: "History Court", tax_id: "11-1111111" });
    // A save that changes nothing is no event.
    expect(
      (await send("PUT", `/zones/${zone.id}`, { payload: form({ name: "History Court", tax_id: "11-1111111" }) }))
        .statusCode,
    ).toBe(200);
    await send("PUT", `/zones/${zone.id}`, { payload: form({ name: "History Court II", tax_id: "11-1111111" }) });
    await send("PUT", `/zones/${zone.id}`, {
      payload: form({ name: "History Court II", tax_id: "22-2222222", logo: null }),
    });
    const entries = await history("zones", zone.id);
    expect(entries.map((h) => h.action)).toEqual(["update", "update", "create"]);
    const [second, first, created] = entries;
    const admin = { id: alpha.adminUserId, name: "alpha Admin" };
    expect(second).toMatchObject({
      changed_by: admin,
      changes: {
        tax_id: { from: "11-1111111", to: "22-2222222" },
        logo: { from: "https://example.com/logo.png", to: null },
      },
    });
    expect(Object.keys(second?.changes ?? {}).sort()).toEqual(["logo", "tax_id"]);
    expect(first?.changes).toEqual({ name: { from: "History Court", to: "History Court II" } });
    expect(created?.changes).toEqual({
      name: { from: null, to: "History Court" },
      description: { from: null, to: "Buildings by the water" },
      logo: { from: null, to: "https://example.com/logo.png" },
      secondary_url: { from: null, to: "http://residents.example.com/harbor" },
      url: { from: null, to: "https://example.com/harbor-court" },
      tax_id: { from: null, to: "11-1111111" },
      property_id: { from: null, to: alpha.propertyIds[0] },
    });
    expect((await send("DELETE", `/zones/${zone.id}`)).statusCode).toBe(204);
    const after = await history("zones", zone.id);
    expect(after.map((h) => h.action)).toEqual(["delete", "update", "update", "create"]);
    expect(after[0]?.changes.name).toEqual({ from: "History Court II", to: null });
  });

  it("shows an empty history for a zone that predates auditing", async () => {
    expect(await history("zones", seededId)).toEqual([]);
  });

  it("answers 404 for another organization's zone and property on every zone path, and leaves them alone", async () => {
    const theirs = await create({ name: "Bravo Private" }, bravo);
    for (const res of [
      await send("PUT", `/zones/${theirs.id}`, { payload: form({ name: "Stolen" }) }),
      await send("DELETE", `/zones/${theirs.id}`),
      await send("GET", `/zones/${theirs.id}`),
      await send("GET", `/zones/${theirs.id}/history`),
      await send("GET", `/zones/${theirs.id}/overview`),
      await send("PUT", "/zones/987654321", { payload: form() }),
      await send("GET", "/zones/987654321"),
      await send("GET", "/zones/987654321/history"),
      await send("GET", "/zones/987654321/overview"),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: zoneMessages.notFound } });
    }
    for (const id of [bravo.propertyIds[0], "00000000-0000-4000-8000-000000000000"]) {
      const res = await send("GET", `/properties/${id}/zones`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: zoneMessages.propertyNotFound } });
    }
    expect((await send("POST", "/zones/delete", { payload: { ids: [theirs.id] } })).json()).toEqual({ deleted: 0 });
    const [still] = await listByName("Bravo Private", bravo);
    expect(still).toMatchObject({ id: theirs.id, name: "Bravo Private" });
    expect((await history("zones", theirs.id, bravo)).map((h) => h.action)).toEqual(["create"]);
    // Nor does its list show them.
    expect(await listByName("Bravo Private")).toEqual([]);
  });

  it("keeps the static paths apart from /zones/:id and never answers 500 to bad ids", async () => {
    expect((await send("PUT", "/zones/delete", { payload: form() })).statusCode).toBe(400);
    expect((await send("DELETE", "/zones/restore")).statusCode).toBe(400);
    for (const url of [
      "/zones/0",
      "/zones/abc",
      "/zones/0/history",
      "/zones/-1/overview",
      "/zones/1e99/overview",
      "/zones/abc/history",
    ]) {
      expect((await send("GET", url)).statusCode, url).toBe(400);
    }
    expect((await send("GET", "/zones/99999999999999999999/overview")).statusCode).toBe(400);
    expect((await send("GET", "/properties/not-a-uuid/zones")).statusCode).toBe(400);
    const empty = await send("POST", "/zones/delete", { payload: { ids: [] } });
    expect(fieldsOf(empty).ids).toBeDefined();
  });

  it("answers 401 when signed out and 403 without the CSRF header", async () => {
    const id = seededId;
    const writes = [
      ["POST", "/zones", form()],
      ["PUT", `/zones/${id}`, form()],
      ["DELETE", `/zones/${id}`, undefined],
      ["POST", "/zones/delete", { ids: [id] }],
      ["POST", "/zones/restore", { ids: [id] }],
    ] as const;
    for (const [method, url, payload] of writes) {
      expect((await send(method, url, { org: null, payload })).statusCode).toBe(401);
      expect((await send(method, url, { payload, csrf: false })).statusCode).toBe(403);
    }
    for (const url of [
      "/zones",
      `/zones/${id}/history`,
      `/zones/${id}/overview`,
      `/properties/${alpha.propertyIds[0]}/zones`,
    ]) {
      expect((await send("GET", url, { org: null })).statusCode, url).toBe(401);
    }
    expect(await history("zones", id)).toEqual([]);
  });
});
