import { describe, expect, it } from "vitest";
import { dateMessages, dateProblems, dateRangeProblems, isCivilDate } from "./dates.ts";

describe("civil dates", () => {
  it("are real days written YYYY-MM-DD", () => {
    expect(["2024-02-29", "2026-12-31", "0001-01-01"].map(isCivilDate)).toEqual([true, true, true]);
    expect(["2026-02-29", "2026-13-01", "2026-7-4", "07/04/2026", "0000-01-01", ""].map(isCivilDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("are held to their limits with the spec's messages", () => {
    const limits = { min: "2026-07-01", max: "2026-07-31", isDateUnavailable: (d: string) => d === "2026-07-04" };
    expect(dateProblems("2026-07-01", limits)).toEqual([]);
    expect(dateProblems("2026-07-31", limits)).toEqual([]);
    expect(dateProblems("", limits)).toEqual([]);
    expect(dateProblems("2026-06-30", limits)).toEqual(["Value must be 2026-07-01 or later."]);
    expect(dateProblems("2026-08-01", limits, (d) => `[${d}]`)).toEqual(["Value must be [2026-07-31] or earlier."]);
    expect(dateProblems("2026-07-04", limits)).toEqual(["Selected date unavailable."]);
  });

  it("make a range whose end is not before its start", () => {
    expect(dateRangeProblems({ start: "2026-07-02", end: "2026-07-01" }, {})).toEqual([dateMessages.rangeReversed]);
    expect(dateRangeProblems({ start: "2026-07-01", end: "2026-07-01" }, {})).toEqual([]);
    expect(dateRangeProblems({ start: "2026-06-01", end: "2026-06-02" }, { min: "2026-07-01" })).toEqual([
      dateMessages.tooEarly("2026-07-01"),
    ]);
  });
});
