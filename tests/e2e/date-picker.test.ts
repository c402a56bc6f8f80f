import { applicationMessages } from "@keyholder/contracts/applications";
import { dateMessages } from "@keyholder/contracts/dates";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { columnText, grid, openTable } from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, hydrated, startE2e } from "./harness.ts";

const PHONE = { width: 390, height: 844 };

/** The first unit of the grid: its number, and its row. */
async function firstUnit(page: Page) {
  const unitNumber = (await columnText(page, "unit_number"))[0] ?? "";
  const row = grid(page)
    .getByRole("row")
    .filter({ has: page.getByRole("gridcell", { name: unitNumber, exact: true }) })
    .first();
  return { unitNumber, row };
}

/** Opens the unit's Edit dialog from its row (View, then Edit). */
async function editUnit(page: Page, row: Locator, unitNumber: string) {
  await row.getByRole("gridcell").first().dblclick();
  await page
    .getByRole("dialog", { name: `Unit: ${unitNumber}` })
    .getByRole("button", { name: "Edit" })
    .click();
  const edit = page.getByRole("dialog", { name: `Edit Unit: ${unitNumber}` });
  await edit.waitFor();
  return edit;
}

/** Saves the Edit dialog and closes the View it goes back to. */
async function save(page: Page, edit: Locator, unitNumber: string) {
  await edit.getByRole("button", { name: "Save" }).click();
  await edit.waitFor({ state: "detached" });
  const view = page.getByRole("dialog", { name: `Unit: ${unitNumber}` });
  return view;
}

const segmentsOf = (dialog: Locator) =>
  Promise.all(
    (["month", "day", "year"] as const).map((name) =>
      dialog.getByRole("spinbutton", { name: new RegExp(`^${name}, Available Date`) }).textContent(),
    ),
  );
const calendarOf = (page: Page) => page.getByRole("application");

// Issue item 20: the date picker in every date field; the unit's Available Date as the example.
describe.skipIf(!hasChromium)("Date picker (item 20)", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  it("sets a unit's Available Date by keyboard, then from the calendar, and each saves; axe-clean in both themes", async () => {
    const page = await openTable(e2e, "Unit", "All Units");
    const { unitNumber, row } = await firstUnit(page);

    // Typed: the month segment, then digits; the field moves on by itself.
    let edit = await editUnit(page, row, unitNumber);
    const month = edit.getByRole("spinbutton", { name: /^month, Available Date/ });
    await month.focus();
    await page.keyboard.type("03152027");
    expect(await segmentsOf(edit)).toEqual(["3", "15", "2027"]);
    let view = await save(page, edit, unitNumber);
    await view.getByText("3/15/2027", { exact: true }).waitFor();
    await view.getByRole("button", { name: "Close" }).first().click();
    await expect.poll(async () => row.locator('[data-column="date_available"]').textContent()).toBe("3/15/2027");

    // The calendar by keyboard: Tab from the year to the calendar button, Enter opens it on the day
    // chosen, arrows move, Page Down goes a month on, Enter chooses and closes.
    edit = await editUnit(page, row, unitNumber);
    expect(await segmentsOf(edit)).toEqual(["3", "15", "2027"]);
    await edit.getByRole("spinbutton", { name: /^year, Available Date/ }).focus();
    await page.keyboard.press("Tab");
    const button = edit.getByRole("button", { name: /^Calendar/ });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await calendarOf(page).waitFor();
    expect(await calendarOf(page).getByRole("heading").textContent()).toBe("March 2027");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("PageDown");
    await page.keyboard.press("Enter");
    await calendarOf(page).waitFor({ state: "detached" });
    expect(await segmentsOf(edit)).toEqual(["4", "22", "2027"]);
    // Focus is back on the button, in the dialog.
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    // Escape closes the calendar alone, not the dialog around it.
    await page.keyboard.press("Enter");
    await calendarOf(page).waitFor();
    const failures = await axeInBothThemes(page);
    expect(failures.light).toBe("");
    expect(failures.dark).toBe("");
    await page.keyboard.press("Escape");
    await calendarOf(page).waitFor({ state: "detached" });
    expect(await edit.isVisible()).toBe(true);

    // The calendar by pointer: the next month, the 9th.
    await button.click();
    // react-aria adds a hidden twin for screen readers; the visible one comes first.
    await calendarOf(page).getByRole("button", { name: "Next" }).first().click();
    expect(await calendarOf(page).getByRole("heading").textContent()).toBe("May 2027");
    await calendarOf(page)
      .getByRole("button", { name: /May 9, 2027/ })
      .click();
    await calendarOf(page).waitFor({ state: "detached" });
    expect(await segmentsOf(edit)).toEqual(["5", "9", "2027"]);
    view = await save(page, edit, unitNumber);
    await view.getByText("5/9/2027", { exact: true }).waitFor();
    await view.getByRole("button", { name: "Close" }).first().click();
    await expect.poll(async () => row.locator('[data-column="date_available"]').textContent()).toBe("5/9/2027");
  });

  it("keeps a property's Last Renovated out of the future: says so in the spec's words and refuses to save it", async () => {
    const page = await openTable(e2e, "Property", "All Properties");
    const name = (await columnText(page, "name"))[0] ?? "";
    await grid(page).getByRole("gridcell").first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "Edit Property" }).click();
    const edit = page.getByRole("dialog", { name: `Edit Property: ${name}` });
    const segment = (part: "month" | "day" | "year") =>
      edit.getByRole("spinbutton", { name: new RegExp(`^${part}, Last Renovated`) });
    await segment("month").focus();
    const nextYear = new Date().getFullYear() + 1;
    await page.keyboard.type(`0101${nextYear}`);
    // Said once the field is left; today as the browser writes it.
    const today = await page.evaluate(() => new Date().toLocaleDateString("en-US"));
    const tooLate = dateMessages.tooLate(today);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await edit.getByText(tooLate, { exact: true }).waitFor();
    // Save refuses, and takes the user to the field.
    await edit.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => segment("month").evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await edit.isVisible()).toBe(true);
    await page.keyboard.type("06012020");
    expect(await edit.getByText(tooLate).count()).toBe(0);
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    // Saved: the property opened again has it.
    await page.getByText(`Property '${name}' saved`).waitFor();
    await grid(page).getByRole("gridcell").first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "Edit Property" }).click();
    await edit.waitFor();
    expect(await Promise.all((["month", "day", "year"] as const).map((p) => segment(p).textContent()))).toEqual([
      "6",
      "1",
      "2020",
    ]);
  });

  it("holds an applicant's move-in date to today onwards on the public form, axe-clean with its calendar open", async () => {
    const json = async <T>(url: string) => (await (await fetch(e2e.url(url))).json()) as T;
    const { areas } = await json<{ areas: { zipcode: string }[] }>("/api/v1/public/areas");
    const { properties } = await json<{ properties: { property_slug: string | null }[] }>(
      `/api/v1/public/properties?zipcode=${areas[0]?.zipcode}`,
    );
    const slug = properties.find((p) => p.property_slug)?.property_slug;
    const page = await e2e.newPage();
    await page.goto(`/properties/${slug}/apply`);
    const submit = page.getByRole("button", { name: "Submit Application" });
    await hydrated(submit);
    const segment = (part: "month" | "day" | "year") =>
      page.getByRole("spinbutton", { name: new RegExp(`^${part}, Desired move-in date`) });
    const [yesterday, today] = await page.evaluate(() => {
      const day = new Date();
      const before = new Date(day.getFullYear(), day.getMonth(), day.getDate() - 1);
      return [before, day].map((d) => d.toLocaleDateString("en-US"));
    });
    const [m, d, y] = (yesterday ?? "").split("/");
    await segment("month").focus();
    await page.keyboard.type(`${m?.padStart(2, "0")}${d?.padStart(2, "0")}${y}`);
    await submit.click();
    await page.getByText(dateMessages.tooEarly(today ?? ""), { exact: true }).waitFor();
    expect(await segment("month").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("heading", { name: applicationMessages.submitted }).count()).toBe(0);

    // The calendar opens on the day typed; yesterday cannot be chosen there.
    await page.getByRole("button", { name: /^Calendar/ }).click();
    const calendar = calendarOf(page);
    await calendar.waitFor();
    const failures = await axeInBothThemes(page);
    expect(failures.light).toBe("");
    expect(failures.dark).toBe("");
    const [dayName] = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() - 1);
      return [d.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" })];
    });
    expect(await calendar.getByRole("button", { name: new RegExp(dayName ?? "") }).getAttribute("aria-disabled")).toBe(
      "true",
    );
  });

  it("filters a grid by a date chosen with the date picker in the filter builder", async () => {
    const page = await openTable(e2e, "Unit", "All Units");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const builder = page.getByRole("dialog", { name: "Filter" });
    await builder.getByRole("button", { name: "Add condition" }).click();
    await builder.getByLabel("Column of condition 1").selectOption({ label: "Available Date" });
    await builder.getByLabel("Operator of condition 1").selectOption({ label: "after" });
    await builder.getByRole("spinbutton", { name: /^month, Value of condition 1/ }).focus();
    await page.keyboard.type("01012027");
    await builder.getByRole("button", { name: "Apply" }).click();
    await builder.waitFor({ state: "detached" });
    const chip = page.getByRole("list", { name: "Active filters" }).getByRole("listitem");
    await expect.poll(() => chip.textContent()).toContain("Available Date after 2027-01-01");
    await expect
      .poll(async () => {
        const days = (await columnText(page, "date_available")).map((d) => new Date(d).getTime());
        return days.length > 0 && days.every((d) => d > new Date(2027, 0, 1).getTime());
      })
      .toBe(true);
  });

  it("fits its calendar on a 390 px phone, in both themes", async () => {
    // Opened from the desktop's menu bar, then turned into a phone's screen.
    const page = await openTable(e2e, "Unit", "All Units");
    await page.setViewportSize(PHONE);
    const { unitNumber, row } = await firstUnit(page);
    const edit = await editUnit(page, row, unitNumber);
    const field = edit.getByRole("group", { name: "Available Date" });
    await field.scrollIntoViewIfNeeded();
    await edit.getByRole("button", { name: /^Calendar/ }).click();
    const popover = page.locator("[data-trigger=DatePicker]");
    await calendarOf(page).waitFor();
    const box = await popover.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // Every day can be tapped: 40 px squares (WCAG 2.2 asks at least 24).
    const day = await calendarOf(page).getByRole("button", { name: /15/ }).first().boundingBox();
    expect(day?.width).toBeGreaterThanOrEqual(40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const failures = await axeInBothThemes(page);
    expect(failures.light).toBe("");
    expect(failures.dark).toBe("");
  });
});
