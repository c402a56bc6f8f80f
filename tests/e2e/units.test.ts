import { relatedItemMessages } from "@keyholder/contracts/related-items";
import { type SQL, sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { columnText, dataHeaders, exportCsv, footer, grid, openTable } from "./grid-page.ts";
import { DEMO, DEMO_ENV, type E2e, hasChromium, startE2e } from "./harness.ts";

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
    // Occupied with a date it becomes available: its tenant is leaving, which leasing sees as a notice.
    expect(await row.locator('[data-column="status"]').textContent()).toBe("Occupied Notice");
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

    const csv = await exportCsv(page);
    expect(csv.name).toBe("selected_units.csv");
    const [header, line] = csv.lines;
    // The columns shown by default, in their order.
    expect(header).toBe(
      "Unit Number,Building,Property,Floor Plan,Bedrooms,Bathrooms,Square Feet,Status,Available Date,Base Rent,City,State",
    );
    expect(header).toBe((await dataHeaders(page)).join(","));
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

    const csv = await exportCsv(page);
    expect(csv.name).toBe("all_units.csv");
    expect(csv.lines.length).toBe((await totalOf(page)) + 1);
  });

  it("quick-filters numbers as the grid shows them, by comparison and by range, and says what a number filter takes", async () => {
    /** The demo organization's units that pass a condition, by the test's own count. */
    const unitsWhere = (condition: SQL) =>
      e2e.app.asSystem(async (tx) => {
        const { rows } = (await tx.execute(sql`select count(*)::int as n from units u
          join users us on us.organization_id = u.organization_id where us.username = ${DEMO.email} and ${condition}`)) as unknown as {
          rows: { n: number }[];
        };
        return rows[0]?.n ?? -1;
      });
    const page = await openTable(e2e, "Unit", "All Units");
    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    // A size and a rent as the grid shows them: "1,124" and "$1,350.00".
    const size = (await columnText(page, "square_footage")).find((t) => t.includes(",")) ?? "";
    const rent = (await columnText(page, "base_rent_estimate")).find((t) => t.startsWith("$")) ?? "";
    expect(size).toMatch(/^\d,\d{3}$/);
    expect(rent).toMatch(/^\$[\d,]+\.\d\d$/);
    const number = (shown: string) => Number(shown.replace(/[$,]/g, ""));

    const sizeBox = page.getByLabel("Filter Square Feet");

    const filtersTo = async (box: Locator, text: string, expected: number, shown: (cell: string) => boolean) => {
      await box.fill(text);
      await expect.poll(() => totalOf(page), { timeout: 10_000 }).toBe(expected);
      const cells = await columnText(page, box === sizeBox ? "square_footage" : "base_rent_estimate");
      expect(cells.length).toBeGreaterThan(0);
      expect(
        cells.filter((cell) => !shown(cell)),
        text,
      ).toEqual([]);
    };
    await filtersTo(sizeBox, size, await unitsWhere(sql`u.square_footage = ${number(size)}`), (c) => c === size);
    // What a number filter takes is said while the quick filters are shown.
    const hint = "Number filters take a number as shown (1,010 or $870), >1000, <1200, or a range such as 1000-1200.";
    await page.getByText(hint).waitFor();
    expect(await sizeBox.getAttribute("aria-describedby")).toBe(await page.getByText(hint).getAttribute("id"));
    await filtersTo(sizeBox, ">1,000", await unitsWhere(sql`u.square_footage > 1000`), (c) => number(c) > 1000);
    await filtersTo(
      sizeBox,
      "900-1200",
      await unitsWhere(sql`u.square_footage between 900 and 1200`),
      (c) => number(c) >= 900 && number(c) <= 1200,
    );
    await sizeBox.fill("");
    const rentBox = page.getByLabel("Filter Base Rent");
    await filtersTo(rentBox, rent, await unitsWhere(sql`u.base_rent_estimate = ${number(rent)}`), (c) => c === rent);
    await filtersTo(
      rentBox,
      `< ${rent.replace(/\.00$/, "")}`,
      await unitsWhere(sql`u.base_rent_estimate < ${number(rent)}`),
      (c) => number(c) < number(rent),
    );

    // Text that is no number says so, beside the grid's empty state.
    await rentBox.fill("cheap");
    await page.getByText('Base Rent: "cheap" is not a number.').waitFor();
    expect(await rentBox.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("No units match the filters.").waitFor();
  });
});
