import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAxe, seriousAxeViolations } from "./axe.ts";
import { grid, openTable } from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, startE2e } from "./harness.ts";

/**
 * Contrast of a colour of the element against what is painted behind it: the backgrounds of its
 * ancestors composited in a 1 px canvas, so translucent rows and oklch colours count as drawn.
 * `part` is "text", "placeholder", "outline" or "border" (WCAG 1.4.3 for text, 1.4.11 for the others).
 */
function contrast(locator: Locator, part: "text" | "placeholder" | "outline" | "border") {
  return locator.evaluate((el, which) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    if (!ctx) throw new Error("no canvas");
    const paint = (color: string) => {
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const chain: Element[] = [];
    // The outline and border are drawn over the element's surroundings, the text over the element.
    for (let e: Element | null = which === "outline" ? el.parentElement : el; e; e = e.parentElement) chain.unshift(e);
    paint("#fff");
    let behind: number[] = [];
    for (const e of chain) behind = paint(getComputedStyle(e).backgroundColor);
    const style =
      which === "placeholder" ? getComputedStyle(el, "::placeholder") : (getComputedStyle(el) as CSSStyleDeclaration);
    const front = paint(
      which === "outline" ? style.outlineColor : which === "border" ? style.borderBottomColor : style.color,
    );
    const lum = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [hi, lo] = [lum(front), lum(behind)].sort((a, b) => b - a);
    return Math.round((((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)) * 100) / 100;
  }, part);
}

/** The grid's parts: the tab's content, its dialogs and its menus (the workspace around it is checked elsewhere). */
const GRID_PARTS = ["[role=tabpanel]", "[role=dialog]", "[role=menu]"];

async function expectNoSeriousViolations(page: Page, where: string) {
  expect(describeAxe(await seriousAxeViolations(page, GRID_PARTS)), where).toBe("");
}

describe.skipIf(!hasChromium)("record grid colours meet WCAG AA in both themes", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  for (const theme of ["light", "dark"] as const) {
    it(`${theme}: selected rows, row numbers, headers, filters, chips, footer, menus and dialogs`, async () => {
      const page = await openTable(e2e, "Unit", "Floor Plans", { theme });
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");

      await page.getByRole("button", { name: "Filter", exact: true }).click();
      const builder = page.getByRole("dialog", { name: "Filter" });
      await builder.getByRole("button", { name: "Add condition" }).click();
      await builder.getByLabel("Column of condition 1").selectOption({ label: "Bedrooms" });
      await builder.getByLabel("Operator of condition 1").selectOption({ label: ">" });
      await builder.getByLabel("Value of condition 1").fill("0");
      await expectNoSeriousViolations(page, "filter builder");
      await builder.getByRole("button", { name: "Apply" }).click();
      await builder.waitFor({ state: "detached" });

      await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
      const cells = grid(page).locator('[role=row] [role=gridcell][data-column="plan_name"]');
      await cells.nth(0).click();
      await cells.nth(2).click({ modifiers: ["Control"] });
      await page.getByText("2 selected").waitFor();
      await expectNoSeriousViolations(page, "grid with selected rows, quick filters and a chip");

      const filter = page.getByLabel("Filter Plan Name");
      expect(await contrast(filter, "placeholder"), "filter placeholder").toBeGreaterThanOrEqual(4.5);
      expect(await contrast(filter, "border"), "filter input boundary").toBeGreaterThanOrEqual(3);
      // The focused cell's outline, on a selected row and on a plain one.
      await grid(page).focus();
      const focused = grid(page).locator(`[id="${await grid(page).getAttribute("aria-activedescendant")}"]`);
      expect(await contrast(focused, "outline"), "focus outline on a selected row").toBeGreaterThanOrEqual(3);
      await page.keyboard.press("Control+ArrowDown");
      await page.keyboard.press("Control+ArrowDown");
      await page.keyboard.press("Control+ArrowDown");
      const plain = grid(page).locator(`[id="${await grid(page).getAttribute("aria-activedescendant")}"]`);
      expect(await plain.evaluate((el) => el.closest("[role=row]")?.getAttribute("aria-selected"))).toBe("false");
      expect(await contrast(plain, "outline"), "focus outline on a plain row").toBeGreaterThanOrEqual(3);

      await grid(page).getByRole("columnheader", { name: "Plan Code" }).click({ button: "right" });
      await page.getByRole("menu", { name: "Column actions" }).waitFor();
      await expectNoSeriousViolations(page, "header menu");
      await page.getByRole("menuitem", { name: "Manage Columns" }).click();
      const manager = page.getByRole("dialog", { name: "Manage Columns" });
      await manager.getByRole("button", { name: "Hide All" }).click();
      await expectNoSeriousViolations(page, "column manager with its warning");
      await page.keyboard.press("Escape");
      await manager.waitFor({ state: "detached" });

      await cells.nth(1).click();
      await page.getByRole("button", { name: "History", exact: true }).click();
      const history = page.getByRole("dialog", { name: /^Floor Plan History/ });
      await history
        .getByText(/Created by|No changes have been recorded yet/)
        .first()
        .waitFor();
      await expectNoSeriousViolations(page, "history dialog");
      await history.getByRole("button", { name: "Close" }).click();

      await filter.fill("no plan is called this");
      await page.getByText("No items found.").waitFor();
      await expectNoSeriousViolations(page, "empty state");
    });
  }
});
