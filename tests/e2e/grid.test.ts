import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chooseFirstProperty,
  columnText,
  csvOf,
  dataHeaders,
  exportCsv,
  exportDialog,
  footer,
  grid,
  headers,
  openTable as open,
  rowsInView,
} from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, startE2e } from "./harness.ts";

describe.skipIf(!hasChromium)("record grids in the browser: All Buildings and Floor Plans", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  const openTable = (category: string, item: string) => open(e2e, category, item);

  it("sorts and quick-filters All Buildings on the server", async () => {
    const page = await openTable("Building", "All Buildings");
    const total = Number((await footer(page))?.match(/of ([\d,]+) rows total/)?.[1]?.replaceAll(",", ""));
    expect(total).toBeGreaterThan(5);
    const names = await columnText(page, "name");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));

    await grid(page).getByRole("button", { name: "Total Units" }).click();
    await expect
      .poll(() =>
        grid(page)
          .getByRole("columnheader", { name: /Total Units/ })
          .getAttribute("aria-sort"),
      )
      .toBe("ascending");
    await expect
      .poll(async () => {
        // "12", or "12 of 120 planned" where the plan differs.
        const units = (await columnText(page, "total_units")).map((t) => Number.parseInt(t.replaceAll(",", ""), 10));
        return units.every((u, i) => i === 0 || (units[i - 1] ?? 0) <= u);
      })
      .toBe(true);
    await grid(page).getByRole("button", { name: "Total Units" }).click();
    await expect
      .poll(() =>
        grid(page)
          .getByRole("columnheader", { name: /Total Units/ })
          .getAttribute("aria-sort"),
      )
      .toBe("descending");

    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    const city = (await columnText(page, "city"))[0] ?? "";
    await page.getByLabel("Filter City").fill(city.slice(0, 4).toLowerCase());
    await expect
      .poll(async () =>
        (await columnText(page, "city")).every((c) => c.toLowerCase().includes(city.slice(0, 4).toLowerCase())),
      )
      .toBe(true);
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect.poll(() => footer(page)).toContain(`of ${total.toLocaleString("en-US")} rows total`);
  });

  it("filters with the filter builder on the server, keeps the filter after a reload, removes it from its chip", async () => {
    const page = await openTable("Building", "All Buildings");
    const total = await footer(page);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const builder = page.getByRole("dialog", { name: "Filter" });
    await builder.getByRole("button", { name: "Add condition" }).click();
    await builder.getByLabel("Column of condition 1").selectOption({ label: "Total Units" });
    await builder.getByLabel("Operator of condition 1").selectOption({ label: ">" });
    await builder.getByRole("button", { name: "Apply" }).click();
    await builder.getByText("Enter a value").waitFor();
    await builder.getByLabel("Value of condition 1").fill("30");
    await builder.getByRole("button", { name: "Apply" }).click();
    await builder.waitFor({ state: "detached" });
    const chip = page.getByRole("list", { name: "Active filters" }).getByRole("listitem");
    await expect.poll(() => chip.textContent()).toContain("Total Units > 30");
    await expect.poll(() => footer(page)).not.toBe(total);
    expect((await columnText(page, "total_units")).every((u) => Number.parseInt(u.replaceAll(",", ""), 10) > 30)).toBe(
      true,
    );

    await page.reload();
    await grid(page).getByRole("gridcell").first().waitFor();
    await expect.poll(() => chip.textContent()).toContain("Total Units > 30");
    expect((await columnText(page, "total_units")).every((u) => Number.parseInt(u.replaceAll(",", ""), 10) > 30)).toBe(
      true,
    );
    await page.getByRole("button", { name: "Remove filter Total Units > 30" }).click();
    await expect.poll(() => footer(page)).toBe(total);
  });
  it("adds a building on a chosen property, edits it, shows its history and deletes it", async () => {
    const page = await openTable("Building", "All Buildings");
    const property = (await columnText(page, "property_name"))[0] ?? "";

    await page.getByRole("button", { name: "History", exact: true }).click();
    await page.getByText("Please select a single building to view history").waitFor();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Building" });
    await add.getByRole("button", { name: "Create" }).click();
    await add.getByText("Building name is required").waitFor();
    await add.getByText("Choose the property this building belongs to").waitFor();
    await add.getByLabel("Building Name").fill("Aardvark Hall");
    await add.getByLabel("Building Number").fill("77");
    await add.getByLabel("Planned Units").fill("12");
    await add.getByLabel("Building Type").selectOption({ index: 1 });
    await add.getByRole("combobox", { name: "Property" }).fill(property.slice(0, 6));
    await page
      .getByRole("option", { name: new RegExp(property) })
      .first()
      .click();
    await add.getByRole("button", { name: "Create" }).click();
    await add.waitFor({ state: "detached" });
    await expect.poll(async () => (await columnText(page, "name"))[0]).toBe("Aardvark Hall");
    expect((await columnText(page, "property_name"))[0]).toBe(property);

    const row = grid(page).getByRole("row").filter({ hasText: "Aardvark Hall" });
    await row.getByRole("gridcell").first().dblclick();
    const view = page.getByRole("dialog", { name: "Building: Aardvark Hall" });
    await view.getByText("77", { exact: true }).waitFor();
    await view.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Building: Aardvark Hall" });
    await edit.getByLabel("Building Name").fill("Aardvark House");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    // The view opened before the edit shows the edited building.
    const refreshed = page.getByRole("dialog", { name: "Building: Aardvark House" });
    await refreshed.getByRole("button", { name: "Close" }).first().click();
    await expect.poll(async () => (await columnText(page, "name"))[0]).toBe("Aardvark House");

    await grid(page).getByRole("row").filter({ hasText: "Aardvark House" }).getByRole("gridcell").first().click();
    await page.getByRole("button", { name: "History", exact: true }).click();
    const history = page.getByRole("dialog", { name: "Building History: Aardvark House" });
    await history.getByText("Building Name: Aardvark Hall → Aardvark House").waitFor();
    await history.getByText(/Created by Demo/).waitFor();
    await history.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Building: Aardvark House" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(async () => (await columnText(page, "name"))[0]).not.toBe("Aardvark House");
  });

  it("moves through rows with the keyboard and opens the focused row with Enter", async () => {
    const page = await openTable("Unit", "Floor Plans");
    const names = await columnText(page, "plan_name");
    await grid(page).focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.getByText("1 selected").waitFor();
    expect(await grid(page).getByRole("row", { selected: true }).getByRole("gridcell").first().textContent()).toBe(
      names[2],
    );
    await page.keyboard.press("Enter");
    const view = page.getByRole("dialog", { name: `View/Edit Floor Plan: ${names[2]}` });
    await view.waitFor();
    await page.keyboard.press("Escape");
    await view.waitFor({ state: "detached" });

    // Columns resize from the keyboard too: Alt+Shift+Arrow, 10 px a press.
    const header = grid(page).getByRole("columnheader", { name: "Plan Code" });
    const before = (await header.boundingBox())?.width ?? 0;
    await grid(page).getByRole("button", { name: "Plan Code" }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("Alt+Shift+ArrowRight");
    await expect.poll(async () => Math.round((await header.boundingBox())?.width ?? 0)).toBe(Math.round(before + 30));
  });

  it("shows the empty state, and the load failure with a way to try again", async () => {
    const page = await openTable("Unit", "Floor Plans");
    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    await page.getByLabel("Filter Plan Name").fill("no plan is called this");
    await page.getByText("No items found.").waitFor();
    await page.getByLabel("Filter Plan Name").fill("");

    let fail = true;
    await page.route("**/api/v1/floor-plans?*", (route) =>
      fail
        ? route.fulfill({ status: 500, json: { error: { code: "INTERNAL_ERROR", message: "x" } } })
        : route.fallback(),
    );
    await page.reload();
    await page.getByText("Failed to load floor plans. Please try again later.").waitFor({ timeout: 30_000 });
    fail = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await grid(page).getByRole("gridcell").first().waitFor();
  });

  it("keeps the selection while a new order loads, and Export waits for the rows the user asked for", async () => {
    const page = await openTable("Building", "All Buildings");
    const first = (await columnText(page, "name"))[0] ?? "";
    await grid(page).getByRole("gridcell", { name: first, exact: true }).first().click();
    await page.getByText("1 selected").waitFor();

    // Hold the next list request, as a slow network would.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = true;
    await page.route("**/api/v1/buildings/details?*", async (route) => {
      if (holding) await held;
      await route.fallback();
    });
    await grid(page).getByRole("button", { name: "Total Units" }).click();
    await page.waitForTimeout(200);
    // The rows on screen stay, and the selection with them, until the new order arrives.
    expect(await page.getByText("1 selected").isVisible()).toBe(true);
    expect(await columnText(page, "name")).toContain(first);
    // ...said in words under the grid, and dimmed after a moment, so old rows under the new sort
    // arrow are not taken for the new order.
    expect(await page.getByText("Loading...", { exact: true }).isVisible()).toBe(true);
    const rowsOpacity = () =>
      grid(page)
        .locator("[role=rowgroup]")
        .last()
        .evaluate((el) => Number(getComputedStyle(el).opacity));
    await expect.poll(rowsOpacity).toBeLessThan(0.6);

    // Export writes the row selected, without waiting for the new order.
    const selected = await exportCsv(page);
    expect(selected.name).toBe("selected_buildings.csv");
    expect(selected.lines).toHaveLength(2);
    expect(selected.lines[1]).toContain(first);
    holding = false;
    release();
    await expect.poll(rowsOpacity).toBe(1);
    expect(await page.getByText("Loading...", { exact: true }).count()).toBe(0);
    await page.unroute("**/api/v1/buildings/details?*");

    // With nothing selected, Export during a filter's load waits for the filtered rows.
    await page.getByRole("button", { name: "Clear Selection" }).click();
    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    holding = true;
    const heldAgain = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/v1/buildings/details?*", async (route) => {
      if (holding) await heldAgain;
      await route.fallback();
    });
    await page.getByLabel("Filter Building Name").fill(first);
    await page.getByText("Loading...", { exact: true }).waitFor();
    let downloaded: string | null = null;
    const filtered = page.waitForEvent("download").then((d) => {
      downloaded = d.suggestedFilename();
      return d;
    });
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const dialog = exportDialog(page);
    await dialog.getByText("Loading the rows you asked for...").waitFor();
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    await dialog.getByRole("button", { name: "Waiting for the rows..." }).waitFor();
    await page.waitForTimeout(300);
    expect(downloaded).toBeNull();
    holding = false;
    release();
    const all = await csvOf(await filtered);
    expect(all.name).toBe("all_buildings.csv");
    const names = all.lines.slice(1);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((line) => line.toLowerCase().includes(first.toLowerCase()))).toBe(true);
    await page.unroute("**/api/v1/buildings/details?*");
  });

  it("goes back to the first row after a new sort or filter", async () => {
    const page = await open(e2e, "Unit", "All Units", { viewport: { width: 1440, height: 600 } });
    const scrollTop = () => grid(page).evaluate((el) => el.scrollTop);
    const scrollDown = async () => {
      await grid(page).evaluate((el) => el.scrollTo({ top: 8000 }));
      await expect.poll(scrollTop).toBeGreaterThan(7000);
    };
    await scrollDown();
    await grid(page).getByRole("button", { name: "Bedrooms" }).click();
    await expect.poll(async () => (await columnText(page, "number_of_bedrooms"))[0], { timeout: 10_000 }).toBe("0");
    await expect.poll(scrollTop).toBe(0);
    expect((await rowsInView(page))[0]?.row).toBe(2);

    await scrollDown();
    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    await page.getByLabel("Filter Status").fill("occupied");
    await expect.poll(scrollTop, { timeout: 10_000 }).toBe(0);
    expect((await rowsInView(page))[0]?.row).toBe(2);
    expect(await columnText(page, "status")).not.toContain("Vacant");
  });

  it("keeps a reordered and hidden column after a reload", async () => {
    const page = await openTable("Unit", "Floor Plans");
    expect((await headers(page)).slice(0, 4)).toEqual(["#", "Plan Name", "Plan Code", "Bedrooms"]);
    // Drag Bedrooms in front of Plan Name (past the 8 px activation distance).
    const from = await grid(page).getByRole("button", { name: "Bedrooms" }).boundingBox();
    const to = await grid(page).getByRole("button", { name: "Plan Name" }).boundingBox();
    if (!from || !to) throw new Error("headers not laid out");
    await page.mouse.move(from.x + 20, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x - 30, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(to.x + 5, to.y + to.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await headers(page)).slice(0, 3)).toEqual(["#", "Bedrooms", "Plan Name"]);

    await grid(page).getByRole("columnheader", { name: "Plan Code" }).click({ button: "right" });
    await page.getByRole("menuitem", { name: "Manage Columns" }).click();
    const manager = page.getByRole("dialog", { name: "Manage Columns" });
    const toggle = (name: string) => manager.getByText(name, { exact: true }).click();
    await toggle("Plan Code");
    expect(await manager.getByRole("checkbox", { name: "Plan Code" }).isChecked()).toBe(false);
    await manager.getByRole("button", { name: "Hide All" }).click();
    await manager.getByText("Please select at least one column before closing").waitFor();
    expect(await manager.getByRole("button", { name: "Done" }).isDisabled()).toBe(true);
    await toggle("Plan Name");
    await toggle("Bedrooms");
    await toggle("Base Rent");
    await manager.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => headers(page)).toEqual(["#", "Bedrooms", "Plan Name", "Base Rent"]);

    await page.reload();
    await grid(page).getByRole("gridcell").first().waitFor();
    expect(await headers(page)).toEqual(["#", "Bedrooms", "Plan Name", "Base Rent"]);
    await grid(page).getByRole("columnheader", { name: "Bedrooms" }).click({ button: "right" });
    await page.getByRole("menuitem", { name: "Show All Columns" }).click();
    await grid(page).getByRole("columnheader", { name: "Bedrooms" }).click({ button: "right" });
    await page.getByRole("menuitem", { name: "Reset Column Order" }).click();
    await expect.poll(async () => (await headers(page)).slice(0, 3)).toEqual(["#", "Plan Name", "Plan Code"]);
    await grid(page).getByRole("columnheader", { name: "Plan Name" }).click({ button: "right" });
    await page.getByRole("menuitem", { name: "Disable Line Numbers" }).click();
    await expect.poll(async () => (await headers(page))[0]).toBe("Plan Name");
  });

  it("edits columns as a draft: Hide All is not saved, Escape and Cancel discard, Done applies", async () => {
    const page = await openTable("Unit", "Floor Plans");
    const shown = await headers(page);
    const manager = page.getByRole("dialog", { name: "Manage Columns" });
    const openManager = async () => {
      await grid(page).getByRole("columnheader", { name: "Plan Code" }).click({ button: "right" });
      await page.getByRole("menuitem", { name: "Manage Columns" }).click();
      await manager.waitFor();
    };

    await openManager();
    await manager.getByRole("button", { name: "Hide All" }).click();
    await manager.getByText("Please select at least one column before closing").waitFor();
    await manager.getByText("At least one column must be selected").waitFor();
    expect(await manager.getByRole("button", { name: "Done" }).isDisabled()).toBe(true);
    // Nothing is applied while the dialog is open.
    expect(await headers(page)).toEqual(shown);
    await page.keyboard.press("Escape");
    await manager.waitFor({ state: "detached" });
    expect(await headers(page)).toEqual(shown);
    await page.reload();
    await grid(page).getByRole("gridcell").first().waitFor();
    expect(await headers(page)).toEqual(shown);

    await openManager();
    await manager.getByText("Plan Code", { exact: true }).click();
    await manager.getByRole("button", { name: "Cancel" }).click();
    await manager.waitFor({ state: "detached" });
    expect(await headers(page)).toEqual(shown);
    await openManager();
    await manager.getByText("Plan Code", { exact: true }).click();
    await manager.getByRole("button", { name: "Close" }).click();
    await manager.waitFor({ state: "detached" });
    expect(await headers(page)).toEqual(shown);

    await openManager();
    expect(await manager.getByRole("checkbox", { name: "Plan Code" }).isChecked()).toBe(true);
    await manager.getByText("Plan Code", { exact: true }).click();
    await manager.getByRole("button", { name: "Done" }).click();
    await manager.waitFor({ state: "detached" });
    expect(await headers(page)).toEqual(shown.filter((h) => h !== "Plan Code"));
  });

  it("keeps a data column when the stored view hides them all", async () => {
    const page = await openTable("Unit", "Floor Plans");
    // Hide one column, so the view is stored; then make the stored view hide every column, as the
    // old Hide All left it.
    await grid(page).getByRole("columnheader", { name: "Plan Code" }).click({ button: "right" });
    await page.getByRole("menuitem", { name: "Manage Columns" }).click();
    const manager = page.getByRole("dialog", { name: "Manage Columns" });
    await manager.getByText("Plan Code", { exact: true }).click();
    await manager.getByRole("button", { name: "Done" }).click();
    await manager.waitFor({ state: "detached" });
    const stored = await page.evaluate(() => {
      const keys = Object.keys(localStorage).filter((k) => k.startsWith("table-visibility-"));
      for (const key of keys) {
        const ids = Object.keys(JSON.parse(localStorage.getItem(key) ?? "{}"));
        localStorage.setItem(key, JSON.stringify(Object.fromEntries(ids.map((id) => [id, false]))));
      }
      return keys.length;
    });
    expect(stored).toBe(1);
    await page.reload();
    await grid(page).getByRole("rowheader").first().waitFor();
    expect((await headers(page)).filter((h) => h !== "#").length).toBeGreaterThan(0);
  });

  it("scrolls an edited row into view and highlights it", async () => {
    const page = await open(e2e, "Unit", "Floor Plans", { viewport: { width: 1440, height: 600 } });
    // Scrolled to the end, the last plan is renamed so that it sorts first: out of view.
    await grid(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => grid(page).evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    const last = (await rowsInView(page)).at(-1)?.row ?? 0;
    const lastName =
      (await grid(page).locator(`[role=row][aria-rowindex="${last}"] [role=gridcell]`).first().textContent()) ?? "";
    await grid(page).locator(`[role=row][aria-rowindex="${last}"] [role=gridcell]`).first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "Edit Floor Plan" }).click();
    const edit = page.getByRole("dialog", { name: `View/Edit Floor Plan: ${lastName}` });
    const renamed = `0 ${lastName}`;
    await edit.getByLabel("Plan Name").fill(renamed);
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    const row = grid(page).getByRole("row").filter({ hasText: renamed });
    await expect.poll(() => row.getAttribute("data-highlighted"), { timeout: 10_000 }).toBe("true");
    await expect.poll(async () => (await rowsInView(page)).map((r) => r.text)).toContain(renamed);
    await expect.poll(() => row.getAttribute("data-highlighted"), { timeout: 10_000 }).toBe(null);
  });

  it("says '1 row' for one row", async () => {
    const page = await openTable("Unit", "Floor Plans");
    const name = (await columnText(page, "plan_name"))[0] ?? "";
    // A name no other plan contains.
    const unique = `Solo ${Date.now()}`;
    await grid(page).getByRole("gridcell").first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "Edit Floor Plan" }).click();
    const edit = page.getByRole("dialog", { name: `View/Edit Floor Plan: ${name}` });
    await edit.getByLabel("Plan Name").fill(unique);
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    await page.getByLabel("Filter Plan Name").fill(unique);
    await expect.poll(() => footer(page)).toBe("1 row loaded of 1 row total");
  });

  it("adds, edits, shows history, exports and bulk-deletes floor plans", async () => {
    const page = await openTable("Unit", "Floor Plans");
    const before = await footer(page);

    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByText("Please select a single floor plan to edit").waitFor();

    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Floor Plan" });
    await add.getByRole("button", { name: "Create" }).click();
    await add.getByText("Plan name is required").waitFor();
    await add.getByLabel("Plan Name").fill("=Zeta Test Plan");
    await chooseFirstProperty(add);
    await add.getByLabel("Bedrooms").fill("2");
    await add.getByLabel("Bathrooms").fill("1.5");
    await add.getByLabel("Base Rent").fill("1200");
    await add.getByLabel("Square Feet").fill("950");
    await add.getByRole("button", { name: "Create" }).click();
    await add.waitFor({ state: "detached" });
    await expect.poll(() => footer(page)).not.toBe(before);

    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    await page.getByLabel("Filter Plan Name").fill("zeta test");
    await expect.poll(() => columnText(page, "plan_name")).toEqual(["=Zeta Test Plan"]);
    expect(await columnText(page, "base_rent_estimate")).toEqual(["$1,200.00"]);

    const row = grid(page).getByRole("row").filter({ hasText: "=Zeta Test Plan" });
    await row.getByRole("gridcell").first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "Edit Floor Plan" }).click();
    const edit = page.getByRole("dialog", { name: "View/Edit Floor Plan: =Zeta Test Plan" });
    await edit.getByLabel("Base Rent").fill("1350");
    await edit.getByText("Active", { exact: true }).click();
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    await expect.poll(() => columnText(page, "base_rent_estimate")).toEqual(["$1,350.00"]);
    expect(await columnText(page, "status")).toEqual(["Inactive"]);

    await row.getByRole("gridcell").first().click();
    await page.getByRole("button", { name: "History", exact: true }).click();
    const history = page.getByRole("dialog", { name: "Floor Plan History: =Zeta Test Plan" });
    await history.getByText("Base Rent: $1,200 → $1,350").waitFor();
    await history.getByText("Status: Active → Inactive").waitFor();
    await history.getByRole("button", { name: "Close" }).click();

    const csv = await exportCsv(page);
    expect(csv.name).toBe("selected_floor_plans.csv");
    const [header, line] = csv.lines;
    const shown = await dataHeaders(page);
    expect(header).toBe(shown.join(","));
    const exported = Object.fromEntries(shown.map((h, i) => [h, line?.split(",")[i]]));
    expect(exported).toMatchObject({
      "Plan Name": "'=Zeta Test Plan",
      Bedrooms: "2",
      Bathrooms: "1.5",
      "Square Feet": "950",
      "Base Rent": "1350",
      Status: "Inactive",
    });

    await page.getByLabel("Filter Plan Name").fill("");
    await expect.poll(() => footer(page)).toContain(" of ");
    // Drag from the first to the third row: a range of three.
    const cells = grid(page).locator('[role=row] [role=gridcell][data-column="plan_name"]');
    await cells.nth(0).hover();
    await page.mouse.down();
    await cells.nth(1).hover();
    await cells.nth(2).hover();
    await page.mouse.up();
    await page.getByText("3 selected").waitFor();
    const totalBefore = Number((await footer(page))?.match(/of ([\d,]+) rows total/)?.[1]?.replaceAll(",", ""));
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Delete 3 Floor Plans" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => footer(page)).toContain(`of ${(totalBefore - 3).toLocaleString("en-US")} rows total`);
    expect(await page.getByText(/\d+ selected/).count()).toBe(0);
  });
});
