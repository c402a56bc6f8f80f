import { addMonths, monthName, todayIn } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";

type Rows<T> = { rows: T[] };

describe.skipIf(!hasChromium)("Accounting > General Ledger in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true", JOB_POLL_SECONDS: "0.1" });
  });
  afterAll(() => e2e?.close());

  /** A new organization with three leases charged monthly since two months ago, its administrator signed in. */
  async function organizationWithCharges(name: string, viewport?: { width: number; height: number }) {
    const owner = await e2e.signUp({ email: `${name}@example.com`, company_name: `${name} Rentals` });
    const today = todayIn("America/New_York");
    const start = addMonths(`${today.slice(0, 7)}-01`, -2);
    const amounts = [125_000, 98_050, 143_399];
    await e2e.app.asSystem(async (tx) => {
      const [org] = (
        (await tx.execute(
          sql`select organization_id as id from users where username = ${owner.email.toLowerCase()}`,
        )) as unknown as Rows<{ id: string }>
      ).rows;
      await tx.execute(sql`
        with p as (
          insert into properties (organization_id, name, property_type_id)
          values (${org?.id}, 'Ledger Court', (select id from property_types order by id limit 1)) returning id
        )
        insert into recurring_charges (organization_id, lease_id, property_id, account_id, amount_cents, start_date)
        select ${org?.id}, gen_random_uuid(), p.id,
          (select id from ledger_accounts where organization_id = ${org?.id} and role = 'rent_income'), a, ${start}::date
        from p, unnest(${`{${amounts.join(",")}}`}::bigint[]) a`);
    });
    const page = await signIn(e2e, owner, viewport);
    return { page, today, start, months: 3, amounts };
  }

  it("runs the charges, shows what they posted in the trial balance, and closes last month", async () => {
    const { page, today, start, months, amounts } = await organizationWithCharges("ledgerco");
    await openFromMenu(page, "Accounting", "General Ledger");
    const panel = page.getByRole("tabpanel", { name: "General Ledger" });
    await panel.getByText("Nothing posted on or before this day.").waitFor();
    // The picker submits its day as YYYY-MM-DD (react-aria's hidden input and the field's own).
    expect(await panel.locator('input[name="through"]').first().inputValue()).toBe(today);

    await panel.getByRole("button", { name: "Run charges now" }).click();
    const total = amounts.reduce((sum, a) => sum + a, 0) * months;
    const runs = panel.getByRole("list", { name: "Charge runs" });
    await runs
      .getByText(`Posted ${months * amounts.length} charges (${formatCents(total)}), 0 late fees ($0.00)`)
      .waitFor();
    expect(await runs.getByRole("listitem").first().textContent()).toContain(`Through ${today} · Finished`);

    // What the run posted shows in the trial balance and the periods without asking again.
    const trialBalance = panel.getByRole("table", { name: /Trial balance/ });
    const receivables = trialBalance.getByRole("row", { name: /1100 Accounts Receivable - Tenants/ });
    await receivables.waitFor();
    expect(await receivables.getByRole("cell").first().textContent()).toBe(formatCents(total));
    expect(await trialBalance.getByRole("row", { name: /^Total/ }).textContent()).toBe(
      `Total${formatCents(total)}${formatCents(total)}`,
    );

    // Last month is over: the administrator closes it, saying so twice.
    const lastMonth = monthName(addMonths(start, 1));
    const row = panel
      .getByRole("table", { name: "Accounting periods" })
      .getByRole("row", { name: new RegExp(lastMonth) });
    await row.getByRole("button", { name: `Close period ${lastMonth}` }).click();
    await row.getByRole("button", { name: `Close ${lastMonth}` }).click();
    await panel.getByText(`${lastMonth} is closed.`).waitFor();
    expect(await row.textContent()).toMatch(/Closed by Olive/);
    // The current month has not ended: it offers no Close.
    const current = panel.getByRole("row", { name: new RegExp(monthName(today)) });
    expect(await current.getByRole("button").count()).toBe(0);
    // A correction found later: the administrator reopens it, and it can be closed again.
    await row.getByRole("button", { name: `Reopen period ${lastMonth}` }).click();
    await row.getByRole("button", { name: `Reopen ${lastMonth}` }).click();
    await panel.getByText(`${lastMonth} is open again.`).waitFor();
    expect(await row.textContent()).toMatch(/Open/);
    await row.getByRole("button", { name: `Close period ${lastMonth}` }).waitFor();

    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });

  it("lets the administrator add, rename, retire and delete accounts, and keeps system accounts", async () => {
    const owner = await e2e.signUp({ email: "chart@example.com", company_name: "Chart Rentals" });
    const page = await signIn(e2e, owner);
    await openFromMenu(page, "Accounting", "General Ledger");
    const panel = page.getByRole("tabpanel", { name: "General Ledger" });
    const chart = panel.getByRole("table", { name: "Chart of accounts" });
    await chart.getByRole("row", { name: /^1100 Accounts Receivable - Tenants/ }).waitFor();

    await panel.getByRole("button", { name: "Add Account" }).click();
    let dialog = page.getByRole("dialog", { name: "Add Account" });
    await dialog.getByLabel("Code").fill("6550");
    await dialog.getByLabel("Name").fill("Snow Removal");
    // The type offered first is Expense; a code already in the chart is refused on its field.
    await dialog.getByLabel("Code").fill("6150");
    await dialog.getByRole("button", { name: "Add Account" }).click();
    await dialog.getByText("Account 6150 already exists: choose another code").waitFor();
    await dialog.getByLabel("Code").fill("6550");
    await dialog.getByRole("button", { name: "Add Account" }).click();
    await page.getByText("Account 6550 Snow Removal added").waitFor();
    const snow = chart.getByRole("row", { name: /^6550 / });
    // The chart is read again after the toast.
    await snow.waitFor();
    expect(await snow.getByRole("cell").allTextContents()).toEqual([
      "Snow Removal",
      "Expense",
      "$0.00",
      "Edit account 6550",
    ]);

    await snow.getByRole("button", { name: "Edit account 6550" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Account 6550" });
    await dialog.getByLabel("Name").fill("Snow and Ice Removal");
    await dialog.getByText("Active", { exact: true }).click();
    expect(await dialog.getByRole("switch", { name: "Active" }).isChecked()).toBe(false);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await dialog.getByRole("button", { name: "Save Account" }).click();
    await page.getByText("Account 6550 Snow and Ice Removal saved").waitFor();
    // The chart is read again after the toast.
    await expect.poll(() => snow.textContent()).toContain("Retired");

    // A system account: renamed, but its type and activity stay, and it offers no Delete.
    await chart.getByRole("button", { name: "Edit account 1010" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Account 1010" });
    expect(await dialog.getByRole("switch", { name: "Active" }).isDisabled()).toBe(true);
    await dialog.getByText("Keyholder posts to this system account by its role, so its type stays.").waitFor();
    expect(await dialog.getByRole("button", { name: "Delete Account" }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // An account nothing posted to can be deleted, after saying so twice.
    await snow.getByRole("button", { name: "Edit account 6550" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Account 6550" });
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await page
      .getByRole("dialog", { name: "Delete account 6550?" })
      .getByRole("button", { name: "Delete Account" })
      .click();
    await page.getByText("Account 6550 Snow and Ice Removal deleted").waitFor();
    await chart.getByRole("row", { name: /^6550 / }).waitFor({ state: "detached" });
  });

  it("writes a journal entry that must balance, sees it in the journal and trial balance, and reverses it", async () => {
    const owner = await e2e.signUp({ email: "journal@example.com", company_name: "Journal Rentals" });
    const page = await signIn(e2e, owner);
    const today = todayIn("America/New_York");
    await openFromMenu(page, "Accounting", "General Ledger");
    const panel = page.getByRole("tabpanel", { name: "General Ledger" });
    await panel.getByText("Nothing posted yet.").waitFor();

    await panel.getByRole("button", { name: "New Journal Entry" }).click();
    const dialog = page.getByRole("dialog", { name: "New Journal Entry" });
    await dialog.getByLabel("Memo").fill("Opening cash");
    await dialog.getByLabel("Account, line 1").selectOption({ label: "1010 Operating Cash" });
    await dialog.getByLabel("Debit, line 1").fill("1,250.00");
    await dialog.getByLabel("Account, line 2").selectOption({ label: "3950 Opening Balance Equity" });
    await dialog.getByLabel("Credit, line 2").fill("1000");
    const totals = dialog.getByRole("status");
    await expect.poll(() => totals.textContent()).toBe("Debits $1,250.00Credits $1,000.00Out of balance by $250.00");
    await dialog.getByRole("button", { name: "Post Entry" }).click();
    await dialog.getByText("Debits ($1,250.00) and credits ($1,000.00) must be equal").waitFor();
    // A third line takes the difference.
    await dialog.getByRole("button", { name: "Add Line" }).click();
    await dialog.getByLabel("Account, line 3").selectOption({ label: "2010 Accounts Payable" });
    await dialog.getByLabel("Credit, line 3").fill("250");
    await expect.poll(() => totals.textContent()).toBe("Debits $1,250.00Credits $1,250.00Balanced");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await dialog.getByRole("button", { name: "Post Entry" }).click();
    await page.getByText(new RegExp(`Entry \\d+ posted: \\$1,250.00 on ${today}`)).waitFor();

    const journal = panel.getByRole("list", { name: "Journal entries" });
    const first = journal.getByRole("listitem").first();
    expect(await first.textContent()).toContain(`${today} · Journal entry · $1,250.00`);
    expect(await first.textContent()).toContain("Opening cash");
    const lines = first.getByRole("table");
    expect(await lines.getByRole("row").allTextContents()).toEqual([
      "AccountMemoDebitCredit",
      "1010 Operating Cash$1,250.00",
      "3950 Opening Balance Equity$1,000.00",
      "2010 Accounts Payable$250.00",
    ]);
    const trialBalance = panel.getByRole("table", { name: /Trial balance/ });
    await expect
      .poll(() => trialBalance.getByRole("row", { name: /^Total/ }).textContent())
      .toBe("Total$1,250.00$1,250.00");

    // The books still pass the administrator's diagnostics.
    const diagnostics = panel.getByRole("region", { name: "Diagnostics" });
    await diagnostics.getByRole("button", { name: "Check again" }).click();
    await diagnostics.getByText(/^No problems found · checked at/).waitFor();
    // The nightly check has not run for books posted today.
    await diagnostics
      .getByText("The books are checked every night once something is posted; no nightly check yet.")
      .waitFor();

    // Shown by account: the entry has a line on Accounts Payable, none on Rent.
    await panel.getByLabel("Account", { exact: true }).selectOption({ label: "4010 Rent" });
    await panel.getByText("No entry matches these filters.").waitFor();
    await panel.getByLabel("Account", { exact: true }).selectOption({ label: "2010 Accounts Payable" });
    await expect.poll(() => journal.getByRole("listitem").count()).toBe(1);
    await panel.getByLabel("Account", { exact: true }).selectOption({ label: "All accounts" });

    // Reversed: a new entry of the opposite amounts; the original offers Reverse no more.
    const id = (await first.textContent())?.match(/Entry (\d+)/)?.[1];
    await first.getByRole("button", { name: `Reverse entry ${id}` }).click();
    await page
      .getByRole("dialog", { name: `Reverse entry ${id}?` })
      .getByRole("button", { name: "Reverse Entry" })
      .click();
    await page.getByText(new RegExp(`Entry ${id} reversed by entry \\d+, dated ${today}`)).waitFor();
    await expect.poll(() => journal.getByRole("listitem").count()).toBe(2);
    expect(await journal.getByRole("listitem").first().textContent()).toContain(
      `Reversal · $1,250.00Reversal of entry ${id}: Opening cash`,
    );
    const original = journal.getByRole("listitem").nth(1);
    expect(await original.textContent()).toContain("Reversed by entry");
    expect(await original.getByRole("button", { name: /Reverse/ }).count()).toBe(0);
    await trialBalance.getByText("Nothing posted on or before this day.").waitFor();
  });

  it("lets the administrator set the organization's time zone in Settings", async () => {
    const owner = await e2e.signUp({ email: "zoned@example.com", company_name: "Zoned Rentals" });
    const page = await signIn(e2e, owner);
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Settings", exact: true }).click();
    const settings = page.getByRole("dialog", { name: "Settings" });
    const zone = settings.getByLabel("Time zone", { exact: true });
    expect(await zone.inputValue()).toBe("America/New_York");
    await zone.selectOption("America/Chicago");
    await settings.getByText("Time zone saved: America/Chicago").waitFor();
    await page.reload();
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Settings", exact: true }).click();
    expect(
      await page.getByRole("dialog", { name: "Settings" }).getByLabel("Time zone", { exact: true }).inputValue(),
    ).toBe("America/Chicago");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });

  it("fits a phone: the screen scrolls, nothing overflows sideways", async () => {
    const { page } = await organizationWithCharges("phoneledger", { width: 390, height: 844 });
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("menu", { name: "Menu" }).getByRole("menuitem", { name: "Accounting" }).click();
    await page.getByRole("menu", { name: "Accounting" }).getByRole("menuitem", { name: "General Ledger" }).click();
    const panel = page.getByRole("tabpanel", { name: "General Ledger" });
    await panel.getByRole("button", { name: "Run charges now" }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });
});
