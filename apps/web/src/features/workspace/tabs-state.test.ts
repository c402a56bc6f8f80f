import { describe, expect, it } from "vitest";
import { searchMenu } from "./menu-items.ts";
import { emptyTabs, loadTabs, saveTabs, tabsReducer, tabsStorageKey } from "./tabs-state.ts";

const open = (state = emptyTabs, item = "All Units", now = 1) =>
  tabsReducer(state, { type: "open", category: "Unit", item, now });

describe("tabs", () => {
  it("opens a tab and makes it active", () => {
    const s = open(open(), "Floor Plans", 2);
    expect(s.tabs.map((t) => t.title)).toEqual(["All Units", "Floor Plans"]);
    expect(s.activeId).toBe(s.tabs[1]?.id);
  });

  it("closing the active tab activates the last remaining one, or none", () => {
    let s = open(open(open(), "Floor Plans", 2), "Occupied Units", 3);
    s = tabsReducer(s, { type: "activate", id: s.tabs[0]?.id ?? "" });
    s = tabsReducer(s, { type: "close", id: s.tabs[0]?.id ?? "" });
    expect(s.activeId).toBe(s.tabs.at(-1)?.id);
    s = tabsReducer(s, { type: "close", id: s.tabs[0]?.id ?? "" });
    s = tabsReducer(s, { type: "close", id: s.tabs[0]?.id ?? "" });
    expect(s).toEqual({ tabs: [], activeId: null });
  });

  it("closing another tab keeps the active one", () => {
    let s = open(open(), "Floor Plans", 2);
    const active = s.activeId;
    s = tabsReducer(s, { type: "close", id: s.tabs[0]?.id ?? "" });
    expect(s.activeId).toBe(active);
  });

  it("reorders and renames, rejecting an empty name", () => {
    let s = open(open(), "Floor Plans", 2);
    const second = s.tabs[1]?.id ?? "";
    s = tabsReducer(s, { type: "move", id: second, toIndex: 0 });
    expect(s.tabs[0]?.id).toBe(second);
    s = tabsReducer(s, { type: "rename", id: second, title: "  My plans " });
    expect(s.tabs[0]?.title).toBe("My plans");
    expect(tabsReducer(s, { type: "rename", id: second, title: "   " })).toBe(s);
  });

  it("stores tabs per user and restores them", () => {
    const s = open(open(), "Floor Plans", 2);
    saveTabs(localStorage, 7, s);
    expect(loadTabs(localStorage, 7)).toEqual(s);
    expect(loadTabs(localStorage, 8)).toEqual(emptyTabs);
    localStorage.setItem(tabsStorageKey(9), "{broken");
    expect(loadTabs(localStorage, 9)).toEqual(emptyTabs);
  });
});

describe("menu search", () => {
  it("suggests entries by item or category, nothing for blank text", () => {
    expect(searchMenu("floor")).toEqual([{ category: "Unit", item: "Floor Plans" }]);
    expect(searchMenu("zone").map((e) => e.item)).toEqual(["All Zones", "Top Zones"]);
    expect(searchMenu("  ")).toEqual([]);
  });
});
