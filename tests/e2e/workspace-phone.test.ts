import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAxe, seriousAxeViolations } from "./axe.ts";
import { DEMO, type E2e, hasChromium, signIn, startE2e, workspaceReady } from "./harness.ts";
import { focused } from "./workspace-page.ts";

const PHONE = { width: 390, height: 844 };

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Whether the element's box lies wholly inside the phone's screen. */
async function onScreen(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height;
}

describe.skipIf(!hasChromium)("workspace on a 390×844 phone", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ DEMO_SEED: "true", DEMO_PASSWORD: DEMO.password });
  });
  afterAll(() => e2e?.close());

  it("collapses the menu bar into one menu button, shows the whole search hint and never scrolls sideways (item 14)", async () => {
    const page = await signIn(e2e, DEMO, PHONE);
    const menuButton = page.getByRole("button", { name: "Menu", exact: true });
    await menuButton.waitFor();
    expect(await page.getByRole("menubar").count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);

    const hintFits = await page.getByRole("combobox", { name: "Search properties" }).evaluate((el) => {
      const input = el as HTMLInputElement;
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d");
      if (!context) return false;
      context.font = style.font;
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return input.placeholder.length > 0 && context.measureText(input.placeholder).width <= room;
    });
    expect(hintFits).toBe(true);

    // By keyboard (the pointer resting out of the way): the button opens the categories, Right opens one,
    // Enter opens the entry.
    await page.mouse.move(1, PHONE.height - 1);
    await menuButton.focus();
    await page.keyboard.press("Enter");
    const categories = page.getByRole("menu", { name: "Menu" });
    await categories.waitFor();
    expect(await onScreen(categories)).toBe(true);
    await expect.poll(() => focused(page)).toMatchObject({ role: "menuitem", label: "Unit" });
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    const building = page.getByRole("menu", { name: "Building" });
    await building.waitFor();
    expect(await onScreen(building)).toBe(true);
    const findings = await seriousAxeViolations(page);
    expect(findings, describeAxe(findings)).toEqual([]);
    expect(await building.getByRole("menuitem", { name: /^Corporate/ }).getAttribute("aria-disabled")).toBe("true");
    await expect.poll(async () => (await focused(page)).label).toMatch(/^All Buildings/);
    await page.keyboard.press("Enter");
    await page.getByRole("tab", { name: "All Buildings" }).waitFor();
    await expect.poll(() => focused(page), { timeout: 10_000 }).toEqual({ role: "grid", label: "All Buildings" });

    // By touch-like clicks: button, category, entry.
    await menuButton.click();
    await page.getByRole("menu", { name: "Menu" }).getByRole("menuitem", { name: "Unit" }).click();
    await page.getByRole("menu", { name: "Unit" }).getByRole("menuitem", { name: "Floor Plans" }).click();
    await page.getByRole("tab", { name: "Floor Plans", selected: true }).waitFor();
    await page.getByRole("grid", { name: "Floor Plans" }).getByRole("gridcell").first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await onScreen(page.getByRole("tablist"))).toBe(true);
    // The active tab is whole on screen, beside its quick-filter and close buttons.
    expect(await onScreen(page.getByRole("tab", { name: "Floor Plans" }))).toBe(true);
    const tabRight = (await page.getByRole("tab", { name: "Floor Plans" }).boundingBox())?.x ?? 0;
    const buttonsLeft = (await page.getByRole("button", { name: "Show quick filters" }).boundingBox())?.x ?? 0;
    expect(tabRight).toBeLessThan(buttonsLeft);
    expect(await onScreen(page.getByRole("navigation", { name: "Actions" }))).toBe(true);

    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await page.getByRole("button", { name: "Collapse sidebar" }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await onScreen(page.getByRole("navigation", { name: "Actions" }))).toBe(true);
  });

  it("fits dialogs on the screen and keeps them there when dragged (item 14)", async () => {
    const page = await signIn(e2e, DEMO, PHONE);
    await workspaceReady(page);
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Account", exact: true }).click();
    const account = page.getByRole("dialog", { name: "Account Information" });
    await account.waitFor();
    expect(await onScreen(account)).toBe(true);
    const title = await account.getByRole("heading", { name: "Account Information" }).boundingBox();
    if (!title) throw new Error("dialog title not laid out");
    await page.mouse.move(title.x + 10, title.y + title.height / 2);
    await page.mouse.down();
    await page.mouse.move(title.x - 300, title.y - 400, { steps: 5 });
    await page.mouse.up();
    expect(await onScreen(account)).toBe(true);
    await page.mouse.move(title.x + 10, title.y + title.height / 2);
    await page.mouse.down();
    await page.mouse.move(title.x + 400, title.y + 900, { steps: 5 });
    await page.mouse.up();
    expect(await onScreen(account)).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    // Turned to landscape: the dialog moved aside comes back whole.
    await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
    await expect
      .poll(async () => {
        const box = await account.boundingBox();
        return Boolean(box && box.y >= 0 && box.y + box.height <= PHONE.width && box.x + box.width <= PHONE.height);
      })
      .toBe(true);
    await page.setViewportSize(PHONE);
    await page.keyboard.press("Escape");
    await account.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("menu", { name: "Menu" }).getByRole("menuitem", { name: "Building" }).click();
    await page.getByRole("menu", { name: "Building" }).getByRole("menuitem", { name: "All Buildings" }).click();
    await page.getByRole("grid", { name: "All Buildings" }).getByRole("gridcell").first().waitFor();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Building" });
    await add.waitFor();
    expect(await onScreen(add)).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
