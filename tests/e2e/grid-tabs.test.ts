import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grid, openTable, rowsInView } from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, openFromMenu, startE2e } from "./harness.ts";

/** The total in the shown tab's footer (a hidden tab keeps its own). */
const totalOf = async (page: Page) =>
  Number(
    (
      await page
        .getByText(/loaded of/)
        .filter({ visible: true })
        .textContent()
    )
      ?.match(/of ([\d,]+) rows? total/)?.[1]
      ?.replaceAll(",", ""),
  );

/** A unit added through the API, as a colleague's script or another browser would. */
const addUnit = (page: Page, unitNumber: string) =>
  page.evaluate(async (unit_number) => {
    const list = (await (await fetch("/api/v1/units?limit=1")).json()) as { units: { property_id: string }[] };
    const res = await fetch("/api/v1/units", {
      method: "POST",
      headers: { "content-type": "application/json", "x-keyholder-request": "1" },
      body: JSON.stringify({ unit_number, property_id: list.units[0]?.property_id, occupied: false }),
    });
    if (res.status !== 201 && res.status !== 200) throw new Error(`adding a unit answered ${res.status}`);
  }, unitNumber);

/** Holds every units list request until `release` is called, as a slow network would. */
async function holdUnitLists(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v1/units?*", async (route) => {
    await held;
    await route.fallback();
  });
  return () => {
    release();
    return page.unroute("**/api/v1/units?*");
  };
}

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

  it("opens a table from the menu with the units in the database, not those an earlier opening left", async () => {
    const page = await openTable(e2e, "Unit", "All Units");
    const before = await totalOf(page);
    await page.getByRole("button", { name: "Close All Units" }).click();
    await grid(page).waitFor({ state: "detached" });
    await addUnit(page, "ZZ-TAB-1");
    await addUnit(page, "ZZ-TAB-2");

    const release = await holdUnitLists(page);
    await openFromMenu(page, "Unit", "All Units");
    await page.waitForTimeout(300);
    // Until the database answers the table shows no count and no rows (it showed the earlier
    // opening's, "1,000 rows total" for 1,002).
    expect(
      await page
        .getByText(/rows? total/)
        .filter({ visible: true })
        .count(),
    ).toBe(0);
    expect(await grid(page).getByRole("gridcell").filter({ visible: true }).count()).toBe(0);
    await release();
    await expect.poll(() => totalOf(page), { timeout: 10_000 }).toBe(before + 2);
  });

  it("shows a table's tab again with its rows marked as loading until the database's rows are in", async () => {
    const page = await openTable(e2e, "Unit", "All Units");
    const before = await totalOf(page);
    await openFromMenu(page, "Unit", "Floor Plans");
    await grid(page).getByRole("gridcell").first().waitFor();
    await addUnit(page, "ZZ-TAB-3");

    const release = await holdUnitLists(page);
    await page.getByRole("tab", { name: "All Units" }).click();
    // The rows from before stay, dimmed, said to be loading; Export would wait for the new ones.
    await page.getByText("Loading...", { exact: true }).waitFor();
    const rowsOpacity = () =>
      grid(page)
        .locator("[role=rowgroup]")
        .last()
        .evaluate((el) => Number(getComputedStyle(el).opacity));
    await expect.poll(rowsOpacity).toBeLessThan(0.6);
    await release();
    await expect.poll(() => totalOf(page), { timeout: 10_000 }).toBe(before + 1);
    await expect.poll(rowsOpacity).toBe(1);
    expect(await page.getByText("Loading...", { exact: true }).count()).toBe(0);
  });
});
