import { addDays, monthStart } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { type E2e, hasChromium, openFromMenu, startE2e } from "./harness.ts";
import { organizationWithLease } from "./lease-setup.ts";

describe.skipIf(!hasChromium)("Accounting > Bank Accounts > Reconciliations in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("imports last month's statement, reconciles it to a zero difference with a bank fee posted, and sees it locked", async () => {
    const { page, leaseId, api, today } = await organizationWithLease(e2e, "reconciler");
    const statementEnd = addDays(monthStart(today), -1);
    const day = (n: number) => `${statementEnd.slice(0, 8)}${String(n).padStart(2, "0")}`;
    const trust = await api("/bank-accounts", { name: "Trust Checking", kind: "trust" });
    const pay = async (cents: number, on: string) =>
      (
        await api(`/leases/${leaseId}/payments`, {
          idempotency_key: `e2e-rec-${on}-${cents}`,
          method: "check",
          reference: "501",
          received_on: on,
          amount_cents: cents,
        })
      ).payment.id as string;
    const [rentA, rentB, late] = [120_000, 45_075, 30_000];
    const fee = 1_500;
    await api("/bank-deposits", {
      idempotency_key: "e2e-rec-deposit-1",
      bank_account_id: trust.id,
      deposited_on: day(6),
      payment_ids: [await pay(rentA, day(3)), await pay(rentB, day(5))],
    });
    // Deposited on the statement's last day, at the bank the next month: outstanding.
    await api("/bank-deposits", {
      idempotency_key: "e2e-rec-deposit-2",
      bank_account_id: trust.id,
      deposited_on: statementEnd,
      payment_ids: [await pay(late, statementEnd)],
    });

    await openFromMenu(page, "Accounting", "Bank Accounts");
    const panel = page.getByRole("tabpanel", { name: "Bank Accounts" });
    await panel.getByRole("button", { name: "Import Statement" }).click();
    const importing = page.getByRole("dialog", { name: "Import Statement: Trust Checking" });
    const csv = `Date,Description,Amount\n${day(7)},DEPOSIT,${(rentA + rentB) / 100}\n${day(28)},Monthly service fee,-${fee / 100}\n`;
    await importing
      .locator('input[type="file"]')
      .setInputFiles({ name: "statement.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await importing.getByRole("button", { name: "Import 2 Transactions" }).click();
    await page.getByText("Statement imported: 2 new transactions").waitFor();

    const section = panel.getByRole("region", { name: "Reconciliations" });
    await section.getByText("Trust Checking has not been reconciled yet.").waitFor();
    await section.getByRole("button", { name: "Reconcile" }).click();
    const start = page.getByRole("dialog", { name: "Reconcile Trust Checking" });
    const statementBalance = rentA + rentB - fee;
    await start.getByLabel("Statement ending balance").fill((statementBalance / 100).toFixed(2));
    await start.getByRole("button", { name: "Start Reconciliation" }).click();

    // Everything dated to the end is ticked: the outstanding deposit and the missing fee make the difference.
    const difference = section.getByRole("status", { name: "Difference" });
    await expect.poll(() => difference.textContent()).toBe(formatCents(statementBalance - (rentA + rentB + late)));
    const books = section.getByRole("table", { name: "Books items" });
    // By keyboard: the tick is a checkbox named for its item.
    const outstanding = books.getByRole("checkbox", { name: new RegExp(`^Cleared: ${statementEnd} Bank deposit`) });
    expect(await outstanding.isChecked()).toBe(true);
    await outstanding.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => difference.textContent()).toBe(formatCents(-fee));

    await section.getByRole("button", { name: "Auto-Match" }).click();
    await page.getByText("1 bank line matched").waitFor();
    const bank = section.getByRole("table", { name: "Bank statement lines" });
    await expect.poll(() => bank.getByRole("row", { name: /DEPOSIT/ }).textContent()).toContain("Matched");
    expect(await section.getByRole("button", { name: "Finish Reconciliation" }).isDisabled()).toBe(true);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    await bank.getByRole("button", { name: `Post ${day(28)} Monthly service fee` }).click();
    const posting = page.getByRole("dialog", { name: "Post a Bank Charge" });
    await expect
      .poll(() => posting.getByLabel("Account").locator("option:checked").textContent())
      .toBe("6200 Bank Fees");
    // Opened from far down the page, the dialog is wholly on screen (the page scrolls, not the workspace).
    const box = await posting.boundingBox();
    const screen = page.viewportSize();
    expect(box && screen && box.y >= 0 && box.y + box.height <= screen.height).toBe(true);
    // Trust money is always some property's: the fee is refused until it names one.
    await posting.getByRole("button", { name: "Post and Match" }).click();
    await posting
      .getByText("Trust money always belongs to a property: choose the property this bank line is for")
      .waitFor();
    await posting.getByRole("combobox", { name: "Property" }).fill("Elm");
    await page.getByRole("option", { name: /Elm Court/ }).click();
    await posting.getByRole("button", { name: "Post and Match" }).click();
    await page.getByText("Monthly service fee posted and matched").waitFor();
    await expect.poll(() => difference.textContent()).toBe(formatCents(0));
    await expect
      .poll(() => books.getByRole("row", { name: /Monthly service fee/ }).textContent())
      .toContain(formatCents(-fee));

    await section.getByRole("button", { name: "Finish Reconciliation" }).click();
    await page.getByText(`Reconciliation to ${statementEnd} completed`).waitFor();
    await section.getByText("its items are locked", { exact: false }).waitFor();
    expect(await section.getByRole("checkbox").count()).toBe(0);
    expect(await section.getByRole("button", { name: "Finish Reconciliation" }).count()).toBe(0);
    // The outstanding deposit is not among what this one cleared.
    expect(await books.getByRole("row").count()).toBe(3);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    await section.getByRole("button", { name: "Back to Reconciliations" }).click();
    const list = section.getByRole("table", { name: "Reconciliations" });
    expect(await list.getByRole("row").nth(1).textContent()).toContain("Completed");
    expect(await list.getByRole("row").nth(1).textContent()).toContain(formatCents(statementBalance));

    // On a phone the page stays within the screen (the tables scroll inside themselves).
    await page.setViewportSize({ width: 390, height: 844 });
    await list.getByRole("button", { name: `View the reconciliation to ${statementEnd}` }).click();
    await section.getByText("its items are locked", { exact: false }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
