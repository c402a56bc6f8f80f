import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grid, openTable } from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, startE2e } from "./harness.ts";

const top = async (locator: Locator) => Math.round((await locator.boundingBox())?.y ?? Number.NaN);

describe.skipIf(!hasChromium)("record grid layout", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  it("keeps the header and quick-filter rows pinned at the top while the rows scroll", async () => {
    const page = await openTable(e2e, "Unit", "Floor Plans", { viewport: { width: 1440, height: 600 } });
    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    const header = grid(page).getByRole("columnheader", { name: "Plan Name" });
    const filter = page.getByLabel("Filter Plan Name");
    await filter.waitFor();
    const gridTop = await top(grid(page));
    const headerTop = await top(header);
    const filterTop = await top(filter);
    expect(headerTop).toBe(gridTop);

    await grid(page).hover();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => grid(page).evaluate((el) => el.scrollTop)).toBeGreaterThan(300);
    expect(await top(header)).toBe(headerTop);
    expect(await top(filter)).toBe(filterTop);
  });

  it("does not move the rows under the pointer when the selection bar appears", async () => {
    const page = await openTable(e2e, "Unit", "Floor Plans");
    const gridTop = (await grid(page).boundingBox())?.y;
    await grid(page).getByRole("gridcell").nth(2).click();
    await page.getByText("1 selected").waitFor();
    expect((await grid(page).boundingBox())?.y).toBe(gridTop);
  });

  it("shows a truncated cell's full text in a tooltip on hover and on keyboard focus, and only then", async () => {
    const page = await openTable(e2e, "Unit", "Floor Plans");
    // Narrow Plan Name to its minimum from the keyboard.
    await grid(page).getByRole("button", { name: "Plan Name" }).focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press("Alt+Shift+ArrowLeft");
    const cell = grid(page).locator('[role=row] [role=gridcell][data-column="plan_name"]').first();
    await expect.poll(() => cell.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const full = (await cell.textContent()) ?? "";
    const tooltip = page.getByRole("tooltip");

    await cell.hover();
    await expect.poll(() => tooltip.textContent()).toBe(full);
    await grid(page).locator('[role=row] [role=gridcell][data-column="bed_rooms"]').first().hover();
    await tooltip.waitFor({ state: "hidden" });

    // The grid's focused cell is its active descendant; the first cell is Plan Name of row 1.
    await grid(page).focus();
    await expect.poll(() => tooltip.textContent()).toBe(full);
    await page.keyboard.press("ArrowRight");
    await tooltip.waitFor({ state: "hidden" });
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => tooltip.textContent()).toBe(full);
    await page.keyboard.press("Escape");
    await tooltip.waitFor({ state: "hidden" });
  });

  it("stretches few columns to fill the grid's width, in proportion", async () => {
    const page = await openTable(e2e, "Unit", "Floor Plans");
    await grid(page).getByRole("columnheader", { name: "Plan Code" }).click({ button: "right" });
    await page.getByRole("menuitem", { name: "Manage Columns" }).click();
    const manager = page.getByRole("dialog", { name: "Manage Columns" });
    await manager.getByRole("button", { name: "Hide All" }).click();
    await manager.getByText("Plan Name", { exact: true }).click();
    await manager.getByText("Bedrooms", { exact: true }).click();
    await manager.getByRole("button", { name: "Done" }).click();
    await manager.waitFor({ state: "detached" });

    const width = async (name: string) =>
      (await grid(page).getByRole("columnheader", { name, exact: true }).boundingBox())?.width ?? 0;
    const inner = await grid(page).evaluate((el) => el.clientWidth);
    await expect
      .poll(async () => Math.round((await width("#")) + (await width("Plan Name")) + (await width("Bedrooms"))))
      .toBe(inner);
    expect(Math.abs((await width("Plan Name")) - (await width("Bedrooms")))).toBeLessThanOrEqual(1);
    // No horizontal scroll bar for the stretched columns.
    expect(await grid(page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  });
});
