import { readFileSync } from "node:fs";
import { relatedItemMessages } from "@keyholder/contracts/related-items";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { columnText, footer, grid, openTable } from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, startE2e } from "./harness.ts";

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const rowNamed = (page: Page, unitNumber: string) =>
  grid(page)
    .getByRole("row")
    .filter({ has: page.getByRole("gridcell", { name: unitNumber, exact: true }) });
const totalOf = async (page: Page) =>
  Number((await footer(page))?.match(/of ([\d,]+) rows total/)?.[1]?.replaceAll(",", ""));
const sortOf = (page: Page, header: string) =>
  grid(page)
    .getByRole("columnheader", { name: new RegExp(`^${header}`) })
    .getAttribute("aria-sort");

/** Chooses from a record dropdown: types, then picks the first option the list offers (or the one named). */
async function choose(page: Page, box: Locator, typed: string, option?: string) {
  if (typed) await box.fill(typed);
  else {
    await box.focus();
    await page.keyboard.press("ArrowDown");
  }
  // The list's status rows ("Searching...") are options too; the records are the others.
  const options = page
    .getByRole("listbox")
    .getByRole("option")
    .filter({ hasNotText: new RegExp(`^(${relatedItemMessages.searching}|${relatedItemMessages.noMatches})$`) });
  const wanted = option ? options.filter({ hasText: option }).first() : options.first();
  await wanted.waitFor();
  const text = (await wanted.textContent())?.replace("✓", "").trim() ?? "";
  await wanted.click();
  return text;
}

// Issue 12, item 5: Unit > All Units, its API and its dialog.
describe.skipIf(!hasChromium)("Units (issue 12, item 5)", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  it("adds a unit with property, building and floor plan from the dropdowns, then sorts, filters, edits, shows its history, exports, deletes and undoes", async () => {
    const page = await openTable(e2e, "Unit", "All Units");
    const total = await totalOf(page);
    expect(total).toBe(1000); // the demo organization (ensure-demo.ts)
    const property = (await columnText(page, "property_name"))[0] ?? "";

    // The spec's selection messages.
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByText("Please select a unit to edit").waitFor();
    await page.getByRole("button", { name: "History", exact: true }).click();
    await page.getByText("Please select a single unit to view history").waitFor();

    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Unit" });
    // The building and floor plan lists follow the property: none until it is chosen.
    expect(await add.getByRole("combobox", { name: "Building" }).isDisabled()).toBe(true);
    await add.getByRole("button", { name: "Create" }).click();
    await add.getByText("Unit number is required").waitFor();
    await add.getByText("Choose the property this unit belongs to").waitFor();
    await add.getByLabel("Unit Number").fill("0001-E2E");
    const chosenProperty = await choose(
      page,
      add.getByRole("combobox", { name: "Property" }),
      property.slice(0, 8),
      property,
    );
    expect(chosenProperty).toBe(property);
    const building = await choose(page, add.getByRole("combobox", { name: "Building" }), "");
    const plan = await choose(page, add.getByRole("combobox", { name: "Floor Plan" }), "");
    // The floor plan fills the empty rooms and size.
    await expect.poll(() => add.getByLabel("Bedrooms").inputValue()).toMatch(/^\d/);
    expect(await add.getByLabel("Bathrooms").inputValue()).toMatch(/^\d/);
    expect(await add.getByLabel("Square Footage").inputValue()).toMatch(/^\d/);
    const bedrooms = await add.getByLabel("Bedrooms").inputValue();
    // The date picker's segments, month first (en-US); typing moves on by itself.
    await add.getByRole("spinbutton", { name: /^month, Available Date/ }).focus();
    await page.keyboard.type("12012026");
    await add.getByLabel("Status").selectOption({ label: "Occupied" });
    await add.getByRole("button", { name: "Create" }).click();
    await add.waitFor({ state: "detached" });
    await notifications(page).getByText("Unit '0001-E2E' added").waitFor();
    await expect.poll(async () => (await columnText(page, "unit_number"))[0]).toBe("0001-E2E");
    await expect.poll(() => totalOf(page)).toBe(total + 1);
    const row = rowNamed(page, "0001-E2E");
    expect(await row.locator('[data-column="property_name"]').textContent()).toBe(property);
    expect(await row.locator('[data-column="building_name"]').textContent()).toBe(building);
    expect(plan.startsWith((await row.locator('[data-column="floor_plan_name"]').textContent()) ?? "-")).toBe(true);
    expect(await row.locator('[data-column="number_of_bedrooms"]').textContent()).toBe(bedrooms);
    expect(await row.locator('[data-column="status"]').textContent()).toBe("Occupied");
    expect(await row.locator('[data-column="date_available"]').textContent()).toBe("12/1/2026");
    expect(await row.locator('[data-column="base_rent_estimate"]').textContent()).toMatch(/^\$[\d,]+\.\d\d$/);

    // Sorting by a header goes to the server; so does the quick filter.
    await grid(page).getByRole("button", { name: "Bedrooms" }).click();
    await expect.poll(() => sortOf(page, "Bedrooms")).toBe("ascending");
    await expect
      .poll(async () => {
        const beds = (await columnText(page, "number_of_bedrooms")).map(Number);
        return beds.length > 10 && beds.every((b, i) => i === 0 || (beds[i - 1] ?? 0) <= b);
      })
      .toBe(true);
    await grid(page).getByRole("button", { name: "Bedrooms" }).click();
    await expect.poll(() => sortOf(page, "Bedrooms")).toBe("descending");
    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    await page.getByLabel("Filter Status").fill("vacant");
    await expect
      .poll(async () => {
        const shown = await columnText(page, "status");
        return shown.length > 0 && shown.every((s) => s === "Vacant");
      })
      .toBe(true);
    await page.getByLabel("Filter Status").fill("");
    await page.getByLabel("Filter Unit Number").fill("0001-e2");
    await expect.poll(() => columnText(page, "unit_number")).toEqual(["0001-E2E"]);

    // View is read-only; Edit from there.
    await rowNamed(page, "0001-E2E").getByRole("gridcell").first().dblclick();
    const view = page.getByRole("dialog", { name: "Unit: 0001-E2E" });
    // A single-building property's building bears its name, so the text can show twice.
    await view.getByText(building, { exact: true }).first().waitFor();
    await view.getByText("Occupied", { exact: true }).waitFor();
    expect(await view.getByRole("textbox").count()).toBe(0);
    await view.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Unit: 0001-E2E" });
    await edit.getByLabel("Unit Number").fill("0001-E2F");
    await edit.getByLabel("Bedrooms").fill("7");
    await edit.getByLabel("Status").selectOption({ label: "Available" });
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    await page.getByRole("dialog", { name: "Unit: 0001-E2F" }).getByRole("button", { name: "Close" }).first().click();
    await notifications(page).getByText("Unit '0001-E2F' saved").waitFor();
    await page.getByLabel("Filter Unit Number").fill("0001-E2F");
    await expect.poll(() => columnText(page, "number_of_bedrooms")).toEqual(["7"]);
    expect(await columnText(page, "status")).toEqual(["Vacant"]);

    await rowNamed(page, "0001-E2F").getByRole("gridcell").first().click();
    await page.getByRole("button", { name: "History", exact: true }).click();
    const history = page.getByRole("dialog", { name: "Unit History: 0001-E2F" });
    await history.getByText("Unit Number: 0001-E2E → 0001-E2F").waitFor();
    await history.getByText("Status: Occupied → Vacant").waitFor();
    await history.getByText(`Bedrooms: ${bedrooms} → 7`).waitFor();
    await history.getByText(/Created by Demo/).waitFor();
    await history.getByRole("button", { name: "Close" }).click();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("selected_units.csv");
    const csv = readFileSync((await file.path()) ?? "", "utf8").replace(/^\uFEFF/, "");
    const [header, line] = csv.split("\r\n");
    expect(header).toBe(
      "Unit Number,Building,Property,Floor Plan,Bedrooms,Bathrooms,Square Feet,Status,Available Date,Base Rent,City,State",
    );
    expect(line).toMatch(/^0001-E2F,/);
    expect(line).toContain(",7,");
    expect(line).toContain(",Vacant,12/1/2026,");

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Unit: 0001-E2F" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.waitFor({ state: "detached" });
    const deleted = notifications(page).getByRole("alertdialog").filter({ hasText: "deleted" });
    await deleted.getByText("Unit '0001-E2F' deleted").waitFor();
    await page.getByText("No units match the filters.").waitFor();
    await deleted.getByRole("button", { name: "Undo" }).click();
    await notifications(page).getByText("Unit '0001-E2F' restored").waitFor();
    await expect.poll(() => columnText(page, "unit_number")).toEqual(["0001-E2F"]);
    expect(await rowNamed(page, "0001-E2F").locator('[data-column="building_name"]').textContent()).toBe(building);
  });

  it("clears the building and floor plan when another property is chosen, exports all loaded units, and passes axe", async () => {
    const page = await openTable(e2e, "Unit", "All Units");
    const [first, second] = [...new Set(await columnText(page, "property_name"))];
    if (!first || !second) throw new Error("the demo units lie in one property");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Unit" });
    await choose(page, add.getByRole("combobox", { name: "Property" }), first.slice(0, 8), first);
    await choose(page, add.getByRole("combobox", { name: "Building" }), "");
    expect(await add.getByRole("combobox", { name: "Building" }).inputValue()).not.toBe("");
    await choose(page, add.getByRole("combobox", { name: "Property" }), second.slice(0, 8), second);
    await expect.poll(() => add.getByRole("combobox", { name: "Building" }).inputValue()).toBe("");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await add.getByRole("button", { name: "Cancel" }).click();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("all_units.csv");
    const lines = readFileSync((await file.path()) ?? "", "utf8")
      .trim()
      .split("\r\n");
    expect(lines.length).toBe((await totalOf(page)) + 1);
  });
});
