import { describe, expect, it } from "vitest";
import { BUILDING_FILTER_TYPES, buildingListQuerySchema } from "./buildings.ts";
import { COLUMN_TYPES } from "./columns.ts";
import { FLOOR_PLAN_FILTER_TYPES } from "./floor-plans.ts";
import {
  conditionProblem,
  FILTER_OPERATORS,
  formatColumnDate,
  MAX_FILTER_CONDITIONS,
  OPERATOR_LABELS,
  VALUELESS_OPERATORS,
} from "./list-query.ts";

const parse = (conditions: unknown) =>
  buildingListQuerySchema.safeParse({
    conditions: typeof conditions === "string" ? conditions : JSON.stringify(conditions),
  });
const messages = (conditions: unknown) => {
  const result = parse(conditions);
  expect(result.success).toBe(false);
  return result.error?.issues.map((i) => i.message) ?? [];
};

describe("filter builder operators", () => {
  it("labels every operator of every column type, and offers empty checks on every type", () => {
    for (const type of COLUMN_TYPES) {
      for (const op of FILTER_OPERATORS[type]) expect(OPERATOR_LABELS[op]).toMatch(/\S/);
      for (const op of VALUELESS_OPERATORS) expect(FILTER_OPERATORS[type]).toContain(op);
    }
    expect(OPERATOR_LABELS.not_contains).toBe("does not contain");
    expect(OPERATOR_LABELS.gte).toBe("≥");
  });

  it("types the list columns of buildings and floor plans", () => {
    expect(BUILDING_FILTER_TYPES.total_units).toBe("number");
    expect(BUILDING_FILTER_TYPES.created_date).toBe("date");
    expect(FLOOR_PLAN_FILTER_TYPES.status).toBe("text");
    expect(FLOOR_PLAN_FILTER_TYPES.base_rent_estimate).toBe("number");
  });
});

describe("conditions query parameter", () => {
  it("defaults to no conditions, for an absent, empty or [] parameter", () => {
    expect(buildingListQuerySchema.parse({}).conditions).toEqual([]);
    expect(buildingListQuerySchema.parse({ conditions: "" }).conditions).toEqual([]);
    expect(buildingListQuerySchema.parse({ conditions: "[]" }).conditions).toEqual([]);
  });

  it("accepts fitting conditions, trims values and drops the value of valueless operators", () => {
    const result = parse([
      { column: "name", op: "contains", value: "  Oak " },
      { column: "total_units", op: "gte", value: "-1.5e2" },
      { column: "created_date", op: "before", value: "2024-02-29" },
      { column: "city", op: "is_empty", value: "ignored" },
      { column: "building_number", op: "is_not_empty" },
    ]);
    expect(result.success && result.data.conditions).toEqual([
      { column: "name", op: "contains", value: "Oak" },
      { column: "total_units", op: "gte", value: "-1.5e2" },
      { column: "created_date", op: "before", value: "2024-02-29" },
      { column: "city", op: "is_empty" },
      { column: "building_number", op: "is_not_empty" },
    ]);
  });

  it.each([
    ["unknown column", [{ column: "password_hash", op: "contains", value: "x" }], /conditions\[0\]: unknown column/],
    ["inherited property", [{ column: "__proto__", op: "contains", value: "x" }], /unknown column __proto__/],
    [
      "op not fitting",
      [{ column: "name", op: "gt", value: "1" }],
      "conditions[0]: operator gt does not fit text column name",
    ],
    ["date op on a number", [{ column: "total_units", op: "before", value: "2026-01-01" }], /does not fit number/],
    ["unknown op", [{ column: "name", op: "like", value: "x" }], /conditions\[0\]\.op: unknown operator "like"/],
    ["missing value", [{ column: "name", op: "equals" }], /needs a value/],
    ["blank value", [{ column: "city", op: "contains", value: "   " }], /needs a value/],
    ["non-numeric", [{ column: "total_units", op: "eq", value: "ten" }], /"ten" is not a number/],
    ["thousands separator", [{ column: "total_units", op: "eq", value: "1,000" }], /not a number/],
    ["infinite", [{ column: "total_units", op: "eq", value: "1e999" }], /not a number/],
    ["hex", [{ column: "total_units", op: "eq", value: "0x10" }], /not a number/],
    ["US date", [{ column: "created_date", op: "on", value: "11/3/2026" }], /not a date \(YYYY-MM-DD\)/],
    ["impossible day", [{ column: "created_date", op: "on", value: "2026-02-30" }], /not a date/],
    ["year zero", [{ column: "created_date", op: "after", value: "0000-01-01" }], /not a date/],
    [
      "value not a string",
      [{ column: "name", op: "equals", value: 5 }],
      /conditions\[0\]\.value: value must be a string/,
    ],
    ["not an object", ["name contains x"], "conditions[0] must be an object {column, op, value}"],
    ["not JSON", "[{column:name}", /must be a JSON array/],
    ["not an array", { column: "name", op: "contains", value: "x" }, /must be a JSON array/],
  ])("refuses %s with a message naming the problem", (_, conditions, expected) => {
    expect(messages(conditions)).toContainEqual(
      typeof expected === "string" ? expected : expect.stringMatching(expected),
    );
  });

  it("names the index of each bad condition", () => {
    const all = messages([
      { column: "name", op: "contains", value: "ok" },
      { column: "name", op: "lt", value: "1" },
      { column: "city", op: "equals" },
    ]);
    expect(all).toEqual([
      "conditions[1]: operator lt does not fit text column name",
      "conditions[2]: operator equals on column city needs a value",
    ]);
  });

  it(`allows at most ${MAX_FILTER_CONDITIONS} conditions`, () => {
    const one = { column: "name", op: "is_not_empty" };
    expect(parse(Array(MAX_FILTER_CONDITIONS).fill(one)).success).toBe(true);
    expect(messages(Array(MAX_FILTER_CONDITIONS + 1).fill(one))).toEqual([
      `conditions may hold at most ${MAX_FILTER_CONDITIONS} conditions, not ${MAX_FILTER_CONDITIONS + 1}`,
    ]);
  });

  it("checks a single condition for the filter builder the same way", () => {
    expect(
      conditionProblem(BUILDING_FILTER_TYPES, { column: "occupied_units", op: "lte", value: "12" }),
    ).toBeUndefined();
    expect(
      conditionProblem(FLOOR_PLAN_FILTER_TYPES, { column: "status", op: "equals", value: "Active" }),
    ).toBeUndefined();
    expect(conditionProblem(FLOOR_PLAN_FILTER_TYPES, { column: "name", op: "equals", value: "x" })).toMatch(
      /unknown column name \(filterable: plan_name, /,
    );
  });
});

describe("quick filters", () => {
  it("still take an object of whitelisted columns, date columns included", () => {
    const q = buildingListQuerySchema.parse({ filters: JSON.stringify({ created_date: "11/3", city: "oak" }) });
    expect(q.filters).toEqual({ created_date: "11/3", city: "oak" });
    expect(buildingListQuerySchema.safeParse({ filters: JSON.stringify({ password: "x" }) }).success).toBe(false);
  });

  it("match dates as the grid shows them: en-US month/day/year without leading zeros, in UTC", () => {
    expect(formatColumnDate("2026-11-03T23:59:59.000Z")).toBe("11/3/2026");
    expect(formatColumnDate("2026-01-05T00:30:00+02:00")).toBe("1/4/2026");
  });
});
