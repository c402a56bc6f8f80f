import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grid, openTable, rowsInView } from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, openFromMenu, startE2e } from "./harness.ts";

describe.skipIf(!hasChromium)("record grids in workspace tabs", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  it("shows a table again with its rows, scroll position and selection after switching tabs", async () => {
    // A short window, so All Buildings' rows scroll.
    const page = await openTable(e2e, "Building", "All Buildings", { viewport: { width: 1440, height: 600 } });
    await grid(page).hover();
    await page.mouse.wheel(0, 200);
    // Wheel scrolling is smooth: wait until it has come to rest.
    let last = -1;
    await expect
      .poll(async () => {
        const now = await grid(page).evaluate((el) => el.scrollTop);
        const resting = now === last && now > 100;
        last = now;
        return resting;
      })
      .toBe(true);
    const scrollTop = await grid(page).evaluate((el) => el.scrollTop);
    const picked = (await rowsInView(page))[2]?.row ?? 0;
    await grid(page).locator(`[role=row][aria-rowindex="${picked}"] [role=gridcell]`).first().click();
    await page.getByText("1 selected").waitFor();
    const seen = await rowsInView(page);
    const focusedCell = await grid(page).getAttribute("aria-activedescendant");
    expect(focusedCell).toBeTruthy();

    await openFromMenu(page, "Unit", "Floor Plans");
    await grid(page).getByRole("gridcell").first().waitFor();
    // The sidebar acts on the shown tab only, not on the hidden one that keeps its state.
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByText("Please select a single floor plan to edit").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.getByRole("tab", { name: "All Buildings" }).click();

    await expect.poll(() => rowsInView(page), { timeout: 10_000 }).toEqual(seen);
    expect(await grid(page).evaluate((el) => el.scrollTop)).toBe(scrollTop);
    expect(await grid(page).getByRole("row", { selected: true }).getAttribute("aria-rowindex")).toBe(String(picked));
    await page.getByText("1 selected").waitFor();
    expect(await grid(page).getAttribute("aria-activedescendant")).toBe(focusedCell);
  });

  it("shows the rows of a table closed and opened again from the menu", async () => {
    const page = await openTable(e2e, "Building", "All Buildings");
    const first = await grid(page).getByRole("gridcell").first().textContent();
    await page.getByRole("button", { name: "Close All Buildings" }).click();
    await grid(page).waitFor({ state: "detached" });

    await openFromMenu(page, "Building", "All Buildings");
    await expect.poll(() => grid(page).getByRole("gridcell").first().textContent(), { timeout: 10_000 }).toBe(first);
  });
});
