import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAxe, seriousAxeViolations } from "./axe.ts";
import { chooseFirstProperty, columnText, openTable } from "./grid-page.ts";
import { DEMO, DEMO_ENV, type E2e, hasChromium, loginThroughUi, startE2e, workspaceReady } from "./harness.ts";

/** The open dialog on top has no serious axe findings (the grid behind it is another test's business). */
const expectAccessibleDialog = async (page: Page, where: string) => {
  const findings = await seriousAxeViolations(page, '[role="dialog"]');
  expect(findings, `${where}\n${describeAxe(findings)}`).toEqual([]);
};

describe.skipIf(!hasChromium)("building and floor plan dialogs", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  it("takes money and numbers as people type them (issue 10, bug 6)", async () => {
    const page = await openTable(e2e, "Unit", "Floor Plans");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Floor Plan" });
    await add.getByLabel("Plan Name").fill("Money Test Plan");
    await chooseFirstProperty(add);
    await add.getByLabel("Bedrooms").fill(" 2 ");
    await add.getByLabel("Bathrooms").fill("1.5");
    await add.getByLabel("Square Feet").fill("1,200");
    await add.getByLabel("Base Rent").fill("abc");
    await add.getByLabel("Plan Code").focus();
    await add.getByText("Base rent must be a number, like 1450 or $1,450.50").waitFor();
    await add.getByLabel("Base Rent").fill("$1,450.50");
    await add.getByText("Base rent must be a number, like 1450 or $1,450.50").waitFor({ state: "detached" });
    await add.getByLabel("Square Feet").fill("1,200.5");
    await add.getByLabel("Plan Code").focus();
    await add.getByText("Square feet must be a whole number, without decimals").waitFor();
    await add.getByLabel("Square Feet").fill("1,200");
    await add.getByRole("button", { name: "Create" }).click();
    await add.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    await page.getByLabel("Filter Plan Name").fill("money test");
    await expect.poll(() => columnText(page, "plan_name")).toEqual(["Money Test Plan"]);
    expect(await columnText(page, "base_rent_estimate")).toEqual(["$1,450.50"]);
    expect(await columnText(page, "total_square_feet")).toEqual(["1,200"]);
  });

  it("takes a thousands-separated number of units for a building", async () => {
    const page = await openTable(e2e, "Building", "All Buildings");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Building" });
    await add.getByLabel("Planned Units").fill("12.5");
    await add.getByLabel("Building Name").focus();
    await add.getByText("Planned units must be a whole number, without decimals").waitFor();
    await add.getByLabel("Planned Units").fill("1,200");
    await add.getByText("Planned units must be a whole number, without decimals").waitFor({ state: "detached" });
    expect(await add.getByText(/Number of units must/).count()).toBe(0);
  });

  it("shows a floor plan's View as text with Close and Edit, like the building's (issue 10, item 16)", async () => {
    const page = await openTable(e2e, "Unit", "Floor Plans");
    const name = (await columnText(page, "plan_name"))[0] ?? "";
    const rent = (await columnText(page, "base_rent_estimate"))[0] ?? "";
    await page
      .getByRole("grid")
      .getByRole("row")
      .filter({ hasText: name })
      .first()
      .getByRole("gridcell")
      .first()
      .dblclick();
    const view = page.getByRole("dialog", { name: `View/Edit Floor Plan: ${name}` });
    await view.getByRole("button", { name: "Edit" }).waitFor();
    expect(await view.getByRole("textbox").count()).toBe(0);
    expect(await view.getByRole("checkbox").count()).toBe(0);
    const terms = await view.locator("dt").allTextContents();
    expect(terms).toEqual([
      "Plan Name",
      "Plan Code",
      "Bedrooms",
      "Bathrooms",
      "Levels",
      "Square Feet",
      "Base Rent",
      "Status",
      "Property",
      "Description",
    ]);
    expect(await view.locator("dt:text-is('Base Rent') + dd").textContent()).toBe(rent);
    await view.getByRole("button", { name: "Edit" }).click();
    await page
      .getByRole("dialog", { name: `View/Edit Floor Plan: ${name}` })
      .getByLabel("Base Rent")
      .waitFor();

    const buildings = await openTable(e2e, "Building", "All Buildings");
    const building = (await columnText(buildings, "name"))[0] ?? "";
    await buildings.getByRole("grid").getByRole("gridcell").first().dblclick();
    const bview = buildings.getByRole("dialog", { name: `Building: ${building}` });
    await bview.getByRole("button", { name: "Close" }).last().waitFor();
    expect(await bview.getByRole("textbox").count()).toBe(0);
    expect(await bview.locator("dt").allTextContents()).toEqual([
      "Building Name",
      "Building Number",
      "Planned Units",
      "Units Entered",
      "Building Type",
      "Property",
      "Zone",
    ]);
  });

  it("shows the subscription in words in the Account dialog (issue 10, item 10)", async () => {
    const page = await e2e.newPage();
    await page.goto("/login");
    await loginThroughUi(page, DEMO.email, DEMO.password);
    await page.waitForURL("**/workspace");
    await workspaceReady(page);
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Account", exact: true }).click();
    const account = page.getByRole("dialog", { name: "Account Information" });
    const subscription = account.locator("dt:text-is('Subscription') + dd");
    await expect.poll(() => subscription.textContent()).toBe("Active");
  });

  for (const scheme of ["light", "dark"] as const) {
    it(`has accessible Add, Edit and View dialogs for buildings, floor plans and zones, ${scheme} (issue 10, item 17)`, async () => {
      for (const [category, item, noun] of [
        ["Building", "All Buildings", "Building"],
        ["Unit", "Floor Plans", "Floor Plan"],
        ["Zone", "All Zones", "Zone"],
      ] as const) {
        const page = await openTable(e2e, category, item, { theme: scheme });
        await page.getByRole("button", { name: "Add", exact: true }).click();
        const add = page.getByRole("dialog", { name: `Add New ${noun}` });
        await expectAccessibleDialog(page, `${item} Add`);
        await add.getByRole("button", { name: "Create" }).click();
        await add.locator('[aria-invalid="true"]').first().waitFor();
        await expectAccessibleDialog(page, `${item} Add with errors`);
        await add.getByRole("button", { name: "Cancel" }).click();

        await page.getByRole("grid").getByRole("gridcell").first().dblclick();
        const view = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: "Edit" }) });
        await view.locator("dl").waitFor();
        await expectAccessibleDialog(page, `${item} View`);
        await view.getByRole("button", { name: "Edit" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Save" }).waitFor();
        await expectAccessibleDialog(page, `${item} Edit`);
        await page.close();
      }
    });
  }
});
