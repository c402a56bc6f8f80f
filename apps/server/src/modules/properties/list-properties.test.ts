import { FILTER_OPERATORS, type FilterCondition } from "@keyholder/contracts/list-query";
import {
  PET_POLICY_LABELS,
  PROPERTIES_PAGE_SIZE,
  PROPERTY_FILTER_TYPES,
  PROPERTY_SORT_KEYS,
  type PropertyRow,
  propertyListSchema,
} from "@keyholder/contracts/properties";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cell, matchesCondition, matchesQuickFilter } from "../../../test/filter-reference.ts";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Column = keyof typeof PROPERTY_FILTER_TYPES;

/** A property's cell in each filterable column, as the grid shows it (the reference the SQL is tested against). */
const cell = (p: PropertyRow, column: Column): Cell =>
  ({
    name: p.name,
    property_slug: p.property_slug,
    status: p.is_active ? "Active" : "Inactive",
    created_date: p.created_date,
    last_modified_date: p.last_modified_date,
    type_name: p.property_type.name,
    type_description: p.property_type.description,
    manager_name: p.property_manager ? `${p.property_manager.first_name} ${p.property_manager.last_name}` : null,
    manager_email: p.property_manager?.email ?? null,
    address_line_1: p.address?.address_line_1 ?? null,
    address_line_2: p.address?.address_line_2 ?? null,
    address_line_3: p.address?.address_line_3 ?? null,
    city: p.address?.city ?? null,
    state_name: p.address?.state.state_name ?? null,
    zipcode: p.address?.zipcode ?? null,
    latitude: p.address?.latitude ?? null,
    longitude: p.address?.longitude ?? null,
    total_buildings: p.total_buildings,
    total_units: p.total_units,
    occupied_units: p.occupied_units,
    lot_size: p.lot_size,
    lot_size_unit: p.lot_size_unit,
    number_of_parking_spots: p.number_of_parking_spots,
    pet_policy: p.pet_policy ? PET_POLICY_LABELS[p.pet_policy] : null,
    year_built: p.year_built,
    last_renovated: p.last_renovated ? `${p.last_renovated}T00:00:00.000Z` : null,
    listed_online: p.show_property_online ? "Yes" : "No",
  })[column];

/** The value a sort key orders by. */
const sortValue = (p: PropertyRow, key: (typeof PROPERTY_SORT_KEYS)[number]): string | number | boolean | null =>
  ({
    "p.name": p.name,
    "p.property_slug": p.property_slug,
    "p.is_active": p.is_active,
    "p.created_date": p.created_date,
    "p.last_modified_date": p.last_modified_date,
    "pt.name": p.property_type.name,
    "pt.description": p.property_type.description,
    "pm.name": cell(p, "manager_name"),
    "pm.email": p.property_manager?.email ?? null,
    "a.address_line_1": p.address?.address_line_1 ?? null,
    "a.address_line_2": p.address?.address_line_2 ?? null,
    "a.city": p.address?.city ?? null,
    "s.state_name": p.address?.state.state_name ?? null,
    "a.zipcode": p.address?.zipcode ?? null,
    "p.total_buildings": p.total_buildings,
    "p.total_units": p.total_units,
    "p.occupied_units": p.occupied_units,
    "p.occupied_units/p.total_units": p.total_units ? p.occupied_units / p.total_units : null,
  })[key];

describe("GET /api/v1/properties/details", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};
  const orgId: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, seed] of [
      ["alpha", 21],
      ["bravo", 22],
    ] as const) {
      const org = await signedInOrganization(t, name, { scale: 1500, seed });
      cookie[name] = org.cookie;
      orgId[name] = org.orgId;
    }
    // Demo properties all have a manager, an address and a slug; some rows need none, and dates
    // either side of midnight UTC, for the empty-cell and date rules.
    await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select id from properties where organization_id = ${orgId.alpha} order by name limit 4`,
      )) as unknown as { rows: { id: string }[] };
      const [p0, p1, p2, p3] = rows.map((r) => r.id);
      const set = (id: string | undefined, changes: ReturnType<typeof sql>) =>
        tx.execute(sql`update properties set ${changes} where organization_id = ${orgId.alpha} and id = ${id}`);
      await set(p0, sql`property_manager_id = null, property_slug = null, created_date = '2025-03-05T23:30:00Z'`);
      await set(p1, sql`address_id = null, is_active = false, created_date = '2025-03-06T00:15:00Z'`);
      await set(p2, sql`show_property_online = false, last_renovated = '2025-03-05'`);
      await set(p3, sql`year_built = null, lot_size = null`);
    });
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number>, org = "alpha") =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/properties/details?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      cookies: { kh_session: cookie[org] ?? "" },
    });
  const page = async (query: Record<string, string | number>) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return propertyListSchema.parse(res.json());
  };
  const all = async () => (await page({})).properties;

  it("answers the spec's list fields with pages of 200 and the organization's properties only", async () => {
    const first = await page({});
    expect(first).toMatchObject({ offset: 0, limit: PROPERTIES_PAGE_SIZE, sort_by: "p.name", sort_desc: false });
    expect(first.count).toBe(first.properties.length);
    expect(first.total_count).toBeGreaterThan(10);
    const units = (await asSystem(t.db, (tx) =>
      tx.execute(sql`select count(*)::int as n from units where organization_id = ${orgId.alpha}`),
    )) as unknown as { rows: { n: number }[] };
    expect(first.properties.reduce((s, p) => s + p.total_units, 0)).toBe(units.rows[0]?.n);
    const bravo = propertyListSchema.parse((await list({}, "bravo")).json());
    const ours = new Set(first.properties.map((p) => p.id));
    expect(bravo.properties.some((p) => ours.has(p.id))).toBe(false);
    const paged = await page({ limit: 5, offset: 5 });
    expect(paged.properties.map((p) => p.id)).toEqual(first.properties.slice(5, 10).map((p) => p.id));
    expect((await list({ limit: PROPERTIES_PAGE_SIZE + 1 })).statusCode).toBe(400);
  });

  it.each(PROPERTY_SORT_KEYS.flatMap((key) => [[key, "asc"] as const, [key, "desc"] as const]))(
    "sorts by %s %s, empty values last",
    async (key, direction) => {
      const { properties } = await page({ sort_by: key, sort_direction: direction });
      const values = properties.map((p) => sortValue(p, key));
      const firstEmpty = values.indexOf(null);
      if (firstEmpty >= 0) expect(values.slice(firstEmpty).every((v) => v === null)).toBe(true);
      const present = values.filter((v) => v !== null);
      const sorted = [...present].sort((x, y) =>
        typeof x === "string" && typeof y === "string"
          ? x.localeCompare(y, "en", { sensitivity: "base" })
          : Number(x) - Number(y),
      );
      if (direction === "desc") sorted.reverse();
      // Collations differ on punctuation; the first letter is where they agree.
      const shown = (v: unknown) => (typeof v === "string" ? v.toLowerCase()[0] : v);
      expect(present.map(shown)).toEqual(sorted.map(shown));
    },
  );

  it("applies quick filters and every filter-builder operator like the reference", async () => {
    const rows = await all();
    const sample = rows.find((p) => p.address && p.property_manager) ?? rows[0];
    if (!sample?.address || !sample.property_manager) throw new Error("no complete property seeded");
    const cases: FilterCondition[] = [
      { column: "city", op: "contains", value: sample.address.city.slice(1, 4).toUpperCase() },
      { column: "name", op: "not_contains", value: sample.name.slice(0, 3) },
      { column: "state_name", op: "equals", value: sample.address.state.state_name.toLowerCase() },
      { column: "state_name", op: "not_equals", value: sample.address.state.state_name },
      { column: "type_name", op: "starts_with", value: sample.property_type.name.slice(0, 4) },
      { column: "manager_name", op: "ends_with", value: sample.property_manager.last_name.slice(-2) },
      { column: "property_slug", op: "is_empty" },
      { column: "address_line_1", op: "is_not_empty" },
      { column: "status", op: "equals", value: "inactive" },
      { column: "listed_online", op: "equals", value: "no" },
      { column: "total_units", op: "eq", value: String(sample.total_units) },
      { column: "total_units", op: "ne", value: String(sample.total_units) },
      { column: "total_buildings", op: "gt", value: "1" },
      { column: "occupied_units", op: "gte", value: String(sample.occupied_units) },
      { column: "number_of_parking_spots", op: "lt", value: String(sample.number_of_parking_spots) },
      { column: "year_built", op: "lte", value: String(sample.year_built) },
      { column: "lot_size", op: "is_empty" },
      { column: "created_date", op: "on", value: "2025-03-05" },
      { column: "created_date", op: "before", value: "2025-03-06" },
      { column: "created_date", op: "after", value: "2025-03-05" },
      { column: "last_renovated", op: "on", value: "2025-03-05" },
    ];
    for (const type of ["text", "number", "date"] as const) {
      const covered = new Set(cases.filter((c) => PROPERTY_FILTER_TYPES[c.column as Column] === type).map((c) => c.op));
      for (const op of FILTER_OPERATORS[type].filter((o) => type !== "date" || !o.includes("empty"))) {
        if (type === "number" && op === "is_not_empty") continue;
        expect(covered, `${type} ${op}`).toContain(op);
      }
    }
    const ids = (ps: PropertyRow[]) => ps.map((p) => p.id).sort();
    for (const c of cases) {
      const want = rows.filter((p) =>
        matchesCondition(PROPERTY_FILTER_TYPES[c.column as Column], cell(p, c.column as Column), c),
      );
      const got = await page({ conditions: JSON.stringify([c]) });
      expect(got.total_count, JSON.stringify(c)).toBe(want.length);
      expect(ids(got.properties), JSON.stringify(c)).toEqual(ids(want));
      expect(want.length, JSON.stringify(c)).toBeGreaterThan(0);
      expect(want.length, JSON.stringify(c)).toBeLessThan(rows.length);
    }
    const quick = { city: sample.address.city.slice(0, 3), total_units: String(sample.total_units) };
    const want = rows.filter((p) =>
      Object.entries(quick).every(([column, text]) =>
        matchesQuickFilter(PROPERTY_FILTER_TYPES[column as Column], cell(p, column as Column), text),
      ),
    );
    const got = await page({ filters: JSON.stringify(quick) });
    expect(ids(got.properties)).toEqual(ids(want));
  });

  it("refuses a sort key or filter column that is not whitelisted, before any SQL", async () => {
    for (const query of [
      { sort_by: "p.name; drop table properties" } as Record<string, string>,
      { sort_by: "p.organization_id" },
      { filters: JSON.stringify({ organization_id: "x" }) },
      { conditions: JSON.stringify([{ column: "opening_hours", op: "contains", value: "Sun" }]) },
    ]) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});
