import { describe, expect, it } from "vitest";
import { parseNumberFilter } from "./number-filter.ts";

describe("number quick filters as people type them", () => {
  it("reads a value as the grid shows it: thousands separators, dollars, spaces", () => {
    expect(parseNumberFilter("1,010")).toEqual({ op: "=", value: 1010 });
    expect(parseNumberFilter("$870")).toEqual({ op: "=", value: 870 });
    expect(parseNumberFilter("$1,350.00")).toEqual({ op: "=", value: 1350 });
    expect(parseNumberFilter(" 870 ")).toEqual({ op: "=", value: 870 });
    expect(parseNumberFilter("1.5")).toEqual({ op: "=", value: 1.5 });
    expect(parseNumberFilter("-5")).toEqual({ op: "=", value: -5 });
  });

  it("reads comparisons, also with the signs a keyboard may give and formatted bounds", () => {
    expect(parseNumberFilter(">1000")).toEqual({ op: ">", value: 1000 });
    expect(parseNumberFilter("> $1,000")).toEqual({ op: ">", value: 1000 });
    expect(parseNumberFilter("<1200")).toEqual({ op: "<", value: 1200 });
    expect(parseNumberFilter(">= 2")).toEqual({ op: ">=", value: 2 });
    expect(parseNumberFilter("≥2")).toEqual({ op: ">=", value: 2 });
    expect(parseNumberFilter("<=1.5")).toEqual({ op: "<=", value: 1.5 });
    expect(parseNumberFilter("≤ 900")).toEqual({ op: "<=", value: 900 });
    expect(parseNumberFilter("=870")).toEqual({ op: "=", value: 870 });
    expect(parseNumberFilter("2+")).toEqual({ op: ">=", value: 2 });
  });

  it("reads ranges with both ends included, whichever end comes first", () => {
    expect(parseNumberFilter("1000-1200")).toEqual({ op: "between", from: 1000, to: 1200 });
    expect(parseNumberFilter("1,000 - 1,200")).toEqual({ op: "between", from: 1000, to: 1200 });
    expect(parseNumberFilter("$900 to $1,100")).toEqual({ op: "between", from: 900, to: 1100 });
    expect(parseNumberFilter("1200–1000")).toEqual({ op: "between", from: 1000, to: 1200 });
    expect(parseNumberFilter("-10 - -5")).toEqual({ op: "between", from: -10, to: -5 });
    expect(parseNumberFilter("1.5..2")).toEqual({ op: "between", from: 1.5, to: 2 });
  });

  it("states no filter for what is not a number", () => {
    for (const text of ["abc", ">", "1000-", "-", "1-2-3", "1,45", ">x", "12 apples", "$"]) {
      expect(parseNumberFilter(text), text).toBeUndefined();
    }
  });
});
