import { describe, expect, it } from "vitest";
import { clickSelection, rangeSelection, selectedIds } from "./selection.ts";

describe("grid selection", () => {
  it("a click selects only that row; Ctrl-click adds and removes", () => {
    const one = clickSelection({ a: true, b: true }, "c", false);
    expect(selectedIds(one)).toEqual(["c"]);
    const two = clickSelection(one, "a", true);
    expect(selectedIds(two).sort()).toEqual(["a", "c"]);
    expect(selectedIds(clickSelection(two, "c", true))).toEqual(["a"]);
  });
  it("a drag selects the range from where it started, upwards too", () => {
    const ids = ["a", "b", "c", "d", "e"];
    expect(selectedIds(rangeSelection(ids, 1, 3))).toEqual(["b", "c", "d"]);
    expect(selectedIds(rangeSelection(ids, 3, 0))).toEqual(["a", "b", "c", "d"]);
    expect(selectedIds(rangeSelection(ids, 2, 9, { a: true })).sort()).toEqual(["a", "c", "d", "e"]);
  });
});
