import { FLOOR_PLAN_SORT_KEYS, floorPlanListSchema } from "@keyholder/contracts/floor-plans";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";

describe("GET /api/v1/floor-plans", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    cookie.alpha = (await signedInOrganization(t, "alpha", { scale: 800, seed: 21 })).cookie;
    cookie.bravo = (await signedInOrganization(t, "bravo", { scale: 200, seed: 22 })).cookie;
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string>, org = "alpha") =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/floor-plans?${new URLSearchParams(query)}`,
      cookies: { kh_session: cookie[org] ?? "" },
    });
  const page = async (query: Record<string, string> = {}) => floorPlanListSchema.parse((await list(query)).json());

  it("pages and counts", async () => {
    const first = await page({ limit: "5" });
    expect(first.count).toBe(5);
    const rest = await page({ offset: "5" });
    expect(rest.count).toBe(first.total_count - 5);
  });

  it.each(FLOOR_PLAN_SORT_KEYS.filter((k) => k !== "fp.plan_code" && k !== "fp.plan_name"))(
    "sorts by %s both ways, empty values last",
    async (key) => {
      const field = key.slice(3) as keyof Awaited<ReturnType<typeof page>>["floor_plans"][number];
      // Booleans and ISO dates compare as numbers and strings of the same order.
      const rank = (v: unknown) =>
        typeof v === "boolean" ? Number(v) : typeof v === "string" ? Date.parse(v) : Number(v);
      for (const direction of ["asc", "desc"] as const) {
        const values = (await page({ sort_by: key, sort_direction: direction })).floor_plans.map((f) => f[field]);
        const present = values.filter((v) => v !== null).map(rank);
        const expected = [...present].sort((x, y) => (direction === "asc" ? x - y : y - x));
        expect(present).toEqual(expected);
        expect(values.slice(present.length).every((v) => v === null)).toBe(true);
      }
    },
  );

  it("sorts by plan name both ways", async () => {
    const names = (await page({ sort_by: "fp.plan_name" })).floor_plans.map((f) => f.plan_name);
    const back = (await page({ sort_by: "fp.plan_name", sort_direction: "desc" })).floor_plans.map((f) => f.plan_name);
    expect(back).toEqual([...names].reverse());
  });

  it("filters by bedrooms (equality), plan name (substring) and status badge text", async () => {
    const all = await page();
    const twoBed = await page({ filters: JSON.stringify({ bed_rooms: "2" }) });
    expect(twoBed.total_count).toBe(all.floor_plans.filter((f) => f.bed_rooms === 2).length);
    const byName = await page({ filters: JSON.stringify({ plan_name: "bedroom" }) });
    expect(byName.floor_plans.every((f) => f.plan_name.toLowerCase().includes("bedroom"))).toBe(true);
    const inactive = await page({ filters: JSON.stringify({ status: "inactive" }) });
    expect(inactive.total_count).toBe(all.floor_plans.filter((f) => !f.active).length);
  });

  it("refuses unknown sort keys and filters, and keeps organizations apart", async () => {
    expect((await list({ sort_by: "fp.plan_name desc; --" })).statusCode).toBe(400);
    expect((await list({ filters: JSON.stringify({ organization_id: "x" }) })).statusCode).toBe(400);
    const alpha = await page();
    const bravo = floorPlanListSchema.parse((await list({}, "bravo")).json());
    expect(new Set(bravo.floor_plans.map((f) => f.organization_id)).size).toBe(1);
    expect(bravo.floor_plans[0]?.organization_id).not.toBe(alpha.floor_plans[0]?.organization_id);
  });
});
