import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAxe, seriousAxeViolations } from "./axe.ts";
import { columnText, exportCsv, footer, grid, openTable } from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";

describe.skipIf(!hasChromium)("Zone > All Zones in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ ...DEMO_ENV, AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  type Rows<T> = { rows: T[] };
  /**
   * A new organization signed in on the workspace, with a property and two buildings of units
   * (their screens come in other issues): 10 units, 7 occupied, in Harbor Annex; 4, 1 occupied, in
   * Harbor Lofts.
   */
  async function newOrganization(name: string) {
    const owner = await e2e.signUp({ email: `${name}@example.com`, company_name: `${name} Rentals` });
    const page = await signIn(e2e, owner);
    await e2e.app.asSystem(async (tx) => {
      const [org] = (
        (await tx.execute(
          sql`select organization_id as id from users where username = ${owner.email.toLowerCase()}`,
        )) as unknown as Rows<{ id: string }>
      ).rows;
      const [property] = (
        (await tx.execute(sql`
          insert into properties (organization_id, name, property_type_id)
          values (${org?.id}, 'Harbor Court', (select id from property_types order by id limit 1)) returning id`)) as unknown as Rows<{
          id: string;
        }>
      ).rows;
      for (const [building, units, occupied] of [
        ["Harbor Annex", 10, 7],
        ["Harbor Lofts", 4, 1],
      ] as const) {
        const [b] = (
          (await tx.execute(sql`
            insert into buildings (organization_id, property_id, name) values (${org?.id}, ${property?.id}, ${building})
            returning id`)) as unknown as Rows<{ id: number }>
        ).rows;
        await tx.execute(sql`
          insert into units (organization_id, property_id, building_id, unit_number, occupied)
          select ${org?.id}, ${property?.id}, ${b?.id}, n::text, n <= ${occupied}::int from generate_series(1, ${units}::int) n`);
      }
    });
    return page;
  }

  const dialogIsAccessible = async (page: Page, where: string) => {
    const findings = await seriousAxeViolations(page, '[role="dialog"]');
    expect(findings, `${where}\n${describeAxe(findings)}`).toEqual([]);
  };

  it("starts empty with Add Zone, refuses a bad URL, adds a zone, shows its real figures, edits, keeps history, exports and deletes it", async () => {
    const page = await newOrganization("zoneco");
    await openFromMenu(page, "Zone", "All Zones");
    const empty = page.getByRole("region", { name: "No Zones Found" });
    await empty.getByText("Get started by adding your first zone.").waitFor();

    // Selection messages of spec records 5.
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByText("Please select a zone to edit").waitFor();
    await page.getByRole("button", { name: "History", exact: true }).click();
    await page.getByText("Please select a single zone to view history").waitFor();

    await empty.getByRole("button", { name: "Add Zone" }).click();
    const add = page.getByRole("dialog", { name: "Add New Zone" });
    await add.getByRole("button", { name: "Create" }).click();
    await add.getByText("Zone name is required").waitFor();
    await add.getByText("Choose the property this zone belongs to").waitFor();
    await add.getByLabel("Zone Name").fill("Harbor North");
    await add.getByLabel("URL", { exact: true }).fill("harbor.example.com");
    await add.getByLabel("Tax ID").focus();
    await add.getByText("URL must be a full web address starting with https:// or http://").waitFor();
    await add.getByLabel("Tax ID").fill("12-3456789");
    await add.getByRole("combobox", { name: "Property" }).fill("Harbor");
    await page.getByRole("option", { name: /Harbor Court/ }).click();
    await add.getByRole("button", { name: "Create" }).click();
    // Refused in the dialog, which stays open with the message under the field.
    await add.getByText("URL must be a full web address starting with https:// or http://").waitFor();
    await dialogIsAccessible(page, "add zone with a bad URL");
    await add.getByLabel("URL", { exact: true }).fill("https://harbor.example.com");
    await add.getByText("URL must be a full web address").waitFor({ state: "detached" });
    await add.getByRole("button", { name: "Create" }).click();
    await add.waitFor({ state: "detached" });
    await expect.poll(() => columnText(page, "name")).toEqual(["Harbor North"]);
    expect(await columnText(page, "property_name")).toEqual(["Harbor Court"]);
    expect(await columnText(page, "building_count")).toEqual(["0"]);
    expect(await columnText(page, "occupancy_rate")).toEqual(["N/A"]);

    // Harbor Annex goes in the zone from the building's own form: its Zone lists its property's zones.
    await openFromMenu(page, "Building", "All Buildings");
    const buildings = page.getByRole("grid", { name: "All Buildings" });
    await buildings.getByRole("row").filter({ hasText: "Harbor Annex" }).getByRole("gridcell").first().click({
      button: "right",
    });
    await page.getByRole("menuitem", { name: "Edit Building" }).click();
    const editBuilding = page.getByRole("dialog", { name: "Edit Building: Harbor Annex" });
    await editBuilding.getByLabel("Zone").selectOption({ label: "Harbor North" });
    await editBuilding.getByRole("button", { name: "Save" }).click();
    await editBuilding.waitFor({ state: "detached" });

    // Back on the zones tab, its figures are Harbor Annex's.
    await page.getByRole("tab", { name: "All Zones" }).click();
    const zones = page.getByRole("grid", { name: "All Zones" });
    await expect.poll(() => columnText(page, "building_count")).toEqual(["1"]);
    expect(await columnText(page, "total_units")).toEqual(["10"]);
    expect(await columnText(page, "occupied_units")).toEqual(["7"]);
    expect(await columnText(page, "occupancy_rate")).toEqual(["70.0%"]);

    await zones.getByRole("row").filter({ hasText: "Harbor North" }).getByRole("gridcell").first().dblclick();
    const view = page.getByRole("dialog", { name: "Zone: Harbor North" });
    const shown = async (label: string) =>
      (await view
        .locator("dt")
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator("xpath=following-sibling::dd[1]")
        .textContent()) ?? "";
    await view.getByRole("table", { name: /Buildings in this zone/ }).waitFor();
    expect(await shown("Property")).toBe("Harbor Court");
    expect(await shown("Buildings")).toBe("1");
    expect(await shown("Units")).toBe("10");
    expect(await shown("Occupied Units")).toBe("7");
    expect(await shown("Occupancy Rate")).toBe("70.0%");
    expect(await view.getByRole("row", { name: /Harbor Annex/ }).textContent()).toContain("70.0%");
    await dialogIsAccessible(page, "view zone");

    // Edited from the view.
    await view.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Zone: Harbor North" });
    await edit.getByLabel("Zone Name").fill("Harbor North Court");
    await edit.getByLabel("Logo URL").fill("ftp://harbor.example.com/logo.png");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.getByText("Logo URL must be a full web address starting with https:// or http://").waitFor();
    await edit.getByLabel("Logo URL").fill("");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    const refreshed = page.getByRole("dialog", { name: "Zone: Harbor North Court" });
    await refreshed.getByRole("button", { name: "Close" }).first().click();
    await expect.poll(() => columnText(page, "name")).toEqual(["Harbor North Court"]);

    const row = zones.getByRole("row").filter({ hasText: "Harbor North Court" });
    await row.getByRole("gridcell").first().click();
    await page.getByRole("button", { name: "History", exact: true }).click();
    const history = page.getByRole("dialog", { name: "Zone History: Harbor North Court" });
    await history.getByText("Zone Name: Harbor North → Harbor North Court").waitFor();
    await history.getByText(/Created by Olive Owner/).waitFor();
    await history.getByRole("button", { name: "Close" }).click();

    const header =
      "Zone Name,Property Name,Description,Logo URL,Secondary URL,URL,Tax ID,City,State,Buildings,Units,Occupied Units,Occupancy Rate,Created Date,Last Modified";
    const selected = await exportCsv(page, "all");
    expect(selected.name).toBe("selected_zones.csv");
    expect(selected.lines[0]).toBe(header);
    expect(selected.lines[1]).toMatch(
      /^Harbor North Court,Harbor Court,,,,https:\/\/harbor\.example\.com,12-3456789,,,1,10,7,70\.0%,\d+\/\d+\/\d{4},\d+\/\d+\/\d{4}$/,
    );
    await page.getByRole("button", { name: "Clear Selection" }).click();
    const all = await exportCsv(page);
    expect(all.name).toBe("all_zones.csv");
    expect(all.lines).toHaveLength(2);

    await row.getByRole("gridcell").first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "Delete Zone" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Zone: Harbor North Court" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.waitFor({ state: "detached" });
    await empty.getByText("Get started by adding your first zone.").waitFor();
    // Undo puts it back with its building in it.
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => columnText(page, "name")).toEqual(["Harbor North Court"]);
    expect(await columnText(page, "building_count")).toEqual(["1"]);
  });

  it("lists the demo's zones with their buildings' figures, sorted on the server, and bulk-deletes", async () => {
    const page = await openTable(e2e, "Zone", "All Zones");
    const total = Number((await footer(page))?.match(/of ([\d,]+) rows total/)?.[1]?.replaceAll(",", ""));
    expect(total).toBeGreaterThan(5);
    const names = await columnText(page, "name");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));

    await grid(page).getByRole("button", { name: "Units", exact: true }).click();
    await expect
      .poll(() =>
        grid(page)
          .getByRole("columnheader", { name: /^Units/ })
          .getAttribute("aria-sort"),
      )
      .toBe("ascending");
    await expect
      .poll(async () => {
        const units = (await columnText(page, "total_units")).map((u) => Number(u.replaceAll(",", "")));
        return units.length > 1 && units.every((u, i) => i === 0 || (units[i - 1] ?? 0) <= u);
      })
      .toBe(true);

    // The first zone's view counts what the grid shows.
    const first = grid(page).locator("[role=row][aria-selected]").first();
    const zone = (await first.locator('[data-column="name"]').textContent()) ?? "";
    const units = (await first.locator('[data-column="total_units"]').textContent()) ?? "";
    await first.getByRole("gridcell").first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "View Zone" }).click();
    const view = page.getByRole("dialog", { name: `Zone: ${zone}` });
    await view.getByRole("table", { name: /Buildings in this zone/ }).waitFor();
    const shownUnits = view
      .locator("dt")
      .filter({ hasText: /^Units$/ })
      .locator("xpath=following-sibling::dd[1]");
    expect(await shownUnits.textContent()).toBe(units);
    await page.keyboard.press("Escape");
    await view.waitFor({ state: "detached" });

    // Short cells: a truncated name shows its whole text in a tooltip over the row below.
    const cells = grid(page).locator('[role=row] [role=gridcell][data-column="total_units"]');
    await cells.nth(0).click();
    await cells.nth(1).click({ modifiers: ["Control"] });
    await page.getByText("2 selected").waitFor();
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByText("Please select only one zone to edit").waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Delete 2 Zones" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => footer(page)).toContain(`of ${(total - 2).toLocaleString("en-US")} rows total`);
  });
});
