import {
  RELATED_ITEM_LIST_KEYS,
  RELATED_ITEM_LISTS,
  RELATED_ITEMS_PAGE_SIZE,
  type RelatedItem,
  type RelatedItemList,
  relatedItemsCountPath,
  relatedItemsCountSchema,
  relatedItemsPageSchema,
  relatedItemsPath,
  relatedItemsScopeParam,
  type ScopedRelatedItemList,
} from "@keyholder/contracts/related-items";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem, type Tx, withOrg } from "../../db/client.ts";
import { buildings, floorPlans, properties, propertyTypes, units, zones } from "../../db/schema/index.ts";
import { encodeCursor } from "./cursor.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The related-item lists (issue 12, item 4): counts, keyset pages over repeated names, the search
 * term, the whitelist, refused input and the organization boundary, on the rows this test makes.
 */
describe("related-item lists: GET /api/v1/{entities}/get-id-name-by-{scope}-id and count-by-{scope}", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  /** The property the test fills: more than a page of everything, with names that repeat. */
  const made = {
    propertyId: "",
    /** Buildings by id with the value each must show. */
    buildings: new Map<number, string>(),
    floorPlans: new Map<number, string>(),
    zones: new Map<number, string>(),
    /** Units by id: [unit number, building id]. */
    units: new Map<number, [string, number]>(),
    /** The building holding more than a page of units. */
    bigBuildingId: 0,
    /** Properties made with one repeated name, more than a page of them. */
    samePropertyIds: [] as string[],
    /** A second property whose units all lie in one building. */
    singleBuildingPropertyId: "",
  };
  let bravoPropertyId = "";
  let bravoBuildingId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "alpha", { scale: 120, seed: 41 });
    bravo = await signedInOrganization(t, "bravo", { scale: 60, seed: 42 });
    await asSystem(t.db, async (tx) => {
      const orgId = alpha.orgId;
      // A tenant for the organization-wide tenants list (a lease's parties).
      await tx.execute(
        sql`insert into tenants (organization_id, name, email) values (${orgId}, 'Pat Renter', 'pat@example.com')`,
      );
      // A vendor for the organization-wide vendors list (a bill's).
      await tx.execute(sql`insert into vendors (organization_id, name) values (${orgId}, 'Rapid Rooter')`);
      const [type] = await tx.select({ id: propertyTypes.id }).from(propertyTypes).limit(1);
      const propertyTypeId = type?.id ?? 1;
      const [property] = await tx
        .insert(properties)
        .values({ organizationId: orgId, name: "Paging Place", propertyTypeId })
        .returning({ id: properties.id });
      const propertyId = property?.id ?? "";
      made.propertyId = propertyId;
      // 130 buildings: three names repeated, and nameless ones shown by their number.
      const names = ["Tower", "Annex", "Tower", null, "Block"];
      const madeBuildings = await tx
        .insert(buildings)
        .values(
          Array.from({ length: 130 }, (_, i) => ({
            organizationId: orgId,
            propertyId,
            name: names[i % names.length],
            buildingNumber: i % 7 === 0 ? null : i,
          })),
        )
        .returning({ id: buildings.id, name: buildings.name, number: buildings.buildingNumber });
      for (const b of madeBuildings) {
        made.buildings.set(b.id, b.name ?? (b.number === null ? "Unnamed building" : `Building ${b.number}`));
      }
      const [first, second] = madeBuildings;
      made.bigBuildingId = first?.id ?? 0;
      // 75 units in the first building and 40 in the second, numbers repeating within and across them.
      const madeUnits = await tx
        .insert(units)
        .values(
          Array.from({ length: 115 }, (_, i) => ({
            organizationId: orgId,
            propertyId,
            buildingId: i < 75 ? first?.id : second?.id,
            unitNumber: String(100 + (i % 30)),
          })),
        )
        .returning({ id: units.unitId, number: units.unitNumber, building: units.buildingId });
      for (const u of madeUnits) made.units.set(u.id, [u.number, u.building ?? 0]);
      const planNames = ["Studio", "Loft", "Studio"];
      const madePlans = await tx
        .insert(floorPlans)
        .values(
          Array.from({ length: 55 }, (_, i) => ({
            organizationId: orgId,
            propertyId,
            planName: planNames[i % planNames.length] ?? "Studio",
            planCode: i % 2 ? `C${i}` : null,
            bedRooms: 1,
            bathRooms: 1,
            baseRentEstimate: 1000,
          })),
        )
        .returning({ id: floorPlans.id, name: floorPlans.planName, code: floorPlans.planCode });
      for (const p of madePlans) made.floorPlans.set(p.id, p.code ? `${p.name} (${p.code})` : p.name);
      const zoneNames = ["Pool", "Garden", "Pool", "100% Club", "100 Club", "Roof_Deck"];
      const madeZones = await tx
        .insert(zones)
        .values(
          Array.from({ length: 62 }, (_, i) => ({
            organizationId: orgId,
            propertyId,
            name: zoneNames[i % zoneNames.length] ?? "Pool",
          })),
        )
        .returning({ id: zones.id, name: zones.name });
      for (const z of madeZones) made.zones.set(z.id, z.name);
      const same = await tx
        .insert(properties)
        .values(Array.from({ length: 57 }, () => ({ organizationId: orgId, name: "Same Name Court", propertyTypeId })))
        .returning({ id: properties.id });
      made.samePropertyIds = same.map((p) => p.id);
      const [single] = await tx
        .insert(properties)
        .values({ organizationId: orgId, name: "Single Building Place", propertyTypeId })
        .returning({ id: properties.id });
      made.singleBuildingPropertyId = single?.id ?? "";
      const [only] = await tx
        .insert(buildings)
        .values({ organizationId: orgId, propertyId: made.singleBuildingPropertyId, name: "Solo" })
        .returning({ id: buildings.id });
      await tx.insert(units).values(
        ["101", "102"].map((unitNumber) => ({
          organizationId: orgId,
          propertyId: made.singleBuildingPropertyId,
          buildingId: only?.id,
          unitNumber,
        })),
      );
      const [bp] = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from properties where organization_id = ${bravo.orgId} limit 1`),
      );
      const [bb] = rowsOf<{ id: number }>(
        await tx.execute(sql`select id from buildings where organization_id = ${bravo.orgId} limit 1`),
      );
      bravoPropertyId = bp?.id ?? "";
      bravoBuildingId = Number(bb?.id);
    });
  }, 120_000);
  afterAll(() => t.close());

  const get = (org: Org | null, path: string, query: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v));
    return t.app.inject({
      method: "GET",
      url: `/api/v1${path}?${search}`,
      cookies: org ? { kh_session: org.cookie } : {},
    });
  };
  const scopeQuery = (list: RelatedItemList, scopeId: string | number | undefined) =>
    RELATED_ITEM_LISTS[list].scope && scopeId !== undefined
      ? { [relatedItemsScopeParam(list as ScopedRelatedItemList)]: scopeId }
      : {};

  /** Every page of a list, following nextCursor; the pages as they came. */
  async function allPages(
    list: RelatedItemList,
    o: { org?: Org; scopeId?: string | number; pageSize?: number; search?: string } = {},
  ) {
    const pages: RelatedItem[][] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 100; n++) {
      const res = await get(o.org ?? alpha, relatedItemsPath(list), {
        ...scopeQuery(list, o.scopeId),
        "page-size": o.pageSize,
        "search-term": o.search,
        cursor,
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = relatedItemsPageSchema(list).parse(res.json());
      pages.push(page.data);
      expect(page.hasNextPage).toBe(page.nextCursor !== null);
      if (!page.nextCursor) return pages;
      expect(page.data.length).toBe(o.pageSize ?? RELATED_ITEMS_PAGE_SIZE);
      cursor = page.nextCursor;
    }
    throw new Error(`${list}: more than 100 pages`);
  }
  const items = (pages: RelatedItem[][]) => pages.flat();

  /** Ordered by value then id: equal values are neighbours, and among them ids ascend. */
  function expectValueThenIdOrder(list: RelatedItem[]) {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      const previous = list[i - 1];
      if (previous?.value === item.value)
        expect(Number(item.id) > Number(previous.id) || item.id > previous.id).toBe(true);
      else {
        expect(seen.has(item.value), `${item.value} appears in two runs`).toBe(false);
        seen.add(item.value);
      }
    });
  }

  const count = async (org: Org, list: ScopedRelatedItemList, scopeId: string | number) => {
    const res = await get(org, relatedItemsCountPath(list), { [relatedItemsScopeParam(list)]: scopeId });
    return { status: res.statusCode, body: res.json() };
  };

  it("counts a property's and a building's items as the rows made", async () => {
    const counts = {
      "buildings-by-property": [made.propertyId, made.buildings.size],
      "floor-plans-by-property": [made.propertyId, made.floorPlans.size],
      "units-by-property": [made.propertyId, made.units.size],
      "units-by-building": [
        made.bigBuildingId,
        [...made.units.values()].filter(([, b]) => b === made.bigBuildingId).length,
      ],
      "zones-by-property": [made.propertyId, made.zones.size],
    } as const satisfies Record<ScopedRelatedItemList, readonly [string | number, number]>;
    for (const [list, [scopeId, expected]] of Object.entries(counts)) {
      const { status, body } = await count(alpha, list as ScopedRelatedItemList, scopeId);
      expect(status, list).toBe(200);
      expect(relatedItemsCountSchema.parse(body), list).toEqual({ count: expected });
    }
    // A property with none of them counts 0 rather than 404.
    const empty = made.samePropertyIds[0] ?? "";
    expect((await count(alpha, "zones-by-property", empty)).body).toEqual({ count: 0 });
  });

  it("pages through more than 50 items with repeated names: every item once, by value then id", async () => {
    const expected: [RelatedItemList, string | number | undefined, Map<number | string, string>][] = [
      ["buildings-by-property", made.propertyId, made.buildings],
      ["floor-plans-by-property", made.propertyId, made.floorPlans],
      ["zones-by-property", made.propertyId, made.zones],
      [
        "units-by-building",
        made.bigBuildingId,
        new Map([...made.units].filter(([, [, b]]) => b === made.bigBuildingId).map(([id, [n]]) => [id, n])),
      ],
    ];
    for (const [list, scopeId, rows] of expected) {
      const pages = await allPages(list, { scopeId });
      expect(pages.length, list).toBe(Math.ceil(rows.size / RELATED_ITEMS_PAGE_SIZE));
      const all = items(pages);
      expect(all.length, list).toBe(rows.size);
      expect(new Set(all.map((i) => i.id)).size, list).toBe(rows.size);
      for (const item of all) expect(item.value, `${list} ${item.id}`).toBe(rows.get(item.id));
      expectValueThenIdOrder(all);
      // Smaller pages give the same sequence.
      expect(items(await allPages(list, { scopeId, pageSize: 7 })), list).toEqual(all);
    }
  });

  it("shows a unit's building beside its number where the property's units lie in several buildings", async () => {
    const all = items(await allPages("units-by-property", { scopeId: made.propertyId }));
    expect(all.length).toBe(made.units.size);
    expect(new Set(all.map((i) => i.id)).size).toBe(made.units.size);
    for (const item of all) {
      const [number, building] = made.units.get(Number(item.id)) ?? ["", 0];
      expect(item.value).toBe(`${number}, ${made.buildings.get(building)}`);
    }
    expectValueThenIdOrder(all);
    const single = items(await allPages("units-by-property", { scopeId: made.singleBuildingPropertyId }));
    expect(single.map((i) => i.value)).toEqual(["101", "102"]);
  });

  it("lists the organization's properties by name, 57 of the same name paged without duplicates or gaps", async () => {
    const all = items(await allPages("properties"));
    const own = rowsOf<{ id: string; name: string }>(
      await asSystem(t.db, (tx) =>
        tx.execute(sql`select id, name from properties where organization_id = ${alpha.orgId}`),
      ),
    );
    expect(all.length).toBe(own.length);
    expect(new Map(all.map((i) => [i.id, i.value]))).toEqual(new Map(own.map((p) => [p.id, p.name])));
    expectValueThenIdOrder(all);
    const same = all.filter((i) => i.value === "Same Name Court").map((i) => i.id);
    expect(same).toEqual([...made.samePropertyIds].sort());
  });

  it("applies the search term anywhere in the value, ignoring case, trimmed, with % and _ taken literally", async () => {
    const byProperty = items(await allPages("properties", { search: "  same NAME  ", pageSize: 20 }));
    expect(byProperty.map((i) => i.id)).toEqual([...made.samePropertyIds].sort());
    const buildingsFound = items(await allPages("buildings-by-property", { scopeId: made.propertyId, search: "OWE" }));
    const towers = [...made.buildings].filter(([, v]) => v.toLowerCase().includes("owe"));
    expect(buildingsFound.map((i) => i.id).sort()).toEqual(towers.map(([id]) => id).sort());
    expect(buildingsFound.length).toBeGreaterThan(RELATED_ITEMS_PAGE_SIZE);
    const numbered = items(await allPages("buildings-by-property", { scopeId: made.propertyId, search: "building 1" }));
    expect(numbered.length).toBeGreaterThan(0);
    expect(numbered.every((i) => i.value.toLowerCase().includes("building 1"))).toBe(true);
    const plans = items(await allPages("floor-plans-by-property", { scopeId: made.propertyId, search: "(c1" }));
    expect(plans.map((i) => i.value).sort()).toEqual(
      [...made.floorPlans.values()].filter((v) => v.toLowerCase().includes("(c1")).sort(),
    );
    const zoneValues = async (search: string) =>
      items(await allPages("zones-by-property", { scopeId: made.propertyId, search })).map((i) => i.value);
    expect(new Set(await zoneValues("0%"))).toEqual(new Set(["100% Club"]));
    // "_" is no wildcard: "0_c" would otherwise match "100 Club".
    expect(await zoneValues("0_c")).toEqual([]);
    expect(new Set(await zoneValues("F_d"))).toEqual(new Set(["Roof_Deck"]));
    expect(await zoneValues("nothing like it")).toEqual([]);
    const unitsFound = items(await allPages("units-by-property", { scopeId: made.propertyId, search: "129, tower" }));
    expect(unitsFound.length).toBeGreaterThan(0);
    expect(unitsFound.every((i) => i.value.startsWith("129, Tower"))).toBe(true);
  });

  it("answers every whitelisted list and count, and nothing outside the whitelist", async () => {
    const scopes = { property: made.propertyId, building: made.bigBuildingId } as const;
    for (const list of RELATED_ITEM_LIST_KEYS) {
      const { scope } = RELATED_ITEM_LISTS[list];
      const page = await get(alpha, relatedItemsPath(list), scopeQuery(list, scope ? scopes[scope] : undefined));
      expect(page.statusCode, list).toBe(200);
      expect(relatedItemsPageSchema(list).parse(page.json()).data.length, list).toBeGreaterThan(0);
      if (scope) {
        const { status } = await count(alpha, list as ScopedRelatedItemList, scopes[scope]);
        expect(status, list).toBe(200);
      }
    }
    for (const path of [
      "/zones/get-id-name-by-building-id?building-id=1",
      "/floor-plans/count-by-building?building-id=1",
      "/staff/get-id-name",
      "/properties/count-by-property?property-id=00000000-0000-4000-8000-000000000000",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/api/v1${path}`, cookies: { kh_session: alpha.cookie } });
      // No such list: not found, or (where it reads as /properties/{id}) not a property id.
      expect([400, 404], path).toContain(res.statusCode);
      expect(res.json().error.code).toBeDefined();
    }
  });

  it("refuses a malformed cursor, a bad page size, a long search and a malformed scope id with 400", async () => {
    const path = relatedItemsPath("zones-by-property");
    const base = { "property-id": made.propertyId };
    const b64 = (v: unknown) => Buffer.from(typeof v === "string" ? v : JSON.stringify(v)).toString("base64url");
    const cursors = [
      "!!!",
      "not base64 at all",
      b64("not json"),
      b64({ value: "Pool", id: 1 }),
      b64(["zones-by-property", "Pool"]),
      b64(["buildings-by-property", "Pool", 1]),
      b64(["zones-by-property", "Pool", "00000000-0000-4000-8000-000000000000"]),
      b64(["zones-by-property", "Pool", 1.5]),
      b64(["zones-by-property", "Pool", -3]),
      b64(["zones-by-property", "Pool", 2 ** 60]),
      b64(["zones-by-property", 7, 1]),
      b64(["zones-by-property", "Po\u0000ol", 1]),
      "x".repeat(5000),
    ];
    for (const cursor of cursors) {
      const res = await get(alpha, path, { ...base, cursor });
      expect(res.statusCode, cursor.slice(0, 40)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
    const uuidCursor = b64(["properties", "Same", 1]);
    expect((await get(alpha, relatedItemsPath("properties"), { cursor: uuidCursor })).statusCode).toBe(400);
    for (const size of ["0", "51", "-1", "1.5", "abc", ""]) {
      expect((await get(alpha, path, { ...base, "page-size": size })).statusCode, `page-size ${size}`).toBe(400);
    }
    expect((await get(alpha, path, { ...base, "search-term": "x".repeat(201) })).statusCode).toBe(400);
    expect((await get(alpha, path, { "property-id": "not-a-uuid" })).statusCode).toBe(400);
    expect((await get(alpha, path, {})).statusCode).toBe(400);
    const units = relatedItemsPath("units-by-building");
    for (const id of ["abc", "0", "-2", "1.5", "99999999999999999999"]) {
      expect((await get(alpha, units, { "building-id": id })).statusCode, `building-id ${id}`).toBe(400);
    }
    // A well-formed cursor of this list is a position, even one after every item.
    const past = encodeCursor("zones-by-property", { value: "zzzz", id: 1 });
    const end = await get(alpha, path, { ...base, cursor: past });
    expect(end.json()).toEqual({ hasNextPage: false, nextCursor: null, data: [] });
  });

  it("answers 404 for another organization's or an unknown property or building, and 401 signed out", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const list of RELATED_ITEM_LIST_KEYS) {
      const { scope } = RELATED_ITEM_LISTS[list];
      if (!scope) continue;
      const scoped = list as ScopedRelatedItemList;
      for (const scopeId of scope === "property" ? [bravoPropertyId, unknown] : [bravoBuildingId, 987654321]) {
        const page = await get(alpha, relatedItemsPath(list), scopeQuery(list, scopeId));
        expect(page.statusCode, `${list} ${scopeId}`).toBe(404);
        expect(page.body).not.toMatch(/"value"/);
        const withCursor = await get(alpha, relatedItemsPath(list), {
          ...scopeQuery(list, scopeId),
          cursor: encodeCursor(list, { value: "", id: 1 }),
          "search-term": "a",
        });
        expect(withCursor.statusCode, `${list} ${scopeId} paged`).toBe(404);
        expect((await count(alpha, scoped, scopeId)).status, `${list} count ${scopeId}`).toBe(404);
      }
      // The owner sees them.
      const own = await get(
        bravo,
        relatedItemsPath(list),
        scopeQuery(list, scope === "property" ? bravoPropertyId : bravoBuildingId),
      );
      expect(own.statusCode, list).toBe(200);
      expect((await get(null, relatedItemsPath(list), scopeQuery(list, made.propertyId))).statusCode).toBe(401);
      expect((await count(alpha, scoped, scope === "property" ? made.propertyId : made.bigBuildingId)).status).toBe(
        200,
      );
    }
    expect((await get(null, relatedItemsPath("properties"), {})).statusCode).toBe(401);
  });

  it("never lists another organization's properties, searched or not", async () => {
    const bravoIds = new Set(
      rowsOf<{ id: string }>(
        await asSystem(t.db, (tx) => tx.execute(sql`select id from properties where organization_id = ${bravo.orgId}`)),
      ).map((r) => r.id),
    );
    expect(bravoIds.size).toBeGreaterThan(0);
    for (const search of [undefined, "a", "e", " "]) {
      const all = items(await allPages("properties", { search }));
      expect(all.length).toBeGreaterThan(0);
      expect(all.some((i) => bravoIds.has(String(i.id)))).toBe(false);
    }
  });

  it("matches in the definer function only within the transaction's organization, and nothing without one", async () => {
    const matching = (tx: Tx) =>
      tx
        .execute(sql`select property_names_matching('%', null, null, 100000) as id`)
        .then((r) => rowsOf<{ id: string }>(r).map((row) => row.id));
    const own = (orgId: string) =>
      asSystem(t.db, (tx) => tx.execute(sql`select id from properties where organization_id = ${orgId}`)).then((r) =>
        rowsOf<{ id: string }>(r)
          .map((row) => row.id)
          .sort(),
      );
    for (const org of [alpha, bravo]) {
      expect((await withOrg(t.db, { orgId: org.orgId }, matching)).sort()).toEqual(await own(org.orgId));
    }
    // The request role without an organization: the function's own guard returns nothing.
    const none = await asSystem(t.db, async (tx) => {
      await tx.execute(sql`select set_config('role', 'keyholder_app', true)`);
      return matching(tx);
    });
    expect(none).toEqual([]);
  });
});
