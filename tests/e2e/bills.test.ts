import { formatCents } from "@keyholder/contracts/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { type E2e, hasChromium, openFromMenu, startE2e } from "./harness.ts";
import { organizationWithLease } from "./lease-setup.ts";

describe.skipIf(!hasChromium)("Accounting > Bills in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("enters a plumber's bill on two lines, pays it by check, and voids a bill entered twice", async () => {
    const { page, api } = await organizationWithLease(e2e, "payables");
    await api("/vendors", { name: "Pipe Pros", trades: ["plumbing"], eligible_1099: true });
    await api("/bank-accounts", { name: "Operating Checking", kind: "operating" });
    await openFromMenu(page, "Accounting", "Bills");
    const panel = page.getByRole("tabpanel", { name: "Bills" });
    await panel.getByText("Nothing is owed to vendors.").waitFor();

    await panel.getByRole("button", { name: "Enter Bill" }).click();
    const dialog = page.getByRole("dialog", { name: "Enter Bill" });
    await dialog.getByRole("combobox", { name: "Vendor" }).fill("Pipe");
    await page.getByRole("option", { name: "Pipe Pros" }).click();
    await dialog.getByLabel("Vendor's invoice number").fill("INV-500");
    await dialog.getByLabel("Line 1 account").selectOption({ label: "5410 Plumbing" });
    await dialog.getByRole("combobox", { name: "Line 1 property" }).fill("Elm");
    await page.getByRole("option", { name: "Elm Court" }).click();
    await dialog.getByLabel("Line 1 description").fill("Kitchen sink");
    await dialog.getByLabel("Line 1 amount").fill("250.00");
    await dialog.getByRole("button", { name: "Add Line" }).click();
    await dialog.getByLabel("Line 2 account").selectOption({ label: "5500 Cleaning" });
    await dialog.getByLabel("Line 2 amount").fill("1x");
    await dialog.getByRole("button", { name: "Enter Bill" }).click();
    await dialog.getByText("Enter an amount in dollars and cents, like 1,250.00").waitFor();
    await dialog.getByLabel("Line 2 amount").fill("75.50");
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe(`Total ${formatCents(32_550)}`);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await dialog.getByRole("button", { name: "Enter Bill" }).click();
    await page.getByText(`Bill from Pipe Pros entered: ${formatCents(32_550)}`).waitFor();

    const table = panel.getByRole("table", { name: "Bills" });
    const row = table.getByRole("row", { name: /^Pipe Pros/ });
    await expect.poll(() => row.textContent()).toContain("INV-500");
    expect(await row.textContent()).toContain("Elm Court, Company");
    expect(await row.textContent()).toContain("Unpaid");
    await panel.getByText(`Owed to vendors: ${formatCents(32_550)}`).waitFor();

    // The same invoice again is refused and named.
    await panel.getByRole("button", { name: "Enter Bill" }).click();
    const again = page.getByRole("dialog", { name: "Enter Bill" });
    await again.getByRole("combobox", { name: "Vendor" }).fill("Pipe");
    await page.getByRole("option", { name: "Pipe Pros" }).click();
    await again.getByLabel("Vendor's invoice number").fill("INV-500");
    await again.getByLabel("Line 1 account").selectOption({ label: "5410 Plumbing" });
    await again.getByLabel("Line 1 amount").fill("10");
    await again.getByRole("button", { name: "Enter Bill" }).click();
    await again.getByText("This vendor's bill INV-500 is entered already").waitFor();
    await again.getByLabel("Vendor's invoice number").fill("INV-501");
    await again.getByRole("button", { name: "Enter Bill" }).click();
    await page.getByText(`Bill from Pipe Pros entered: ${formatCents(1_000)}`).waitFor();

    // Voided: it is no longer owed.
    await table.getByRole("button", { name: "Void Pipe Pros INV-501" }).click();
    await page.getByRole("dialog", { name: "Void this bill?" }).getByRole("button", { name: "Void Bill" }).click();
    await page.getByText("Bill INV-501 from Pipe Pros voided").waitFor();
    await panel.getByText(`Owed to vendors: ${formatCents(32_550)}`).waitFor();

    await panel.getByRole("button", { name: "Pay Bills" }).click();
    const pay = page.getByRole("dialog", { name: "Pay Bills" });
    await pay.getByRole("combobox", { name: "Vendor" }).fill("Pipe");
    await page.getByRole("option", { name: "Pipe Pros" }).click();
    await pay.getByText(/^Bill · INV-500/).click();
    await expect.poll(() => pay.getByRole("status").textContent()).toBe(`Payment ${formatCents(32_550)}`);
    await pay.getByRole("button", { name: "Record Payment" }).click();
    await pay.getByText("Enter the check number").waitFor();
    await pay.getByLabel("Check number").fill("2001");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await pay.getByRole("button", { name: "Record Payment" }).click();
    await page.getByText(`Pipe Pros paid ${formatCents(32_550)} from Operating Checking`).waitFor();
    await panel.getByText("Nothing is owed to vendors.").waitFor();
    const payments = panel.getByRole("table", { name: "Bill payments" });
    await expect.poll(() => payments.getByRole("row").nth(1).textContent()).toContain("Check 2001");

    // The check was lost: voided, the bill is owed again, and paid by a new check.
    await payments.getByRole("button", { name: /^Void the payment to Pipe Pros/ }).click();
    await page
      .getByRole("dialog", { name: "Void this payment?" })
      .getByRole("button", { name: "Void Payment" })
      .click();
    await page.getByText(`Payment to Pipe Pros of ${formatCents(32_550)} voided: its bills are owed again`).waitFor();
    await panel.getByText(`Owed to vendors: ${formatCents(32_550)}`).waitFor();
    await expect.poll(() => payments.getByRole("row").nth(1).textContent()).toContain("Voided");
    await panel.getByRole("button", { name: "Pay Bills" }).click();
    const repay = page.getByRole("dialog", { name: "Pay Bills" });
    await repay.getByRole("combobox", { name: "Vendor" }).fill("Pipe");
    await page.getByRole("option", { name: "Pipe Pros" }).click();
    await repay.getByText(/^Bill · INV-500/).click();
    await repay.getByLabel("Check number").fill("2002");
    await repay.getByRole("button", { name: "Record Payment" }).click();
    await page
      .getByText(`Pipe Pros paid ${formatCents(32_550)} from Operating Checking`)
      .first()
      .waitFor();
    await panel.getByText("Nothing is owed to vendors.").waitFor();

    await panel.getByLabel("Show").selectOption("all");
    await expect.poll(() => table.getByRole("row", { name: /INV-500/ }).textContent()).toContain("Paid");
    expect(await table.getByRole("row", { name: /INV-501/ }).textContent()).toContain("Void");

    // The check counts toward Pipe Pros' 1099-NEC once the year's threshold is under it.
    await openFromMenu(page, "Accounting", "1099s");
    const forms = page.getByRole("tabpanel", { name: "1099s" });
    const year = new Date().getFullYear();
    await forms.getByText(`No payee reached ${formatCents(200_000)} in ${year}.`).waitFor();
    await expect
      .poll(() => forms.getByRole("table", { name: "Under the threshold: not filed" }).textContent())
      .toContain(formatCents(32_550));
    await forms.getByLabel(`Threshold for ${year}`).fill("300");
    await forms.getByRole("button", { name: "Set Threshold" }).click();
    await page.getByText(`The ${year} threshold is ${formatCents(30_000)}`).waitFor();
    const filed = forms.getByRole("table", { name: `1099s for ${year}` });
    await expect.poll(() => filed.getByRole("row", { name: /Pipe Pros/ }).textContent()).toContain(formatCents(32_550));
    expect(await forms.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      `/api/v1/tax-forms/1099?year=${year}&format=csv`,
    );
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });
});
