import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAxe, seriousAxeViolations } from "./axe.ts";
import { DEMO, type E2e, hasChromium, openFromMenu, signIn, startE2e, workspaceReady } from "./harness.ts";
import { focused, menubar } from "./workspace-page.ts";

/** Fails with axe-core's own words on any critical or serious violation in the page as it is now. */
async function expectNoSeriousViolations(page: Page, screen: string) {
  const findings = await seriousAxeViolations(page);
  expect(findings, `${screen}:\n${describeAxe(findings)}`).toEqual([]);
}

/** Runs axe on each screen in turn and reports every screen with findings at once. */
function axeOverScreens(page: Page) {
  const failures: string[] = [];
  return {
    async check(screen: string) {
      const findings = await seriousAxeViolations(page);
      if (findings.length) failures.push(`${screen}:\n${describeAxe(findings)}`);
    },
    failures,
  };
}

describe.skipIf(!hasChromium)("workspace accessibility in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ DEMO_SEED: "true", DEMO_PASSWORD: DEMO.password });
  });
  afterAll(() => e2e?.close());

  for (const theme of ["light", "dark"] as const) {
    it(`has no critical or serious axe violations, empty, with the menu, a table and a dialog open, ${theme} theme (item 17)`, async () => {
      const signedIn = await signIn(e2e);
      await signedIn.evaluate((t) => localStorage.setItem("keyholder.theme", t), theme);
      await signedIn.reload();
      await workspaceReady(signedIn);
      const axe = axeOverScreens(signedIn);
      expect(await signedIn.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
      await axe.check("empty workspace");

      await menubar(signedIn).getByRole("menuitem", { name: "Building", exact: true }).click();
      await signedIn.getByRole("menu", { name: "Building" }).waitFor();
      await axe.check("menu open");
      await signedIn.keyboard.press("Escape");

      await openFromMenu(signedIn, "Building", "All Buildings");
      await signedIn.getByRole("grid", { name: "All Buildings" }).getByRole("gridcell").first().waitFor();
      await axe.check("All Buildings open");

      await signedIn.getByRole("button", { name: "Add", exact: true }).click();
      await signedIn.getByRole("dialog", { name: "Add New Building" }).waitFor();
      await axe.check("Add New Building dialog open");
      await signedIn.keyboard.press("Escape");

      await signedIn.getByRole("button", { name: /User menu/ }).click();
      await signedIn.getByRole("menu").waitFor();
      await axe.check("user menu open");
      await signedIn.getByRole("menuitem", { name: "Account", exact: true }).click();
      await signedIn.getByRole("dialog", { name: "Account Information" }).waitFor();
      await axe.check("Account dialog open");
      expect(axe.failures.join("\n\n")).toBe("");
    });
  }

  it("closes tabs from the keyboard, with the tablist holding only tabs (item 17)", async () => {
    const page = await signIn(e2e);
    await openFromMenu(page, "Building", "All Buildings");
    await openFromMenu(page, "Unit", "Floor Plans");
    const tablist = page.getByRole("tablist", { name: "Open tabs" });
    expect(
      await tablist.evaluate((list) =>
        [...list.querySelectorAll("button, input, a")].every(
          (el) => el.getAttribute("role") === "tab" || el.closest("[aria-hidden=true]"),
        ),
      ),
    ).toBe(true);
    await page.getByRole("tab", { name: "Floor Plans" }).focus();
    await page.keyboard.press("ArrowLeft");
    expect(await focused(page)).toMatchObject({ role: "tab", label: "All Buildings" });
    await page.keyboard.press("Delete");
    await expect.poll(() => page.getByRole("tab").allTextContents()).toEqual(["Floor Plans"]);
    expect(await focused(page)).toMatchObject({ role: "tab", label: "Floor Plans" });
    await page.getByRole("button", { name: "Close Floor Plans" }).click();
    await expect.poll(() => page.getByRole("tab").count()).toBe(0);
  });

  it("starts with a skip link to the main content (item 17)", async () => {
    const page = await signIn(e2e);
    await workspaceReady(page);
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ label: "Skip to main content" });
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.evaluate(() => document.getElementById("main-content")?.contains(document.activeElement)))
      .toBe(true);
  });

  it("lists the keyboard shortcuts on ? and from the user menu (item 17)", async () => {
    const page = await signIn(e2e);
    await workspaceReady(page);
    const search = page.getByRole("combobox", { name: "Search the menu" });
    await search.fill("?");
    expect(await page.getByRole("dialog", { name: "Keyboard shortcuts" }).count()).toBe(0);
    await search.fill("");

    await page.locator("body").click({ position: { x: 700, y: 500 } });
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await dialog.waitFor();
    for (const text of ["Ctrl+S", "F2", "Alt+Shift+←", "F6", "Delete", "Escape"]) {
      await dialog.getByText(text, { exact: false }).first().waitFor();
    }
    await expectNoSeriousViolations(page, "Keyboard shortcuts dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Keyboard shortcuts" }).click();
    await dialog.waitFor();
  });
});
