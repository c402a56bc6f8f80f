import { describe, expect, it } from "vitest";
import { clickSelection, keptSelection, rangeSelection, selectedIds } from "./selection.ts";

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
  it("keeps the rows selected before a reload, as they are now where still loaded, then those loaded since", () => {
    type Row = { id: string; v: number };
    const id = (r: Row) => r.id;
    const then = [
      { id: "a", v: 1 },
      { id: "b", v: 1 },
    ];
    // "a" is reloaded with a new value, "b" is no longer among the loaded rows, "c" came in selected.
    const now = [
      { id: "c", v: 2 },
      { id: "a", v: 2 },
    ];
    expect(keptSelection(then, now, id)).toEqual([
      { id: "a", v: 2 },
      { id: "b", v: 1 },
      { id: "c", v: 2 },
    ]);
    expect(keptSelection([], now, id)).toEqual(now);
  });
});
