import { describe, expect, it } from "vitest";
import { fillWidths } from "./column-widths.ts";

const fixed = new Set(["#"]);

describe("column widths", () => {
  it("are the columns' sizes when they fill the grid or more", () => {
    const sizes = [
      ["#", 32],
      ["a", 600],
      ["b", 400],
    ] as const;
    expect([...fillWidths(sizes, 1000, fixed)]).toEqual(sizes);
    expect([...fillWidths(sizes, 0, fixed)]).toEqual(sizes);
  });

  it("stretch in proportion to fill the grid exactly, the fixed '#' column excepted", () => {
    const widths = fillWidths(
      [
        ["#", 32],
        ["a", 150],
        ["b", 300],
        ["c", 150],
      ],
      1001,
      fixed,
    );
    expect(widths.get("#")).toBe(32);
    expect(widths.get("a")).toBe(242);
    expect(widths.get("b")).toBe(484);
    expect([...widths.values()].reduce((s, w) => s + w, 0)).toBe(1001);
  });
});
