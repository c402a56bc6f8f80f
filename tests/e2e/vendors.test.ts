import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { columnText, exportCsv } from "./grid-page.ts";
import { type E2e, hasChromium, openFromMenu, screenshotDir, signIn, startE2e } from "./harness.ts";

describe.skipIf(!hasChromium)("Maintenance > Vendors in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("adds a vendor through the dialog and shows it with its expired-insurance badge and the taxpayer id's last four", async () => {
    const owner = await e2e.signUp({ email: "vendors@example.com", company_name: "Vendor Homes" });
    const page = await signIn(e2e, owner);
    await openFromMenu(page, "Maintenance", "Vendors");
    const empty = page.getByRole("region", { name: "No Vendors Found" });
    await empty.getByRole("button", { name: "Add Vendor" }).click();

    const add = page.getByRole("dialog", { name: "Add New Vendor" });
    await add.getByRole("button", { name: "Create" }).click();
    await add.getByText("Name is required").waitFor();
    await add.getByLabel("Name", { exact: true }).fill("Rapid Rooter");
    // By keyboard, as a person tabbing through the form would.
    const plumbing = add.getByRole("checkbox", { name: "Plumbing" });
    await plumbing.focus();
    await page.keyboard.press("Space");
    expect(await plumbing.isChecked()).toBe(true);
    await add.getByLabel("Contact Name").fill("Sam Rivera");
    await add.getByLabel("Tax Classification").selectOption({ label: "LLC" });
    const taxpayer = add.getByLabel("Taxpayer ID (EIN or SSN)");
    await taxpayer.fill("12-34567");
    await taxpayer.blur();
    await add.getByText("Enter an EIN as 12-3456789 or an SSN as 123-45-6789").waitFor();
    await taxpayer.fill("123456789");
    await add.getByRole("spinbutton", { name: /^month, Insurance Expires/ }).focus();
    await page.keyboard.type("01152020");
    await expect.poll(() => add.getByLabel("Default Expense Account").locator("option").count()).toBeGreaterThan(5);
    await add.getByLabel("Default Expense Account").selectOption({ label: "5410 Plumbing" });
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await add.getByRole("button", { name: "Create" }).click();
    await add.waitFor({ state: "detached" });

    await expect.poll(() => columnText(page, "name")).toEqual(["Rapid Rooter"]);
    expect(await columnText(page, "trades")).toEqual(["Plumbing"]);
    expect(await columnText(page, "insurance")).toEqual(["Insurance expired"]);
    const grid = page.getByRole("grid", { name: "Vendors" });
    await grid.getByRole("row").filter({ hasText: "Rapid Rooter" }).getByRole("gridcell").first().dblclick();
    const view = page.getByRole("dialog", { name: "Vendor: Rapid Rooter" });
    await view.getByText("•••-••-6789").waitFor();
    await view.getByText("Insurance expired on 2020-01-15").waitFor();
    expect(await view.textContent()).not.toContain("3456789");
    expect(await view.getByText("5410 Plumbing").count()).toBe(1);

    // The shared export: what the grid shows, a formula neutralized, never the taxpayer id.
    await view.getByRole("button", { name: "Close" }).first().click();
    await view.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const second = page.getByRole("dialog", { name: "Add New Vendor" });
    await second.getByLabel("Name", { exact: true }).fill("=SUM(1+1)");
    await second.getByRole("button", { name: "Create" }).click();
    await second.waitFor({ state: "detached" });
    // (In whichever order the database's collation sorts "=" and letters.)
    await expect.poll(async () => (await columnText(page, "name")).sort()).toEqual(["=SUM(1+1)", "Rapid Rooter"]);
    // Rapid Rooter is still selected from opening it: Ctrl+click takes it out, so every row is exported.
    await grid
      .getByRole("row")
      .filter({ hasText: "Rapid Rooter" })
      .getByRole("gridcell")
      .nth(1)
      .click({
        modifiers: ["Control"],
      });
    const csv = await exportCsv(page);
    expect(csv.name).toBe("all_vendors.csv");
    const header = csv.lines[0]?.split(",") ?? [];
    const rows = csv.lines.slice(1).map((line) => line.split(","));
    const byName = new Map(rows.map((r) => [r[header.indexOf("Name")], r[header.indexOf("Insurance")]]));
    expect(byName).toEqual(
      new Map([
        ["'=SUM(1+1)", "None"],
        ["Rapid Rooter", "Expired"],
      ]),
    );
    expect(csv.lines.join("\n")).not.toContain("6789");
    await grid.getByRole("row").filter({ hasText: "Rapid Rooter" }).getByRole("gridcell").first().dblclick();
    await view.waitFor();

    // On a phone, in both themes: the view fits (screenshots for a look).
    await page.setViewportSize({ width: 390, height: 844 });
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
      await page.screenshot({ path: `${screenshotDir}/vendors-view-390-${theme}.png` });
    }
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);

    // Edit: the taxpayer id is not in the form; left empty, the one on file stays.
    await view.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Vendor: Rapid Rooter" });
    const id = edit.getByLabel("Taxpayer ID (EIN or SSN)");
    expect(await id.inputValue()).toBe("");
    await edit.getByText("On file: •••-••-6789", { exact: false }).waitFor();
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
      await page.screenshot({ path: `${screenshotDir}/vendors-edit-390-${theme}.png`, fullPage: true });
    }
    expect(await fits()).toBe(true);
    await edit.getByLabel("Contact Name").fill("Alex Rivera");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    // Back on the view it was opened from, saved.
    await view.getByText("Alex Rivera").waitFor();
    await view.getByText("•••-••-6789").waitFor();
  });
});
