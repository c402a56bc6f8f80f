import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { columnText, csvOf, dataHeaders, exportCsv, exportDialog, footer, grid, openTable } from "./grid-page.ts";
import { DEMO, DEMO_ENV, type E2e, hasChromium, startE2e } from "./harness.ts";

const ADDED = 1500;

// Export writes what is selected, in the columns shown and their order, or all columns.
describe.skipIf(!hasChromium)("Export from a record grid", () => {
  let e2e: E2e;
  let total = 0;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
    // More units than a page holds (2,000), so a new order can leave a selected unit out of the
    // loaded rows; and one whose number a spreadsheet would run as a formula.
    total = await e2e.app.asSystem(async (tx) => {
      await tx.execute(sql`
        insert into units (organization_id, property_id, unit_number)
        select p.organization_id, p.id, case when g = 1 then '=SUM(1+1)' else 'Z-' || lpad(g::text, 4, '0') end
        from (select p.organization_id, p.id from properties p join users u on u.organization_id = p.organization_id
              where u.username = ${DEMO.email} order by p.name limit 1) p, generate_series(1, ${ADDED}) g`);
      const { rows } = (await tx.execute(sql`select count(*)::int as n from units u
        join users us on us.organization_id = u.organization_id where us.username = ${DEMO.email}`)) as unknown as {
        rows: { n: number }[];
      };
      return rows[0]?.n ?? 0;
    });
  });
  afterAll(() => e2e?.close());

  it("exports the unit selected when Export was asked for, after its History, though the order loading meanwhile leaves it out of the loaded rows", async () => {
    expect(total).toBeGreaterThan(2000);
    const page = await openTable(e2e, "Unit", "All Units");
    // The first page, and the next one fetched before the user scrolls to it.
    await expect
      .poll(() => footer(page), { timeout: 10_000 })
      .toBe(`${total.toLocaleString("en-US")} rows loaded of ${total.toLocaleString("en-US")} rows total`);
    // The second unit (the formula-like one may sort first).
    const row = grid(page).locator('[role=row][data-row-index="1"]');
    const unit = (await row.locator('[data-column="unit_number"]').textContent()) ?? "";
    const building = (await row.locator('[data-column="building_name"]').textContent()) ?? "";
    expect(unit).toMatch(/^[A-Z]-\d/);
    await row.getByRole("gridcell").first().click();
    await page.getByText("1 selected").waitFor();
    await page.getByRole("button", { name: "History", exact: true }).click();
    const history = page.getByRole("dialog", { name: `Unit History: ${unit}` });
    await history
      .getByText(/Created by|No changes/)
      .first()
      .waitFor();
    await history.getByRole("button", { name: "Close" }).click();

    // The next list request is held, as a slow network would; sorted the other way, the first
    // 2,000 units are the last ones: the selected unit is not among them.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/v1/units?*", async (route) => {
      await held;
      await route.fallback();
    });
    await grid(page).getByRole("button", { name: "Unit Number" }).click();
    await page.getByText("Loading...", { exact: true }).waitFor();
    expect(await page.getByText("1 selected").isVisible()).toBe(true);

    const downloads: string[] = [];
    page.on("download", (d) => downloads.push(d.suggestedFilename()));
    await page.getByRole("button", { name: "Export", exact: true }).click();
    release();
    await expect.poll(async () => (await columnText(page, "unit_number"))[0], { timeout: 10_000 }).toMatch(/^Z-/);
    expect(await columnText(page, "unit_number")).not.toContain(unit);
    // Nothing was written behind the user's back (it used to be all_units.csv: the selection read
    // as empty once the new rows were in).
    expect(downloads).toEqual([]);
    const dialog = exportDialog(page);
    await dialog.getByText("The selected unit", { exact: true }).waitFor();
    await dialog.getByText("Saved as selected_units.csv").waitFor();
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    const csv = await csvOf(await download);
    expect(csv.name).toBe("selected_units.csv");
    expect(csv.lines).toHaveLength(2);
    const header = csv.lines[0]?.split(",") ?? [];
    const line = csv.lines[1]?.split(",") ?? [];
    expect(line[header.indexOf("Unit Number")]).toBe(unit);
    expect(line[header.indexOf("Building")]).toBe(building);
    await page.unroute("**/api/v1/units?*");
  });

  it("exports in the columns shown and their order, or all columns, formula-safe", async () => {
    const page = await openTable(e2e, "Unit", "All Units");
    // Manage Columns: Building hidden, Plan Code (hidden by default) shown.
    await grid(page).getByRole("columnheader").nth(1).click({ button: "right" });
    await page.getByRole("menuitem", { name: "Manage Columns" }).click();
    const manage = page.getByRole("dialog", { name: "Manage Columns" });
    const every = (await manage.getByRole("checkbox").evaluateAll((boxes) => boxes.length)) as number;
    await manage.getByText("Building", { exact: true }).click();
    await manage.getByText("Plan Code", { exact: true }).click();
    await manage.getByRole("button", { name: "Done" }).click();
    // Status moved to the front from the keyboard.
    const status = grid(page).getByRole("button", { name: "Status" });
    await status.focus();
    for (let i = 0; i < 12; i++) await status.press("Alt+ArrowLeft");
    await expect.poll(async () => (await dataHeaders(page))[0]).toBe("Status");
    const shown = await dataHeaders(page);
    expect(shown).not.toContain("Building");
    expect(shown).toContain("Plan Code");

    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    await page.getByLabel("Filter Unit Number").fill("sum(");
    await expect.poll(() => columnText(page, "unit_number"), { timeout: 10_000 }).toEqual(["=SUM(1+1)"]);
    await grid(page).getByRole("gridcell", { name: "=SUM(1+1)" }).click();
    await page.getByText("1 selected").waitFor();

    // The number filters' hint (shown with the quick filters) and the dialog pass axe in both themes.
    await page.getByText(/^Number filters take/).waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await page.getByRole("button", { name: "Export", exact: true }).click();
    await exportDialog(page).getByText("The selected unit", { exact: true }).waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await exportDialog(page).getByRole("button", { name: "Cancel" }).click();

    const inView = await exportCsv(page);
    expect(inView.name).toBe("selected_units.csv");
    expect(inView.lines[0]).toBe(shown.join(","));
    const cells = inView.lines[1]?.split(",") ?? [];
    expect(cells[0]).toBe("Vacant");
    // A spreadsheet shows the text, and runs nothing.
    expect(cells[shown.indexOf("Unit Number")]).toBe("'=SUM(1+1)");

    const everything = await exportCsv(page, "all");
    const allHeaders = everything.lines[0]?.split(",") ?? [];
    expect(allHeaders).toHaveLength(every);
    expect(allHeaders[0]).toBe("Status");
    expect(allHeaders).toContain("Building");
    expect(allHeaders).toContain("Plan Code");
    expect(everything.lines[1]?.split(",")[allHeaders.indexOf("Unit Number")]).toBe("'=SUM(1+1)");
  });
});
