import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideWaitlist } from "../../apps/server/src/modules/operator/decide-waitlist.ts";
import { listWaitlist } from "../../apps/server/src/modules/operator/list-waitlist.ts";
import { footer, grid, openTable } from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";

/**
 * The characters of an element's text that no installed font draws: each is painted in the
 * element's font and compared with a code point no font has (the missing-glyph box).
 */
const missingGlyphs = (locator: Locator) =>
  locator.evaluate((el) => {
    const font = getComputedStyle(el).font;
    const draw = (ch: string) => {
      const canvas = document.createElement("canvas");
      canvas.width = 48;
      canvas.height = 48;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no canvas");
      ctx.font = font;
      ctx.fillText(ch, 8, 36);
      return canvas.toDataURL();
    };
    const box = draw("\u{10FFFD}");
    return [...new Set(el.textContent ?? "")].filter((ch) => ch.trim() && draw(ch) === box);
  });

const emptyState = (page: Page) => page.getByRole("region", { name: "No items found." });

describe.skipIf(!hasChromium)("record grid empty states", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  it("says nothing matches the filters, with art the fonts can draw, and offers Clear Filters", async () => {
    const page = await openTable(e2e, "Unit", "Floor Plans");
    const total = await footer(page);
    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    await page.getByLabel("Filter Plan Name").fill("no plan is called this");
    await page.getByText("No items found.").waitFor();
    expect(await missingGlyphs(page.getByText("No items found.").locator(".."))).toEqual([]);

    const empty = emptyState(page);
    await empty.getByText("No floor plans match the filters.").waitFor();
    await empty.getByRole("button", { name: "Clear Filters" }).click();
    await grid(page).getByRole("gridcell").first().waitFor();
    await expect.poll(() => footer(page)).toBe(total);
    expect(await page.getByLabel("Filter Plan Name").inputValue()).toBe("");
  });

  it("tells a new organization what a table holds and offers its Add action", async () => {
    const owner = await e2e.signUp({ email: "empty.tables@example.com", company_name: "Empty Tables LLC" });
    // Approved as the operator would, so the owner can sign in.
    const org = (await listWaitlist(e2e.app.db, "waitlisted")).find((o) => o.owner.email === owner.email);
    await decideWaitlist({ db: e2e.app.db, mailer: e2e.app.mailer, baseUrl: e2e.baseUrl }, org?.id ?? "", "approve");
    const page = await signIn(e2e, owner);
    await openFromMenu(page, "Building", "All Buildings");
    const empty = emptyState(page);
    await empty.getByText("No buildings yet. Buildings belong to a property; add your first one.").waitFor();
    expect(await footer(page)).toBe("0 rows loaded of 0 rows total");
    await empty.getByRole("button", { name: "Add Building" }).click();
    await page.getByRole("dialog", { name: "Add New Building" }).waitFor();
    await page.keyboard.press("Escape");

    await openFromMenu(page, "Unit", "Floor Plans");
    await emptyState(page)
      .getByText(/^No floor plans yet\./)
      .waitFor();
    await emptyState(page).getByRole("button", { name: "Add Floor Plan" }).click();
    await page.getByRole("dialog", { name: "Add New Floor Plan" }).waitFor();
  });
});
