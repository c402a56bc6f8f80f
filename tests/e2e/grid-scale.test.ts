import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApprovedOrganization } from "../../apps/server/src/modules/demo/create-organization.ts";
import { generateDemoData } from "../../apps/server/src/modules/demo/generate.ts";
import { footer, grid } from "./grid-page.ts";
import { type E2e, hasChromium, loginThroughUi, openFromMenu, startE2e, workspaceReady } from "./harness.ts";

const UNITS = 20_000;
const OWNER = { email: "scale@example.com", password: "Scale-Pass-123!" };

/** The drawn body rows: their place in the list (from aria-rowindex) and unit number. */
const drawn = (page: Page) =>
  grid(page).evaluate((el) =>
    [...el.querySelectorAll("[role=row][aria-selected]")].map((row) => ({
      index: Number(row.getAttribute("aria-rowindex")) - 2,
      unit: row.querySelector('[data-column="unit_number"]')?.textContent ?? "",
    })),
  );

/** Issue 31: the grid over 20,000 rows draws, wherever it is scrolled, the rows the API has there. */
describe.skipIf(!hasChromium)(`the units grid over ${UNITS.toLocaleString("en-US")} units (issue 31)`, () => {
  let e2e: E2e;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2e();
    const org = await createApprovedOrganization(e2e.app.db, {
      name: "Scale Rentals",
      email: OWNER.email,
      password: OWNER.password,
      firstName: "Sam",
      lastName: "Scale",
    });
    await generateDemoData(e2e.app.db, { ...org, scale: UNITS, seed: 31 });
    page = await e2e.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto("/login");
    await loginThroughUi(page, OWNER.email, OWNER.password);
    await workspaceReady(page);
  }, 240_000);
  afterAll(() => e2e?.close());

  it("loads every page as it is scrolled and draws the API's rows at each place, only those on screen", async () => {
    await openFromMenu(page, "Unit", "All Units");
    await grid(page).getByRole("gridcell").first().waitFor();

    // What the API says, in the grid's order: every unit number, a page at a time.
    const expected: string[] = [];
    for (let offset = 0; expected.length < UNITS; offset += 2000) {
      const res = await page.request.get(`/api/v1/units?shape=rows&fields=unit_number&offset=${offset}&limit=2000`);
      const body = (await res.json()) as { rows: [string][]; total_count: number };
      expect(body.total_count).toBeGreaterThanOrEqual(UNITS);
      if (!body.rows.length) break;
      expected.push(...body.rows.map(([unit]) => unit));
    }
    const total = expected.length;

    // Scrolled to the end again and again, as a user drags the scroll bar down: every page loads.
    const started = Date.now();
    const all = `${total.toLocaleString("en-US")} rows loaded of ${total.toLocaleString("en-US")} rows total`;
    for (let i = 0; i < 200 && (await footer(page)) !== all; i++) {
      await grid(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await page.waitForTimeout(50);
    }
    expect(await footer(page)).toBe(all);
    console.log(`${total} units loaded by scrolling in ${Date.now() - started} ms`);

    for (const place of [0, 1999, 2000, 7777, 12_345, total - 40]) {
      await grid(page).evaluate((el, top) => el.scrollTo({ top }), place * 32);
      await expect
        .poll(async () => (await drawn(page)).some((row) => row.index === place && row.unit === expected[place]))
        .toBe(true);
      const rows = await drawn(page);
      for (const row of rows) expect(row.unit, `row ${row.index}`).toBe(expected[row.index]);
      // Only what is on screen (900 px of 32 px rows) and a few rows either side.
      expect(rows.length).toBeLessThan(50);
    }
  }, 240_000);
});
