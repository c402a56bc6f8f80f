import { type LedgerLineRow, ledgerLinesPageSchema } from "@keyholder/contracts/ledger-lines";
import { formatCents } from "@keyholder/contracts/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { columnText, exportCsv, footer, grid } from "./grid-page.ts";
import { type E2e, hasChromium, openFromMenu, startE2e } from "./harness.ts";
import { organizationWithLease } from "./lease-setup.ts";

describe.skipIf(!hasChromium)("Accounting > Transactions in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  /** The lines the organization's books hold, as its administrator's API reads them. */
  async function booksOf(page: Awaited<ReturnType<typeof organizationWithLease>>["page"]) {
    const cookie = (await page.context().cookies()).find((c) => c.name === "kh_session")?.value ?? "";
    const res = await e2e.app.inject({ method: "GET", url: "/api/v1/ledger/lines", cookies: { kh_session: cookie } });
    return ledgerLinesPageSchema.parse(res.json()).lines;
  }

  it("lists every line of the books newest first, filters the debits in dollars, views a line's entry and exports", async () => {
    const { page, deposit } = await organizationWithLease(e2e, "transactions");
    const lines = await booksOf(page);
    expect(lines.length).toBeGreaterThan(3);
    await openFromMenu(page, "Accounting", "Transactions");
    await grid(page).getByRole("gridcell").first().waitFor();
    expect(await footer(page)).toContain(`of ${lines.length} rows total`);
    const shown = (l: LedgerLineRow) => l.entry_id;
    expect((await columnText(page, "entry_id")).map(Number)).toEqual(lines.map(shown));

    // The deposit's debit, typed as the grid shows money.
    await page.getByRole("button", { name: "Quick Filter", exact: true }).click();
    await page.getByLabel("Filter Debit").fill(formatCents(deposit));
    const depositLines = lines.filter((l) => l.debit_cents === deposit);
    expect(depositLines.length).toBeGreaterThan(0);
    await expect.poll(() => columnText(page, "debit_cents")).toEqual(depositLines.map(() => formatCents(deposit)));
    expect(await columnText(page, "tenant_name")).toEqual(depositLines.map(() => "Dana Mover"));

    const row = grid(page)
      .getByRole("row")
      .filter({ hasText: formatCents(deposit) })
      .first();
    await row.getByRole("gridcell").first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "View Transaction" }).click();
    const line = depositLines[0];
    const view = page.getByRole("dialog", {
      name: `Transaction: entry ${line?.entry_id}, ${line?.account_code} ${line?.account_name}`,
    });
    const entry = view.getByRole("table", { name: `Lines of entry ${line?.entry_id}` });
    await entry.waitFor();
    // The other side of the entry is there too: its credits equal its debits.
    expect(await entry.getByRole("row").count()).toBeGreaterThan(2);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await view.getByRole("button", { name: "Close", exact: true }).last().click();

    const csv = await exportCsv(page);
    expect(csv.name).toBe("all_transactions.csv");
    expect(csv.lines[0]).toContain("Debit");
    expect(csv.lines).toHaveLength(1 + depositLines.length);
  });

  it("fits a phone: the grid scrolls inside the page, nothing overflows sideways", async () => {
    const { page } = await organizationWithLease(e2e, "transactions-phone", { width: 390, height: 844 });
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("menu", { name: "Menu" }).getByRole("menuitem", { name: "Accounting" }).click();
    await page.getByRole("menu", { name: "Accounting" }).getByRole("menuitem", { name: "Transactions" }).click();
    await grid(page).getByRole("gridcell").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });
});
