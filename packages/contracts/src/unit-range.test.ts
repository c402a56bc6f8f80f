import { describe, expect, it } from "vitest";
import { isUnitRangeText, listUnitNumbers, unitRangeFormTextSchema, unitRangeMessages } from "./unit-range.ts";

describe("unit ranges", () => {
  it("reads a range only where one is meant: ends that run up, with the same letters", () => {
    for (const text of ["101-112", "101–112", "101 — 112", "A101-A112", "a101-112", "001-012", "1 to 3"]) {
      expect(isUnitRangeText(text), text).toBe(true);
    }
    // One unit's number, as people write them.
    for (const text of ["101", "4B", "A-101", "12-1", "7-7", "A101-B112", "4B-4C", "Suite 5", ""]) {
      expect(isUnitRangeText(text), text).toBe(false);
    }
  });

  it("names the numbers a message is about, a long list shortened", () => {
    expect(listUnitNumbers(["105"])).toBe("105");
    expect(listUnitNumbers(["105", "106"])).toBe("105 and 106");
    expect(listUnitNumbers(["105", "106", "107"])).toBe("105, 106 and 107");
    const many = Array.from({ length: 14 }, (_, i) => String(101 + i));
    expect(listUnitNumbers(many)).toBe("101, 102, 103, 104, 105, 106, 107, 108, 109, 110 and 4 more");
    expect(unitRangeMessages.creates(["101", "102", "103"])).toBe("Adds 3 units: 101 to 103");
  });

  it("reads the dialog's range into its unit numbers, keeping zeros and letters", () => {
    const typed = {
      unit_number: " A08–A11 ",
      property_id: "6f1c9a52-3d4e-4b7a-9c1e-2a3b4c5d6e7f",
      building_id: 3,
      floor_plan_id: null,
      number_of_bedrooms: "1",
      number_of_bathrooms: "",
      square_footage: "",
      date_available: "",
      occupied: false,
    };
    expect(unitRangeFormTextSchema.parse(typed).unit_number).toEqual(["A08", "A09", "A10", "A11"]);
  });
});
