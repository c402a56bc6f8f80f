import { BUILDING_SORT_KEYS, buildingListSchema } from "@keyholder/contracts/buildings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";

describe("GET /api/v1/buildings/details", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, seed] of [
      ["alpha", 11],
      ["bravo", 12],
    ] as const) {
      cookie[name] = (await signedInOrganization(t, name, { scale: 600, seed })).cookie;
    }
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string | number | undefined>, org = "alpha") => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/buildings/details?${new URLSearchParams(
        Object.entries(query).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
      )}`,
      cookies: { kh_session: cookie[org] ?? "" },
    });
    return res;
  };
  const page = async (query: Record<string, string | number>) => buildingListSchema.parse((await list(query)).json());

  it("pages with offset + count below total_count and no overlap", async () => {
    const first = await page({ limit: 7 });
    expect(first.count).toBe(7);
    expect(first.total_count).toBeGreaterThan(14);
    const second = await page({ limit: 7, offset: first.offset + first.count });
    expect(second.offset).toBe(7);
    const ids = new Set(first.buildings.map((b) => b.id));
    expect(second.buildings.some((b) => ids.has(b.id))).toBe(false);
    const last = await page({ limit: 2000, offset: first.total_count - 3 });
    expect(last.count).toBe(3);
  });

  it("computes unit totals from the units", async () => {
    const all = await page({});
    const sum = all.buildings.reduce((s, b) => s + b.total_units, 0);
    expect(sum).toBe(600);
    expect(all.buildings.every((b) => b.occupied_units <= b.total_units)).toBe(true);
  });

  it.each(BUILDING_SORT_KEYS.flatMap((key) => [[key, "asc"] as const, [key, "desc"] as const]))(
    "sorts by %s %s",
    async (key, direction) => {
      const { buildings } = await page({ sort_by: key, sort_direction: direction });
      const value = (b: (typeof buildings)[number]) =>
        ({
          "b.name": b.name,
          "b.building_number": b.building_number,
          "b.created_date": b.created_date,
          "b.last_modified_date": b.last_modified_date,
          "p.name": b.property_name,
          "bt.name": b.building_type_name,
          total_units: b.total_units,
          occupied_units: b.occupied_units,
          "occupied_units/total_units": b.total_units ? b.occupied_units / b.total_units : null,
          "a.city": b.address.city,
          "s.state_name": b.address.state.state_name,
        })[key];
      const values = buildings.map(value).filter((v) => v !== null) as (string | number)[];
      const sorted = [...values].sort((x, y) =>
        typeof x === "number" && typeof y === "number"
          ? x - y
          : String(x).localeCompare(String(y), "en", { sensitivity: "base" }),
      );
      if (direction === "desc") sorted.reverse();
      if (typeof values[0] === "number") expect(values).toEqual(sorted);
      else expect(values.map((v) => String(v).toLowerCase()[0])).toEqual(sorted.map((v) => String(v).toLowerCase()[0]));
    },
  );

  it("refuses a sort key or filter column that is not whitelisted, before any SQL", async () => {
    for (const query of [
      { sort_by: "b.name; drop table buildings" },
      { sort_by: "password_hash" },
      { sort_direction: "sideways" },
      { filters: JSON.stringify({ "1=1) or (true": "x" }) },
      { filters: "{not json" },
      { limit: 2001 },
      { offset: -1 },
    ]) {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("filters: numbers by equality, text by case-insensitive substring, empty cells never match", async () => {
    const all = await page({});
    const sample = all.buildings.find((b) => b.address.city) ?? all.buildings[0];
    const byCity = await page({ filters: JSON.stringify({ city: sample?.address.city?.toUpperCase().slice(1, 5) }) });
    expect(byCity.total_count).toBeGreaterThan(0);
    expect(byCity.total_count).toBeLessThanOrEqual(all.total_count);
    expect(
      byCity.buildings.every((b) =>
        b.address.city?.toLowerCase().includes(sample?.address.city?.toLowerCase().slice(1, 5) ?? ""),
      ),
    ).toBe(true);
    const units = sample?.total_units ?? 0;
    const byUnits = await page({ filters: JSON.stringify({ total_units: String(units) }) });
    expect(byUnits.buildings.every((b) => b.total_units === units)).toBe(true);
    expect(byUnits.total_count).toBe(all.buildings.filter((b) => b.total_units === units).length);
    expect((await page({ filters: JSON.stringify({ total_units: "abc" }) })).total_count).toBe(0);
    expect((await page({ filters: JSON.stringify({ name: "%" }) })).total_count).toBe(0);
  });

  it("shows each organization only its own buildings, and nothing signed out", async () => {
    const alpha = await page({});
    const bravo = buildingListSchema.parse((await list({}, "bravo")).json());
    const alphaProps = new Set(alpha.buildings.map((b) => b.property_id));
    expect(bravo.buildings.some((b) => alphaProps.has(b.property_id))).toBe(false);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/v1/buildings/details" });
    expect(anonymous.statusCode).toBe(401);
  });
});
