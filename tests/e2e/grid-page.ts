import { readFileSync } from "node:fs";
import type { Download, Locator, Page } from "playwright-core";
import { DEMO, type E2e, openFromMenu, signIn } from "./harness.ts";

export const grid = (page: Page) => page.getByRole("grid");
/** The visible text of one column, top to bottom, of the rendered rows. */
export const columnText = (page: Page, column: string) =>
  grid(page).locator(`[role=row] [role=gridcell][data-column="${column}"]`).allTextContents();
export const headers = async (page: Page) =>
  (await grid(page).getByRole("columnheader").allTextContents()).map((h) => h.replace(/[▲▼]/g, ""));
export const footer = (page: Page) => page.getByText(/loaded of/).textContent();

/**
 * The body rows the user sees whole (below the header rows, above the grid's bottom): their row
 * number and first cell's text.
 */
export const rowsInView = (page: Page) =>
  grid(page).evaluate((el) => {
    const top = el.querySelector("[role=rowgroup]")?.getBoundingClientRect().bottom ?? 0;
    const bottom = el.getBoundingClientRect().top + el.clientHeight;
    return [...el.querySelectorAll("[role=row][aria-selected]")]
      .filter((row) => {
        const r = row.getBoundingClientRect();
        return r.height > 0 && r.top >= top - 1 && r.bottom <= bottom + 1;
      })
      .map((row) => ({
        row: Number(row.getAttribute("aria-rowindex")),
        text: row.querySelector("[role=gridcell]")?.textContent ?? "",
      }));
  });

/** Signed in with one table open from the menu and its first rows shown. */
export async function openTable(
  e2e: E2e,
  category: string,
  item: string,
  options: { viewport?: { width: number; height: number }; theme?: "light" | "dark" } = {},
): Promise<Page> {
  const page = await signIn(e2e, DEMO, options.viewport, options.theme);
  await openFromMenu(page, category, item);
  await grid(page).getByRole("gridcell").first().waitFor();
  return page;
}

/** Chooses the first property offered by a dialog's Property dropdown, as a keyboard user would. */
export async function chooseFirstProperty(dialog: Locator) {
  const property = dialog.getByRole("combobox", { name: "Property" });
  await property.focus();
  await property.press("ArrowDown");
  await dialog.page().getByRole("listbox").getByRole("option").first().click();
}

/** The sidebar's Export dialog. */
export const exportDialog = (page: Page) => page.getByRole("dialog", { name: "Export to CSV" });

/** A downloaded CSV: its file name and its lines (the BOM taken off, no empty last line). */
export async function csvOf(file: Download) {
  const text = readFileSync((await file.path()) ?? "", "utf8").replace(/^\uFEFF/, "");
  return { name: file.suggestedFilename(), lines: text.split("\r\n").filter(Boolean) };
}

/** Export from the sidebar, through its dialog, in the columns shown (its default) or all columns. */
export async function exportCsv(page: Page, columns: "shown" | "all" = "shown") {
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = exportDialog(page);
  if (columns === "all") await dialog.getByText(/^All columns/).click();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export", exact: true }).click();
  const csv = await csvOf(await download);
  await dialog.waitFor({ state: "detached" });
  return csv;
}

/** The grid's column headers as shown, without the row-number column. */
export const dataHeaders = async (page: Page) => (await headers(page)).filter((h) => h !== "#");
