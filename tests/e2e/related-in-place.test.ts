import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typeInDropdown } from "./forms-setup.ts";
import { grid, openTable } from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, startE2e } from "./harness.ts";
import { focused } from "./workspace-page.ts";

/**
 * Issue 15, item 7: Add from a property's related tabs opens over the property editor, in the same
 * tab, and returns to it with the new count; dialogs stay below the tab strip, which stays usable.
 */
describe.skipIf(!hasChromium)("adding from a property's tabs in place", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  const count = async (tab: Locator) => Number((await tab.textContent())?.replace(/\D/g, "") || Number.NaN);
  const workspaceTabs = (page: Page) => page.getByRole("tablist", { name: "Open tabs" });

  /** Whether a dialog lies wholly below the workspace's tab strip, and every tab can still be clicked. */
  const clearOfTabStrip = async (page: Page, dialog: Locator) => {
    const strip = await workspaceTabs(page).boundingBox();
    const box = await dialog.boundingBox();
    if (!strip || !box) throw new Error("not laid out");
    const tabsReachable = await workspaceTabs(page).evaluate((list) =>
      [...list.querySelectorAll('[role="tab"]')].every((tab) => {
        const r = tab.getBoundingClientRect();
        if (r.width === 0) return true;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && tab.contains(hit);
      }),
    );
    return { below: box.y >= strip.y + strip.height - 1, tabsReachable };
  };

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`adds a building over the property editor and comes back to it with the new count, at ${viewport.width} px`, async () => {
      const page = await openTable(e2e, "Property", "All Properties");
      // A phone opens tables from its one menu button; the dialogs are what is tested here.
      await page.setViewportSize(viewport);
      // View, then Edit from it: two dialogs, as the user had.
      await grid(page).getByRole("gridcell").first().dblclick();
      const view = page.getByRole("dialog", { name: /^Property: / });
      await view.getByRole("button", { name: "Edit", exact: true }).click();
      const edit = page.getByRole("dialog", { name: /^Edit Property: / });
      const propertyName = await edit.getByLabel("Property Name").inputValue();
      const tabs = edit.getByRole("tablist", { name: `What is in ${propertyName}` });
      const buildingsTab = tabs.getByRole("tab", { name: /^Buildings/ });
      await expect.poll(() => count(buildingsTab)).not.toBeNaN();
      const before = await count(buildingsTab);
      expect(await clearOfTabStrip(page, view)).toEqual({ below: true, tabsReachable: true });
      expect(await clearOfTabStrip(page, edit)).toEqual({ below: true, tabsReachable: true });

      const addButton = edit.getByRole("button", { name: "Add building" });
      await addButton.click();
      const add = page.getByRole("dialog", { name: "Add New Building" });
      await add.waitFor();
      // In place: still on All Properties, no Buildings tab opened, the editor still there under it.
      expect(await workspaceTabs(page).getByRole("tab").allTextContents()).toEqual(["All Properties"]);
      await workspaceTabs(page).getByRole("tab", { name: "All Properties", selected: true }).waitFor();
      expect(await edit.isVisible()).toBe(true);
      expect(await clearOfTabStrip(page, add)).toEqual({ below: true, tabsReachable: true });
      expect(await add.getByRole("combobox", { name: "Property" }).inputValue()).toBe(propertyName);

      const name = `In Place ${viewport.width}`;
      await add.getByLabel("Building Name").fill(name);
      await add.getByRole("button", { name: "Create" }).click();
      await add.waitFor({ state: "detached" });
      await page.getByText(`Building '${name}' added`).waitFor();
      // Back in the editor, with the count one up and focus on the button that opened the Add.
      await expect.poll(() => count(buildingsTab)).toBe(before + 1);
      expect(await focused(page)).toEqual({ role: "button", label: "Add building" });
      expect(await workspaceTabs(page).getByRole("tab").allTextContents()).toEqual(["All Properties"]);

      // The new building opens in place too, from the dropdown.
      await typeInDropdown(edit.getByRole("combobox", { name: "Find a building" }), name);
      await page.getByRole("option", { name }).click();
      const building = page.getByRole("dialog", { name: `Building: ${name}` });
      await building.getByText(propertyName).first().waitFor();
      expect(await workspaceTabs(page).getByRole("tab").allTextContents()).toEqual(["All Properties"]);
      expect(await clearOfTabStrip(page, building)).toEqual({ below: true, tabsReachable: true });
      await page.keyboard.press("Escape");
      await building.waitFor({ state: "detached" });
      expect(await edit.isVisible()).toBe(true);
    });
  }

  it("hides a tab's dialogs with it and shows them again when the user comes back", async () => {
    const page = await openTable(e2e, "Property", "All Properties");
    await grid(page).getByRole("gridcell").first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "Edit Property" }).click();
    const edit = page.getByRole("dialog", { name: /^Edit Property: / });
    await edit.waitFor();
    await page.getByRole("menubar", { name: "Navigation" }).getByRole("menuitem", { name: "Building" }).click();
    await page.getByRole("menu", { name: "Building" }).getByRole("menuitem", { name: "All Buildings" }).click();
    await page.getByRole("grid", { name: "All Buildings" }).getByRole("gridcell").first().waitFor();
    // The property editor belongs to All Properties: it is not over the buildings.
    await edit.waitFor({ state: "hidden" });
    await workspaceTabs(page).getByRole("tab", { name: "All Properties" }).click();
    await edit.waitFor();
  });
});
