import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { typeInDropdown } from "./forms-setup.ts";
import { type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";
import { focused } from "./workspace-page.ts";

/**
 * Issue 15, item 13: after Create property the new property stays open with its next steps in
 * front (add a building, add units); Add Unit starts in the property and building it was opened
 * from, offers Save and add another (keeping property, building and floor plan), and a range
 * ("102–112") adds several units at once.
 */
describe.skipIf(!hasChromium)("a new property's next steps", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  async function newOrganization(name: string) {
    const owner = await e2e.signUp({ email: `${name}@example.com`, company_name: `${name} Rentals` });
    const page = await signIn(e2e, owner);
    await openFromMenu(page, "Property", "All Properties");
    await page.getByText("No properties yet").waitFor();
    return page;
  }

  /** Fills Add New Property and presses Create (by keyboard: Enter in the last field). */
  async function createProperty(page: Page, name: string) {
    await page.getByRole("button", { name: "Add Property" }).first().click();
    const add = page.getByRole("dialog", { name: "Add New Property" });
    await add.getByLabel("Property Name").fill(name);
    await add.getByLabel("Property Type").selectOption({ label: "Multifamily Apartment" });
    await add.getByLabel("Street Address").fill("200 Harbor Way");
    await add.getByLabel("ZIP Code").fill("78701");
    await expect.poll(() => add.getByLabel("City").inputValue()).toBe("Austin");
    await add.getByRole("button", { name: "Create" }).click();
    return add;
  }

  /** Units of the property as stored: number, building and floor plan, in number order. */
  const unitsOf = (property: string) =>
    e2e.app.asSystem(async (tx) => {
      const { sql } = await import("drizzle-orm");
      const r = (await tx.execute(sql`
        select u.unit_number, b.name as building, f.plan_name as plan, u.number_of_bedrooms::float8 as bedrooms
        from units u join properties p on p.id = u.property_id
        left join buildings b on b.id = u.building_id left join floor_plans f on f.id = u.floor_plan_id
        where p.name = ${property} order by u.unit_number`)) as unknown as {
        rows: { unit_number: string; building: string | null; plan: string | null; bedrooms: number | null }[];
      };
      return r.rows;
    });

  it("keeps the new property open with Add a building in front, then adds units one by one and as a range", async () => {
    const page = await newOrganization("nextsteps");
    const add = await createProperty(page, "Harbor Flats");
    await page.getByText("Property 'Harbor Flats' added").waitFor();
    const edit = page.getByRole("dialog", { name: "Edit Property: Harbor Flats" });
    await edit.waitFor();
    expect(await add.count()).toBe(0);
    // The next step is in front: focused, and in view at the top of the dialog without scrolling.
    const next = edit.getByRole("region", { name: "Next steps for Harbor Flats" });
    await next.waitFor();
    expect(await focused(page)).toEqual({ role: "button", label: "Add a building" });
    const dialogBox = await edit.boundingBox();
    const buttonBox = await next.getByRole("button", { name: "Add a building" }).boundingBox();
    if (!dialogBox || !buttonBox) throw new Error("not laid out");
    expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);

    // Keyboard: Enter on the focused step opens Add New Building over the editor, in the property.
    await page.keyboard.press("Enter");
    const addBuilding = page.getByRole("dialog", { name: "Add New Building" });
    expect(await addBuilding.getByRole("combobox", { name: "Property" }).inputValue()).toBe("Harbor Flats");
    await addBuilding.getByLabel("Building Name").fill("North Tower");
    await addBuilding.getByRole("button", { name: "Create" }).click();
    await addBuilding.waitFor({ state: "detached" });
    const tabs = edit.getByRole("tablist", { name: "What is in Harbor Flats" });
    await expect.poll(() => tabs.getByRole("tab", { name: /^Buildings/ }).textContent()).toBe("Buildings 1");

    // A floor plan from its tab, in place.
    await tabs.getByRole("tab", { name: /^Floor Plans/ }).click();
    await edit.getByRole("button", { name: "Add floor plan" }).click();
    const addPlan = page.getByRole("dialog", { name: "Add New Floor Plan" });
    await addPlan.getByLabel("Plan Name").fill("B2 - Two Bedroom");
    await addPlan.getByLabel("Bedrooms").fill("2");
    await addPlan.getByLabel("Bathrooms").fill("2");
    await addPlan.getByLabel("Base Rent").fill("$2,100");
    await addPlan.getByRole("button", { name: "Create" }).click();
    await addPlan.waitFor({ state: "detached" });

    // The next step now adds units to the building just added.
    await next.getByRole("button", { name: "Add units to North Tower" }).click();
    const addUnit = page.getByRole("dialog", { name: "Add New Unit" });
    expect(await addUnit.getByRole("combobox", { name: "Property" }).inputValue()).toBe("Harbor Flats");
    expect(await addUnit.getByRole("combobox", { name: "Building" }).inputValue()).toBe("North Tower");
    const plan = addUnit.getByRole("combobox", { name: "Floor Plan" });
    await plan.focus();
    await page.keyboard.press("ArrowDown");
    await page.getByRole("option", { name: /^B2 - Two Bedroom/ }).click();
    await expect.poll(() => addUnit.getByLabel("Bedrooms").inputValue()).toBe("2");
    await addUnit.getByLabel("Unit Number").fill("101");
    await addUnit.getByRole("button", { name: "Save and add another" }).click();
    await page.getByText("Unit '101' added").waitFor();
    // Still open for the next one: the number empty and focused, the rest kept.
    await expect.poll(() => addUnit.getByLabel("Unit Number").inputValue()).toBe("");
    expect(await addUnit.getByLabel("Unit Number").evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await addUnit.getByRole("combobox", { name: "Property" }).inputValue()).toBe("Harbor Flats");
    expect(await addUnit.getByRole("combobox", { name: "Building" }).inputValue()).toBe("North Tower");
    expect(await plan.inputValue()).toMatch(/^B2 - Two Bedroom/);
    await expect.poll(() => addUnit.getByLabel("Bedrooms").inputValue()).toBe("2");

    // A range: the dialog says what it will add, and adds them all at once.
    await page.keyboard.type("102–112");
    await addUnit.getByText("Adds 11 units: 102 to 112").waitFor();
    await addUnit.getByRole("button", { name: "Create 11 units" }).click();
    await addUnit.waitFor({ state: "detached" });
    await page.getByText("11 units added").waitFor();
    await expect.poll(() => tabs.getByRole("tab", { name: /^Units/ }).textContent()).toBe("Units 12");
    const stored = await unitsOf("Harbor Flats");
    expect(stored.map((u) => u.unit_number)).toEqual(Array.from({ length: 12 }, (_, i) => String(101 + i)));
    expect(new Set(stored.map((u) => `${u.building}|${u.plan}|${u.bedrooms}`))).toEqual(
      new Set(["North Tower|B2 - Two Bedroom|2"]),
    );

    // Numbers that exist already are named, and nothing is added.
    await next.getByRole("button", { name: "Add units to North Tower" }).click();
    await addUnit.getByLabel("Unit Number").fill("110-114");
    await addUnit.getByRole("button", { name: "Create 5 units" }).click();
    await addUnit.getByText("Units 110, 111 and 112 already exist in North Tower").waitFor();
    expect((await unitsOf("Harbor Flats")).length).toBe(12);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });

  it("opens Add Unit from a building's Units tab in that building, and keeps it for the next unit", async () => {
    const page = await newOrganization("buildingunits");
    await createProperty(page, "Cedar Court");
    const edit = page.getByRole("dialog", { name: "Edit Property: Cedar Court" });
    await edit.getByRole("button", { name: "Add a building" }).click();
    const addBuilding = page.getByRole("dialog", { name: "Add New Building" });
    await addBuilding.getByLabel("Building Name").fill("Annex");
    await addBuilding.getByRole("button", { name: "Create" }).click();
    await addBuilding.waitFor({ state: "detached" });

    // Focus is back on the step that opened the Add.
    await expect.poll(() => focused(page)).toEqual({ role: "button", label: "Add a building" });
    await typeInDropdown(edit.getByRole("combobox", { name: "Find a building" }), "Annex");
    await page.getByRole("option", { name: "Annex" }).click();
    await page.getByRole("dialog", { name: "Building: Annex" }).getByRole("button", { name: "Edit" }).click();
    const building = page.getByRole("dialog", { name: "Edit Building: Annex" });
    await building.getByRole("button", { name: "Add unit" }).click();
    const addUnit = page.getByRole("dialog", { name: "Add New Unit" });
    expect(await addUnit.getByRole("combobox", { name: "Building" }).inputValue()).toBe("Annex");
    await addUnit.getByLabel("Unit Number").fill("1A");
    await addUnit.getByRole("button", { name: "Save and add another" }).click();
    await page.getByText("Unit '1A' added").waitFor();
    await expect.poll(() => addUnit.getByLabel("Unit Number").inputValue()).toBe("");
    expect(await addUnit.getByRole("combobox", { name: "Building" }).inputValue()).toBe("Annex");
    // Nothing typed since the save: it closes without asking.
    await page.keyboard.press("Escape");
    await addUnit.waitFor({ state: "detached" });
    const units = building.getByRole("tablist", { name: "What is in Annex" }).getByRole("tab", { name: /^Units/ });
    await expect.poll(() => units.textContent()).toBe("Units 1");
    expect((await unitsOf("Cedar Court")).map((u) => `${u.unit_number} in ${u.building}`)).toEqual(["1A in Annex"]);
  });
});
