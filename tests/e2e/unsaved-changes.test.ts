import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { grid, openTable } from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, openFromMenu, startE2e } from "./harness.ts";
import { focused } from "./workspace-page.ts";

const ASK = "Discard unsaved changes?";

/**
 * Issue 15, item 6: Escape closes only the popup in front (a dropdown's suggestions before the
 * dialog holding it), and a dialog with unsaved changes asks before Escape or its close button
 * throws them away, in every form.
 */
describe.skipIf(!hasChromium)("unsaved changes in dialogs", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  const question = (page: Page) => page.getByRole("alertdialog", { name: ASK });

  async function editFirstProperty(page: Page) {
    await grid(page).getByRole("gridcell").first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "Edit Property" }).click();
    const edit = page.getByRole("dialog", { name: /^Edit Property: / });
    await edit.getByLabel("Property Name").waitFor();
    return edit;
  }

  it("closes only the suggestions on Escape in 'Find a building', and asks before the edited property is closed", async () => {
    const page = await openTable(e2e, "Property", "All Properties");
    const edit = await editFirstProperty(page);
    const name = edit.getByLabel("Property Name");
    const original = await name.inputValue();
    await name.fill(`${original} renamed`);

    const find = edit.getByRole("combobox", { name: "Find a building" });
    await find.focus();
    const suggestions = page.getByRole("listbox");
    // ArrowDown opens the list; on a loaded machine a press made while the field was still being
    // set up has been lost (seen in CI), so it is pressed again until the list shows.
    for (let tries = 0; ; tries++) {
      await page.keyboard.press("ArrowDown");
      try {
        await suggestions.getByRole("option").first().waitFor({ timeout: 5000 });
        break;
      } catch (err) {
        if (tries === 2) throw err;
      }
    }
    await page.keyboard.press("Escape");
    await suggestions.waitFor({ state: "detached" });
    // Only the list went: the dialog, the edit and the focus are where they were.
    expect(await edit.isVisible()).toBe(true);
    expect(await question(page).count()).toBe(0);
    expect(await name.inputValue()).toBe(`${original} renamed`);
    expect(await focused(page)).toMatchObject({ role: "combobox" });

    // The next Escape is the dialog's: it asks, and Escape there keeps the edit.
    await page.keyboard.press("Escape");
    await question(page).waitFor();
    await expect.poll(() => focused(page)).toEqual({ role: "button", label: "Keep editing" });
    await page.keyboard.press("Escape");
    await question(page).waitFor({ state: "detached" });
    expect(await name.inputValue()).toBe(`${original} renamed`);
    // Back where the user was: the closing dialog gives the focus back as it unmounts, which on a
    // loaded machine CI saw land a moment after the dialog left the page.
    await expect.poll(() => focused(page)).toMatchObject({ role: "combobox" });

    // The close button asks too; Keep editing keeps it, Discard changes closes without saving.
    await edit.getByRole("button", { name: "Close", exact: true }).click();
    await question(page).getByRole("button", { name: "Keep editing" }).click();
    expect(await edit.isVisible()).toBe(true);
    await edit.getByRole("button", { name: "Close", exact: true }).click();
    await question(page).getByRole("button", { name: "Discard changes" }).click();
    await edit.waitFor({ state: "detached" });
    const again = await editFirstProperty(page);
    expect(await again.getByLabel("Property Name").inputValue()).toBe(original);

    // Nothing changed: Escape closes it at once.
    await page.keyboard.press("Escape");
    await again.waitFor({ state: "detached" });
    expect(await question(page).count()).toBe(0);
  });

  it("asks in every record form and in the Account dialog, and a change typed back is no change", async () => {
    const page = await openTable(e2e, "Building", "All Buildings");
    const forms: [category: string, item: string, title: string, field: string][] = [
      ["Building", "All Buildings", "Add New Building", "Building Name"],
      ["Unit", "Floor Plans", "Add New Floor Plan", "Plan Name"],
      ["Unit", "All Units", "Add New Unit", "Unit Number"],
      ["Zone", "All Zones", "Add New Zone", "Zone Name"],
      ["Users", "Staff", "Add New Staff", "Full Name"],
      ["Property", "All Properties", "Add New Property", "Property Name"],
    ];
    const typeThenEscape = async (dialog: Locator, field: string) => {
      await dialog.getByLabel(field, { exact: true }).fill("Half-typed");
      await dialog.getByLabel(field, { exact: true }).focus();
      await page.keyboard.press("Escape");
      await question(page).waitFor();
    };
    for (const [category, item, title, field] of forms) {
      if (category !== "Building") await openFromMenu(page, category, item);
      await page.getByRole("button", { name: "Add", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: title });
      await typeThenEscape(dialog, field);
      await question(page).getByRole("button", { name: "Discard changes" }).click();
      await dialog.waitFor({ state: "detached" });
    }

    // Typed and typed back: nothing to lose, so nothing is asked.
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const property = page.getByRole("dialog", { name: "Add New Property" });
    // As a person would, once the form's choices are in (under load they arrive after the dialog).
    await property.getByLabel("Property Type").locator("option").nth(1).waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    await property.getByLabel("Property Name").fill("Brief");
    await property.getByLabel("Property Name").fill("");
    await page.keyboard.press("Escape");
    await property.waitFor({ state: "detached" });
    expect(await question(page).count()).toBe(0);

    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Account", exact: true }).click();
    const account = page.getByRole("dialog", { name: "Account Information" });
    await account.getByRole("button", { name: "Edit your details" }).click();
    await typeThenEscape(account, "Preferred name");
    await question(page).getByRole("button", { name: "Discard changes" }).click();
    await account.waitFor({ state: "detached" });
  });

  it("asks before a workspace tab holding unsaved changes is closed, even from another tab, and before the page is left", async () => {
    const page = await openTable(e2e, "Building", "All Buildings");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Building" });
    await add.getByLabel("Building Name").fill("Half-way House");
    const leaving = () =>
      page.evaluate(() => {
        const e = new Event("beforeunload", { cancelable: true });
        window.dispatchEvent(e);
        return e.defaultPrevented;
      });
    expect(await leaving()).toBe(true);

    // Another tab in front: the buildings tab's dialog is hidden with it, its changes still there.
    await openFromMenu(page, "Zone", "All Zones");
    await page.getByRole("grid", { name: "All Zones" }).getByRole("gridcell").first().waitFor();
    await add.waitFor({ state: "hidden" });
    const tabs = page.getByRole("tablist", { name: "Open tabs" });
    await page.getByTitle("Close All Buildings").click();
    await question(page).waitFor();
    await question(page).getByText("All Buildings").waitFor();
    await question(page).getByRole("button", { name: "Keep editing" }).click();
    expect(await tabs.getByRole("tab").allTextContents()).toEqual(["All Buildings", "All Zones"]);
    await tabs.getByRole("tab", { name: "All Buildings" }).click();
    expect(await add.getByLabel("Building Name").inputValue()).toBe("Half-way House");

    // By keyboard from the tab in front: the background tab with changes asks, and Discard closes it.
    await tabs.getByRole("tab", { name: "All Zones" }).click();
    await add.waitFor({ state: "hidden" });
    await tabs.getByRole("tab", { name: "All Zones" }).focus();
    await page.keyboard.press("ArrowLeft");
    expect(await focused(page)).toEqual({ role: "tab", label: "All Buildings" });
    await page.keyboard.press("Delete");
    await expect.poll(() => focused(page)).toEqual({ role: "button", label: "Keep editing" });
    await question(page).getByRole("button", { name: "Discard changes" }).click();
    expect(await tabs.getByRole("tab").allTextContents()).toEqual(["All Zones"]);
    // A tab with nothing unsaved closes at once.
    await page.getByTitle("Close All Zones").click();
    expect(await tabs.getByRole("tab").count()).toBe(0);
    expect(await question(page).count()).toBe(0);
    expect(await leaving()).toBe(false);
  });

  it("fits the question on a phone and passes axe in both themes", async () => {
    const page = await openTable(e2e, "Zone", "All Zones");
    // A phone opens tables from its one menu button; the dialog is what is tested here.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Zone" });
    await dialog.getByLabel("Zone Name").fill("Riverside");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await question(page).waitFor();
    const box = await question(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844).toBe(true);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    // Keyboard only: Tab moves between the two answers and stays in the question.
    expect(await focused(page)).toEqual({ role: "button", label: "Keep editing" });
    await page.keyboard.press("Tab");
    expect(await focused(page)).toEqual({ role: "button", label: "Discard changes" });
    await page.keyboard.press("Tab");
    expect(await focused(page)).toEqual({ role: "button", label: "Keep editing" });
    await page.keyboard.press("Enter");
    await question(page).waitFor({ state: "detached" });
    expect(await dialog.getByLabel("Zone Name").inputValue()).toBe("Riverside");
  });
});
