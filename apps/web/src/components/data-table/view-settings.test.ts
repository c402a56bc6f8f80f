import { beforeEach, describe, expect, it } from "vitest";
import { loadViewSettings, saveViewSetting, type ViewSettings, viewKey } from "./view-settings.ts";

const defaults: ViewSettings = {
  visibility: { a: true, b: true, c: false },
  order: ["a", "b", "c"],
  sorting: [{ id: "a", desc: false }],
  filters: [],
  sizing: {},
  lineNumbers: true,
  conditions: [],
};

describe("grid view settings", () => {
  beforeEach(() => localStorage.clear());

  it("are stored per grid instance under the spec's key prefixes", () => {
    saveViewSetting("building-table-t1", "order", ["c", "a", "b"]);
    expect(localStorage.getItem("table-order-building-table-t1")).toBe('["c","a","b"]');
    expect(viewKey("visibility", "x")).toBe("table-visibility-x");
    expect(viewKey("sorting", "x")).toBe("table-sorting-x");
    expect(viewKey("filters", "x")).toBe("table-column-filters-x");
    expect(loadViewSettings("building-table-t1", defaults, ["a", "b", "c"]).order).toEqual(["c", "a", "b"]);
    expect(loadViewSettings("building-table-t2", defaults, ["a", "b", "c"]).order).toEqual(["a", "b", "c"]);
  });

  it("drop unreadable values and columns that no longer exist, and append new columns", () => {
    localStorage.setItem("table-order-g", '["gone","b"]');
    localStorage.setItem("table-sorting-g", "{not json");
    localStorage.setItem("table-visibility-g", '{"a":false,"gone":true}');
    const s = loadViewSettings("g", defaults, ["a", "b", "c"]);
    expect(s.order).toEqual(["b", "a", "c"]);
    expect(s.sorting).toEqual(defaults.sorting);
    expect(s.visibility).toEqual({ a: false, b: true, c: false });
  });

  it("fall back to the default columns when the stored view hides every column", () => {
    localStorage.setItem("table-visibility-h", '{"a":false,"b":false,"c":false}');
    expect(loadViewSettings("h", defaults, ["a", "b", "c"]).visibility).toEqual(defaults.visibility);
    localStorage.setItem("table-visibility-h", '{"a":false,"b":false,"c":true}');
    expect(loadViewSettings("h", defaults, ["a", "b", "c"]).visibility).toEqual({ a: false, b: false, c: true });
  });
});
