import { describe, expect, it } from "vitest";
import { UNIT_SORT_KEYS, unitFormTextSchema, unitListQuerySchema } from "./units.ts";

describe("units contract", () => {
  it("sorts by the unit number by default, 2,000 rows a page", () => {
    expect(unitListQuerySchema.parse({})).toMatchObject({
      sort_by: "u.unit_number",
      sort_direction: "asc",
      limit: 2000,
      offset: 0,
    });
    expect(UNIT_SORT_KEYS).toContain("b.name");
    expect(UNIT_SORT_KEYS).toContain("fp.plan_name");
  });

  it("reads the dialog's typed values: numbers as people write them, an empty date as none", () => {
    const typed = {
      unit_number: " 4B ",
      property_id: "6f1c9a52-3d4e-4b7a-9c1e-2a3b4c5d6e7f",
      building_id: null,
      floor_plan_id: 12,
      number_of_bedrooms: "2",
      number_of_bathrooms: " 1.5 ",
      square_footage: "1,050",
      date_available: "",
      occupied: true,
    };
    expect(unitFormTextSchema.parse(typed)).toEqual({
      ...typed,
      unit_number: "4B",
      number_of_bedrooms: 2,
      number_of_bathrooms: 1.5,
      square_footage: 1050,
      date_available: null,
    });
    const wrong = unitFormTextSchema.safeParse({ ...typed, square_footage: "1,05", date_available: "2026-13-01" });
    expect(wrong.error?.issues.map((i) => i.path[0])).toEqual(["square_footage", "date_available"]);
  });
});
