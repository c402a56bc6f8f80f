import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AxeFinding, describeAxe, seriousAxeViolations } from "./axe.ts";
import { DEMO, DEMO_ENV, type E2e, hasChromium, signIn, startE2e } from "./harness.ts";

const THEMES = ["light", "dark"] as const;

/**
 * Issue 10, item 17: axe-core finds no critical or serious violation on any screen, signed in and
 * out, with a table, dialogs, the filter builder and the menus open, in both themes.
 */
describe.skipIf(!hasChromium)("accessibility of every screen (axe-core)", () => {
  let e2e: E2e;
  let listedZip = "";
  let listedSlug = "";
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
    const areas = await e2e.app.inject({ method: "GET", url: "/api/v1/public/areas" });
    listedZip = String((areas.json() as { areas: { zipcode: string }[] }).areas[0]?.zipcode ?? "");
    const near = await e2e.app.inject({ method: "GET", url: `/api/v1/public/properties?zipcode=${listedZip}` });
    listedSlug = String((near.json() as { properties: { property_slug: string }[] }).properties[0]?.property_slug);
  });
  afterAll(() => e2e?.close());

  /** Runs axe on the page as it is and files what it finds under the screen's name. */
  const checker = (page: Page, theme: string) => {
    const found: { screen: string; findings: AxeFinding[] }[] = [];
    return {
      found,
      async check(screen: string) {
        const findings = await seriousAxeViolations(page);
        if (findings.length) found.push({ screen: `${screen} (${theme})`, findings });
      },
    };
  };
  const report = (found: { screen: string; findings: AxeFinding[] }[]) =>
    found.map((f) => `== ${f.screen}\n${describeAxe(f.findings)}`).join("\n");
  const settle = (page: Page) => page.waitForLoadState("networkidle");

  it.each(THEMES)("public pages, signed out, %s theme", async (theme) => {
    const page = await e2e.newPage();
    await page.emulateMedia({ colorScheme: theme });
    const { found, check } = checker(page, theme);
    for (const [screen, path] of [
      ["landing", "/"],
      ["log in", "/login"],
      ["sign up", "/sign-up"],
      ["forgot password", "/forgot-password"],
      ["waitlist", "/waitlist"],
      ["terms", "/terms"],
      ["find homes", "/properties"],
      ["find homes with results", `/properties?zipCode=${listedZip}`],
      ["find homes with no results", "/properties?zipCode=99950"],
      ["property page", `/properties/${listedSlug}`],
      ["not found", "/no-such-page"],
    ] as const) {
      await page.goto(path);
      await page.locator("h1").first().waitFor();
      await settle(page);
      await check(screen);
    }
    await page.goto("/sign-up");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").blur();
    await check("sign up with an error shown");
    expect(found, report(found)).toEqual([]);
  });

  it.each(THEMES)("the workspace, signed in, %s theme", async (theme) => {
    const page = await signIn(e2e, DEMO, undefined, theme);
    const { found, check } = checker(page, theme);
    await settle(page);
    await check("empty workspace");

    const menubar = page.getByRole("menubar", { name: "Navigation" });
    await menubar.getByRole("menuitem", { name: "Building", exact: true }).click();
    await check("navigation menu open");
    await page.getByRole("menu", { name: "Building" }).getByRole("menuitem", { name: "All Buildings" }).click();
    const grid = page.getByRole("grid");
    const firstCell = grid.locator('[role=row] [role=gridcell][data-column="name"]').first();
    await firstCell.waitFor();
    await firstCell.click();
    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    await check("buildings table, a row selected, quick filters shown");

    await firstCell.click({ button: "right" });
    await check("row menu");
    await page.keyboard.press("Escape");
    await grid.getByRole("columnheader").nth(1).click({ button: "right" });
    await page.getByRole("menuitem", { name: "Manage Columns" }).click();
    await check("column manager");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const builder = page.getByRole("dialog", { name: "Filter" });
    await builder.getByRole("button", { name: "Add condition" }).click();
    await check("filter builder");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Building" });
    await add.getByRole("button", { name: "Create" }).click();
    await check("add building, refused submit");
    await page.keyboard.press("Escape");

    await firstCell.dblclick();
    await page.getByRole("dialog", { name: /^Building: / }).waitFor();
    await check("view building");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: /User menu/ }).click();
    await check("user menu");
    await page.getByRole("menuitem", { name: "Account", exact: true }).click();
    await page.getByRole("dialog", { name: "Account Information" }).waitFor();
    await check("account dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Settings", exact: true }).click();
    await check("settings dialog");
    await page.keyboard.press("Escape");

    await page.keyboard.press("?");
    await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
    await check("keyboard shortcuts");
    await page.keyboard.press("Escape");
    expect(found, report(found)).toEqual([]);
  });
});
