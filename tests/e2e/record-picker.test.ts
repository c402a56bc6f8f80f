import {
  RELATED_ITEMS_PAGE_SIZE,
  RELATED_ITEMS_ROW_HEIGHT_REM,
  RELATED_ITEMS_VISIBLE_ROWS,
} from "@keyholder/contracts/related-items";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAxe, seriousAxeViolations } from "./axe.ts";
import { columnText, openTable } from "./grid-page.ts";
import { DEMO, DEMO_ENV, type E2e, hasChromium, startE2e } from "./harness.ts";

const EXTRA = 70;

/**
 * The one record dropdown (issue 12, item 4) in the Add Building dialog: ten rows of 1.625rem show,
 * the next page of 50 loads as the list is scrolled to its end, and it is used with the keyboard.
 */
describe.skipIf(!hasChromium)("the record dropdown", () => {
  let e2e: E2e;
  let total = 0;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
    // More properties than one page holds.
    total = await e2e.app.asSystem(async (tx) => {
      const { sql } = await import("drizzle-orm");
      const org = sql`(select organization_id from users where username = ${DEMO.email})`;
      await tx.execute(sql`
        insert into properties (organization_id, name, property_type_id)
        select ${org}, 'Picker Place ' || lpad(n::text, 2, '0'), (select id from property_types order by id limit 1)
        from generate_series(1, ${EXTRA}) n`);
      const r = (await tx.execute(
        sql`select count(*)::int as n from properties where organization_id = ${org}`,
      )) as unknown as { rows: { n: number }[] };
      return r.rows[0]?.n ?? 0;
    });
  });
  afterAll(() => e2e?.close());

  it("shows ten rows, loads the next page at the end of the list, and is chosen with the keyboard", async () => {
    expect(total).toBeGreaterThan(RELATED_ITEMS_PAGE_SIZE);
    const page = await openTable(e2e, "Building", "All Buildings");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Building" });
    const property = add.getByRole("combobox", { name: "Property" });
    await property.focus();
    await page.keyboard.press("ArrowDown");
    const listbox = page.getByRole("listbox");
    const options = listbox.getByRole("option");
    await expect.poll(() => options.count()).toBe(RELATED_ITEMS_PAGE_SIZE);

    const rem = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
    const row = RELATED_ITEMS_ROW_HEIGHT_REM * rem;
    expect((await options.first().boundingBox())?.height).toBeCloseTo(row, 0);
    expect(await listbox.evaluate((el) => el.clientHeight)).toBeCloseTo(RELATED_ITEMS_VISIBLE_ROWS * row, 0);
    const findings = await seriousAxeViolations(page, ['[role="dialog"]', '[role="listbox"]']);
    expect(findings, describeAxe(findings)).toEqual([]);

    await listbox.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => options.count()).toBe(total);
    const names = await options.allTextContents();
    expect(new Set(names).size).toBe(total);
    expect(names.filter((n) => n.startsWith("Picker Place")).length).toBe(EXTRA);

    // Type to search, move down the matches, Enter chooses.
    await property.fill("picker place 4");
    await expect
      .poll(() => options.allTextContents())
      .toEqual(Array.from({ length: 10 }, (_, i) => `Picker Place 4${i}`));
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await property.inputValue()).toBe("Picker Place 42");
    await listbox.waitFor({ state: "detached" });

    await add.getByLabel("Building Name").fill("Picker Hall");
    await add.getByRole("button", { name: "Create" }).click();
    await add.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    await page.getByLabel("Filter Building Name").fill("picker hall");
    await expect.poll(() => columnText(page, "property_name")).toEqual(["Picker Place 42"]);
  });
});
