import { describe, expect, it } from "vitest";
import { dismissGetStarted, getStartedSteps, isGetStartedDismissed } from "./get-started-steps.ts";

const none = { properties: 0, buildings: 0, units: 0, staff: 0, properties_online: 0 };

describe("Get started steps", () => {
  it("ticks each step from its own counts", () => {
    expect(getStartedSteps(none).map((s) => s.done)).toEqual([false, false, false, false]);
    const some = getStartedSteps({ properties: 2, buildings: 3, units: 0, staff: 1, properties_online: 0 });
    expect(some.map((s) => s.done)).toEqual([true, false, true, false]);
    expect(some[1]?.progress).toBe("3 buildings, 0 units");
    const all = getStartedSteps({ properties: 1, buildings: 1, units: 1, staff: 1, properties_online: 1 });
    expect(all.every((s) => s.done)).toBe(true);
    expect(all[0]?.progress).toBe("1 property");
  });

  it("asks for a property before buildings and listing, and opens the screens that are built", () => {
    expect(getStartedSteps(none)[1]?.needsFirst).toMatch(/add a property first/);
    expect(getStartedSteps({ ...none, properties: 1 })[1]?.needsFirst).toBeUndefined();
    expect(getStartedSteps(none)[3]?.needsFirst).toBe("Add a property first.");
    // Listing needs an available unit: a property without units is asked for one first.
    expect(getStartedSteps({ ...none, properties: 1 })[3]?.needsFirst).toMatch(/Add a unit first/);
    expect(getStartedSteps({ ...none, properties: 1, units: 2 })[3]?.needsFirst).toMatch(/List on the public site/);
    expect(getStartedSteps(none).map((s) => s.opens)).toEqual(["addProperty", "addBuilding", "addStaff", "properties"]);
  });

  it("remembers a dismissal per user", () => {
    dismissGetStarted(window.localStorage, 7);
    expect(isGetStartedDismissed(window.localStorage, 7)).toBe(true);
    expect(isGetStartedDismissed(window.localStorage, 8)).toBe(false);
  });
});
