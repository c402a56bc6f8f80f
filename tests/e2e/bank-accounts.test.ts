import { formatCents } from "@keyholder/contracts/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";
import { organizationWithLease } from "./lease-setup.ts";

describe.skipIf(!hasChromium)("Accounting > Bank Accounts in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    // A statement of more than 3 lines is kept in the background here (a real server: 2,000).
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true", STATEMENT_INLINE_LINES: "3" });
  });
  afterAll(() => e2e?.close());

  it("adds a trust and a second trust account, edits one, and retires it", async () => {
    const owner = await e2e.signUp({ email: "banker@example.com", company_name: "Banker Rentals" });
    const page = await signIn(e2e, owner);
    await openFromMenu(page, "Accounting", "Bank Accounts");
    const panel = page.getByRole("tabpanel", { name: "Bank Accounts" });
    await panel.getByText("No bank account yet.", { exact: false }).waitFor();

    await panel.getByRole("button", { name: "Add Bank Account" }).click();
    let dialog = page.getByRole("dialog", { name: "Add Bank Account" });
    await dialog.getByLabel("Name").fill("First Bank Trust");
    expect(await dialog.getByLabel("Kind").inputValue()).toBe("trust");
    await dialog.getByLabel("Bank", { exact: true }).fill("First Bank");
    await dialog.getByLabel("Account number, last 4 digits").fill("98-7");
    expect(await dialog.getByLabel("Account number, last 4 digits").inputValue()).toBe("987");
    await dialog.getByLabel("Account number, last 4 digits").fill("9876");
    await dialog.getByLabel("Routing number").fill("12345");
    await expect
      .poll(() => dialog.getByLabel("Cash account in the books").locator("option:checked").textContent())
      .toBe("Automatic: 1020 Trust Cash");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await dialog.getByRole("button", { name: "Add Bank Account" }).click();
    await dialog.getByText("A routing number is 9 digits").waitFor();
    await dialog.getByLabel("Routing number").fill("021000021");
    await dialog.getByRole("button", { name: "Add Bank Account" }).click();
    await page.getByText("Bank account First Bank Trust added").waitFor();

    const table = panel.getByRole("table", { name: "Bank accounts" });
    const first = table.getByRole("row", { name: /^First Bank Trust/ });
    expect(await first.getByRole("cell").allTextContents()).toEqual([
      "Trust",
      "First Bank",
      "•••• 9876",
      "1020 Trust Cash",
      formatCents(0),
      "",
      "Edit First Bank TrustProperties of First Bank Trust",
    ]);

    // A second trust account gets a cash account of its own beside Trust Cash.
    await panel.getByRole("button", { name: "Add Bank Account" }).click();
    dialog = page.getByRole("dialog", { name: "Add Bank Account" });
    await dialog.getByLabel("Name").fill("Second Trust");
    await expect
      .poll(() => dialog.getByLabel("Cash account in the books").locator("option:checked").textContent())
      .toBe("Automatic: A new cash account after 1020");
    await dialog.getByRole("button", { name: "Add Bank Account" }).click();
    await page.getByText("Bank account Second Trust added").waitFor();
    expect(await table.getByRole("row", { name: /^Second Trust/ }).textContent()).toContain(
      "1020-1 Trust Cash - Second Trust",
    );

    await first.getByRole("button", { name: "Edit First Bank Trust" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Bank Account: First Bank Trust" });
    expect(await dialog.getByLabel("Kind").isDisabled()).toBe(true);
    await dialog.getByLabel("Name").fill("Main Trust");
    await dialog.getByText("Active", { exact: true }).click();
    await dialog.getByRole("button", { name: "Save Bank Account" }).click();
    await page.getByText("Bank account Main Trust saved").waitFor();
    // Retired accounts list after the active ones.
    await expect.poll(() => table.getByRole("row").last().textContent()).toMatch(/^Main TrustRetired/);
  });

  it("deposits two receipts waiting in Undeposited Funds into the trust account, then moves some to operating", async () => {
    const { page, leaseId, api, today } = await organizationWithLease(e2e, "depositor");
    const amounts = [120_000, 45_075];
    for (const [n, amount_cents] of amounts.entries()) {
      await api(`/leases/${leaseId}/payments`, {
        idempotency_key: `e2e-deposit-${n}`,
        method: "check",
        reference: `10${n}`,
        received_on: today,
        amount_cents,
      });
    }
    const total = amounts.reduce((sum, c) => sum + c, 0);
    await api("/bank-accounts", { name: "Trust Checking", kind: "trust" });
    await openFromMenu(page, "Accounting", "Bank Accounts");
    const panel = page.getByRole("tabpanel", { name: "Bank Accounts" });
    await panel.getByText(`2 receipts (${formatCents(total)}) waiting in Undeposited Funds.`).waitFor();

    // Elm Court's money is kept in Trust Checking.
    await panel.getByRole("button", { name: "Properties of Trust Checking" }).click();
    const keep = page.getByRole("dialog", { name: "Properties of Trust Checking" });
    await keep.getByText("No property is assigned to this account.").waitFor();
    await keep.getByRole("combobox", { name: "Add a property" }).fill("Elm");
    await page.getByRole("option", { name: "Elm Court" }).click();
    await keep.getByRole("list", { name: "Properties kept here" }).getByText("Elm Court").waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await keep.getByRole("button", { name: "Save Properties" }).click();
    await page.getByText("Trust Checking keeps the money of 1 property").waitFor();

    await panel.getByRole("button", { name: "Record Deposit" }).click();
    const dialog = page.getByRole("dialog", { name: "Record Deposit" });
    await dialog.getByRole("button", { name: "Record Deposit" }).click();
    await dialog.getByText("Choose the receipts that went into this deposit").waitFor();
    await dialog.getByText(/· Check 100$/).click();
    await expect
      .poll(() => dialog.getByRole("status").textContent())
      .toBe(`1 receipt, ${formatCents(amounts[0] ?? 0)}`);
    await dialog.getByText(/^All 2 listed/).click();
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe(`2 receipts, ${formatCents(total)}`);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await dialog.getByRole("button", { name: "Record Deposit" }).click();
    await page.getByText(`Deposit of ${formatCents(total)} into Trust Checking recorded (2 receipts)`).waitFor();

    await panel.getByText("Nothing is waiting in Undeposited Funds.").waitFor();
    const deposits = panel.getByRole("table", { name: "Bank deposits" });
    expect(await deposits.getByRole("row").nth(1).textContent()).toBe(
      `${today}Trust Checking2${formatCents(total)}Bank deposit of 2 receiptsVoid the deposit of ${today}, ${formatCents(total)}`,
    );
    const accounts = panel.getByRole("table", { name: "Bank accounts" });
    const trust = accounts.getByRole("row", { name: /^Trust Checking/ });
    await expect.poll(() => trust.textContent()).toContain(formatCents(total));

    // Some of it moved to the operating account: both balances follow.
    await api("/bank-accounts", { name: "Operating Checking", kind: "operating" });
    await page.reload();
    await panel.getByRole("button", { name: "Transfer Between Accounts" }).click();
    const transfer = page.getByRole("dialog", { name: "Transfer Between Accounts" });
    await transfer.getByLabel("From").selectOption({ label: "Trust Checking" });
    await transfer.getByLabel("To").selectOption({ label: "Operating Checking" });
    await transfer.getByLabel("Amount").fill("250.50");
    await transfer.getByRole("button", { name: "Record Transfer" }).click();
    await page.getByText(`Transfer from Trust Checking to Operating Checking: $250.50 on ${today}`).waitFor();
    await expect.poll(() => trust.textContent()).toContain(formatCents(total - 25_050));
    await expect
      .poll(() => accounts.getByRole("row", { name: /^Operating Checking/ }).textContent())
      .toContain(formatCents(25_050));

    // A deposit recorded wrongly is voided: its receipts wait again, the trust account gives it back.
    await deposits.getByRole("button", { name: `Void the deposit of ${today}, ${formatCents(total)}` }).click();
    const confirm = page.getByRole("dialog", { name: "Void this deposit?" });
    await confirm.getByText("its 2 receipts go back to Undeposited Funds", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Void Deposit" }).click();
    await page
      .getByText(
        `Deposit of ${formatCents(total)} into Trust Checking voided: its receipts are back in Undeposited Funds`,
      )
      .waitFor();
    await panel.getByText(`2 receipts (${formatCents(total)}) waiting in Undeposited Funds.`).waitFor();
    await expect.poll(() => deposits.getByRole("row").nth(1).textContent()).toContain("Voided");
    await expect.poll(() => trust.textContent()).toContain(formatCents(-25_050));
  });

  it("imports a bank's CSV with its columns chosen once, and the same file again adds nothing", async () => {
    const { page, api } = await organizationWithLease(e2e, "statements");
    await api("/bank-accounts", { name: "Trust Checking", kind: "trust" });
    await openFromMenu(page, "Accounting", "Bank Accounts");
    const panel = page.getByRole("tabpanel", { name: "Bank Accounts" });
    await panel.getByText("No statement imported into Trust Checking yet.").waitFor();

    // Headers no bank guess reads: the columns are chosen by hand.
    const csv = Buffer.from(
      "Fecha,Concepto,Cheque,Valor\n10/02/2026,Rent deposit,,1500.00\n10/05/2026,Cafe Plumbing,1001,-250.50\n10/31/2026,Service fee,,-12\n",
    );
    const inflow = 150_000;
    const outflow = 25_050 + 1_200;
    const chooseFile = async () => {
      await panel.getByRole("button", { name: "Import Statement" }).click();
      const dialog = page.getByRole("dialog", { name: "Import Statement: Trust Checking" });
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: "october.csv", mimeType: "text/csv", buffer: csv });
      await dialog.getByRole("table", { name: "The file's first rows" }).waitFor();
      return dialog;
    };
    let dialog = await chooseFile();
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByText("Choose a column of this file").first().waitFor();
    await dialog.getByLabel("Date column").selectOption("Fecha");
    await dialog.getByLabel("Description column").selectOption("Concepto");
    await dialog.getByLabel("Amount column").selectOption("Valor");
    await dialog.getByLabel("Check or reference column").selectOption("Cheque");
    await dialog
      .getByText(
        `3 transactions from 2026-10-02 to 2026-10-31: ${formatCents(inflow)} in, ${formatCents(outflow)} out.`,
        {
          exact: false,
        },
      )
      .waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await dialog.getByRole("button", { name: "Import 3 Transactions" }).click();
    await page.getByText("Statement imported: 3 new transactions").waitFor();

    const lines = panel.getByRole("table", { name: "Bank lines" });
    await expect.poll(() => lines.getByRole("row").count()).toBe(4);
    const plumbing = lines.getByRole("row", { name: /Cafe Plumbing/ });
    expect(await plumbing.getByRole("rowheader").textContent()).toBe("2026-10-05");
    expect(await plumbing.getByRole("cell").allTextContents()).toEqual([
      "Cafe Plumbing",
      "1001",
      "",
      formatCents(25_050),
    ]);

    // Next time the columns are the account's, and what was imported is not added again.
    dialog = await chooseFile();
    await dialog.getByText("As chosen for this account's last CSV.").waitFor();
    expect(await dialog.getByLabel("Amount column").inputValue()).toBe("Valor");
    await dialog.getByRole("button", { name: "Import 3 Transactions" }).click();
    await page.getByText("Statement imported: 0 new transactions, 3 already imported").waitFor();
    await expect.poll(() => lines.getByRole("row").count()).toBe(4);
    const imports = panel.getByRole("table", { name: "Imports" });
    await expect.poll(() => imports.getByRole("row").count()).toBe(3);

    // A longer file goes on in the background; its row follows it to the end and the lines appear.
    await panel.getByRole("button", { name: "Import Statement" }).click();
    dialog = page.getByRole("dialog", { name: "Import Statement: Trust Checking" });
    const november = [1, 2, 3, 4, 5].map((d) => `11/0${d}/2026,Deposit ${d},,${d}00.00`);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "november.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`Fecha,Concepto,Cheque,Valor\n${november.join("\n")}\n`),
    });
    await dialog.getByRole("button", { name: "Import 5 Transactions" }).click();
    await page.getByText("Importing 5 transactions in the background: Imports shows how far it is").waitFor();
    const latest = imports.getByRole("row", { name: /november\.csv/ });
    await expect.poll(() => latest.textContent(), { timeout: 15_000 }).toContain("Imported");
    await expect.poll(() => lines.getByRole("row").count()).toBe(4 + 5);
  });

  it("adds an escrow account on a phone, nothing wider than the screen", async () => {
    const owner = await e2e.signUp({ email: "phonebank@example.com", company_name: "Phone Bank Rentals" });
    const page = await signIn(e2e, owner, { width: 390, height: 844 });
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("menu", { name: "Menu" }).getByRole("menuitem", { name: "Accounting" }).click();
    await page.getByRole("menu", { name: "Accounting" }).getByRole("menuitem", { name: "Bank Accounts" }).click();
    const panel = page.getByRole("tabpanel", { name: "Bank Accounts" });
    await panel.getByRole("button", { name: "Add Bank Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Bank Account" });
    await dialog.getByLabel("Name").fill("Escrow");
    await dialog.getByLabel("Kind").selectOption({ label: "Security deposit escrow" });
    await dialog.getByRole("button", { name: "Add Bank Account" }).click();
    await page.getByText("Bank account Escrow added").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });
});
