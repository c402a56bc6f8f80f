import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseFirstProperty, footer, grid, openTable } from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, startE2e } from "./harness.ts";

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });
/** The row whose first cell reads `name`, among the rendered rows. */
const rowNamed = (page: Page, name: string) =>
  grid(page)
    .getByRole("row")
    .filter({ has: page.getByRole("gridcell", { name, exact: true }) });

// Issue 10, item 11: a toast after every change, Undo after a delete, the saved row shown.
describe.skipIf(!hasChromium)("feedback after add, edit and delete", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  it("says what was added and saved, shows the row, and undoes a delete", async () => {
    const page = await openTable(e2e, "Unit", "Floor Plans");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Floor Plan" });
    await add.getByLabel("Plan Name").fill("Meridian Feedback Plan");
    await chooseFirstProperty(add);
    await add.getByLabel("Bedrooms").fill("2");
    await add.getByLabel("Bathrooms").fill("1");
    await add.getByLabel("Base Rent").fill("$1,450");
    await add.getByRole("button", { name: "Create" }).click();
    await add.waitFor({ state: "detached" });
    await notifications(page).getByText("Floor plan 'Meridian Feedback Plan' added").waitFor();
    // The new row sorts into the middle of the list; it is scrolled into view and highlighted.
    const added = rowNamed(page, "Meridian Feedback Plan");
    await expect.poll(() => added.getAttribute("data-highlighted"), { timeout: 10_000 }).toBe("true");
    expect(await added.isVisible()).toBe(true);

    await added.getByRole("gridcell").first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "Edit Floor Plan" }).click();
    const edit = page.getByRole("dialog", { name: "View/Edit Floor Plan: Meridian Feedback Plan" });
    await edit.getByLabel("Base Rent").fill("1,500.50");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    await notifications(page).getByText("Floor plan 'Meridian Feedback Plan' saved").waitFor();
    await expect.poll(async () => rowNamed(page, "Meridian Feedback Plan").textContent()).toContain("$1,500.50");

    await rowNamed(page, "Meridian Feedback Plan").getByRole("gridcell").first().click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Floor Plan: Meridian Feedback Plan" });
    await confirm.getByText("You can undo it right after.", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.waitFor({ state: "detached" });
    const deleted = notifications(page).getByRole("alertdialog").filter({ hasText: "deleted" });
    await deleted.getByText("Floor plan 'Meridian Feedback Plan' deleted").waitFor();
    await expect.poll(() => rowNamed(page, "Meridian Feedback Plan").count()).toBe(0);

    await deleted.getByRole("button", { name: "Undo" }).click();
    await notifications(page).getByText("Floor plan 'Meridian Feedback Plan' restored").waitFor();
    const back = rowNamed(page, "Meridian Feedback Plan");
    await expect.poll(() => back.getAttribute("data-highlighted"), { timeout: 10_000 }).toBe("true");
    expect(await back.textContent()).toContain("$1,500.50");

    await back.getByRole("gridcell").first().click();
    await page.getByRole("button", { name: "History", exact: true }).click();
    const history = page.getByRole("dialog", { name: "Floor Plan History: Meridian Feedback Plan" });
    await history.getByText(/^Restored by/).waitFor();
  });

  it("undoes a delete of several buildings at once", async () => {
    const page = await openTable(e2e, "Building", "All Buildings");
    const total = async () => Number((await footer(page))?.match(/of ([\d,]+) rows? total/)?.[1]?.replaceAll(",", ""));
    const before = await total();
    const cells = grid(page).locator('[role=row] [role=gridcell][data-column="name"]');
    // The lower row first: a long name's tooltip opens under the hovered cell, over the row below.
    await cells.nth(1).click();
    await cells.nth(0).click({ modifiers: ["Control"] });
    await page.getByText("2 selected").waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Delete 2 Buildings" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.waitFor({ state: "detached" });
    const deleted = notifications(page).getByRole("alertdialog").filter({ hasText: "2 buildings deleted" });
    await deleted.waitFor();
    await expect.poll(total).toBe(before - 2);
    await deleted.getByRole("button", { name: "Undo" }).click();
    await notifications(page).getByText("2 buildings restored").waitFor();
    await expect.poll(total).toBe(before);
  });
});
