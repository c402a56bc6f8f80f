import { PROPERTY_TYPE_CATEGORIES, propertyTypeListSchema } from "@keyholder/contracts/property-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";

describe("GET /api/v1/property-types", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists seeded types under each of the five categories", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/property-types" });
    expect(res.statusCode).toBe(200);
    const body = propertyTypeListSchema.parse(res.json());
    expect(body.count).toBe(body.property_types.length);
    const categories = new Set(body.property_types.map((p) => p.category));
    expect([...categories].sort()).toEqual([...PROPERTY_TYPE_CATEGORIES].sort());
    expect(body.property_types.map((p) => p.name)).toContain("Single-Family Home");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });
});
