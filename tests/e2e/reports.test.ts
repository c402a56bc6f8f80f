import { readFileSync } from "node:fs";
import { addDays, addMonths, daysBetween, shortMonthName } from "@keyholder/contracts/civil-date";
import { agingBucketLabels, agingBucketOf } from "@keyholder/contracts/delinquency";
import { formatCents } from "@keyholder/contracts/money";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { type E2e, hasChromium, openFromMenu, startE2e, typeDate } from "./harness.ts";
import { organizationWithLease } from "./lease-setup.ts";

describe.skipIf(!hasChromium)("Reports in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("runs the rent roll for a past day, keeps it in the address, and downloads it as Excel", async () => {
    const { page, rent, deposit, start, today } = await organizationWithLease(e2e, "rentroll");
    await openFromMenu(page, "Reports", "Occupancy");
    const panel = page.getByRole("tabpanel", { name: "Occupancy" });
    const current = panel.getByRole("table", { name: "Current (1)" });
    const row = current.getByRole("row", { name: /Dana Mover/ });
    await row.waitFor();
    const cells = row.getByRole("cell");
    // Unit, tenant, market rent, rent, other charges, deposits held, balance: the move-in's rent and deposit owed.
    expect(await cells.nth(3).textContent()).toBe(formatCents(rent));
    expect(await cells.nth(5).textContent()).toBe(formatCents(deposit));
    expect(await cells.nth(6).textContent()).toBe(formatCents(rent + deposit));
    expect(await panel.getByRole("definition").first().textContent()).toBe("1");
    // The tenant opens their lease.
    await row.getByRole("button", { name: "Dana Mover" }).click();
    await page.getByRole("dialog").filter({ hasText: "Dana Mover" }).first().waitFor();
    expect(await page.getByRole("tab", { name: "Leases", selected: true }).count()).toBe(1);
    await page.keyboard.press("Escape");
    await page.getByRole("tab", { name: "Occupancy" }).click();

    // The day before the lease began: unit 101 was vacant and never leased.
    const before = addDays(start, -1);
    await typeDate(page, "As of", before);
    await expect.poll(() => panel.getByRole("status").textContent()).toContain(`Rent roll as of ${before}`);
    const vacant = panel.getByRole("table", { name: "Vacant (1)" });
    expect(
      await vacant
        .getByRole("row", { name: /VACANT/ })
        .getByRole("cell")
        .last()
        .textContent(),
    ).toBe("Never leased");
    expect(new URL(page.url()).search).toBe(`?report=rent-roll&as_of=${before}`);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // The address opens the same report again (bookmarked, or sent to a colleague).
    await page.goto(page.url());
    await expect
      .poll(() => page.getByRole("tabpanel", { name: "Occupancy" }).getByRole("status").textContent())
      .toContain(`Rent roll as of ${before}`);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download Excel" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`rent-roll-${before}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path()) ?? "") as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    book.worksheets[0]?.eachRow((r) => values.push((r.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(["Rent roll"]);
    expect(values).toContainEqual(expect.arrayContaining(["101", "VACANT"]));

    // Another tab takes the address back; the report's tab brings it again.
    await openFromMenu(page, "Tenants", "Leases");
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await page.getByRole("tab", { name: "Occupancy" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?report=rent-roll&as_of=${before}`);

    // Lease expirations, 40 days before the lease's end: it ends within 60 days, not within 30.
    const end = addMonths(start, 12);
    const occupancy = page.getByRole("tabpanel", { name: "Occupancy" });
    await occupancy.getByLabel("Report").selectOption("lease-expirations");
    await typeDate(page, "As of", addDays(end, -40));
    await occupancy.getByLabel("Ending within").selectOption("60");
    const ending = occupancy.getByRole("table", { name: "Leases ending" }).getByRole("row", { name: /Dana Mover/ });
    await ending.waitFor();
    expect(await ending.getByRole("cell").nth(3).textContent()).toBe("40");
    expect(new URL(page.url()).search).toBe(`?report=lease-expirations&as_of=${addDays(end, -40)}&days=60`);
    await occupancy.getByLabel("Ending within").selectOption("30");
    await occupancy.getByText(`No fixed-term lease ends by ${addDays(end, -10)}.`).waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // Occupancy month by month: the unit was vacant before the lease and held since.
    await occupancy.getByLabel("Report").selectOption("occupancy");
    await expect.poll(() => occupancy.getByRole("status").textContent()).toContain(`100% on ${today}`);
    const trend = await occupancy.getByRole("img", { name: /^Occupancy by month/ }).getAttribute("aria-label");
    expect(trend).toContain(`${shortMonthName(today)} 100%`);
    expect(trend).toContain(`${shortMonthName(addMonths(start, -1))} 0%`);
    expect(new URL(page.url()).search).toBe("?report=occupancy");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });

  it("ages what tenants owe on Reports > Financial, current or past tenants", async () => {
    const { page, rent, deposit, start, today } = await organizationWithLease(e2e, "aging");
    await openFromMenu(page, "Reports", "Financial");
    const panel = page.getByRole("tabpanel", { name: "Financial" });
    await expect.poll(() => panel.getByRole("status").textContent()).toContain("1 lease owing");
    // The move-in's rent and deposit, due on the first day, are as old as the lease.
    const bucket = agingBucketOf(daysBetween(start, today));
    const figure = (label: string) =>
      panel
        .locator(`dl[aria-label="Key figures"]`)
        .locator("div")
        .filter({ has: page.locator("dt").getByText(label, { exact: true }) })
        .locator("dd")
        .first()
        .textContent();
    expect(await figure("Net owed")).toBe(formatCents(rent + deposit));
    expect(await figure(agingBucketLabels[bucket] ?? "")).toBe(formatCents(rent + deposit));
    // The chart says the same figures as the table.
    expect(await panel.getByRole("img", { name: /^Owed by age/ }).getAttribute("aria-label")).toContain(
      `${agingBucketLabels[bucket]} ${formatCents(rent + deposit)}`,
    );
    const row = panel.getByRole("table", { name: "Delinquent leases" }).getByRole("row", { name: /Dana Mover/ });
    expect(await row.getByRole("cell").last().textContent()).toBe(start);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // Run in the background: the file waits in Downloads, through a reload of the page.
    await panel.getByRole("button", { name: "Run in background" }).click();
    const run = page.getByRole("dialog", { name: "Run Delinquency in the background" });
    await run.getByLabel("Format").selectOption("csv");
    await run.getByRole("button", { name: "Start" }).click();
    await run.waitFor({ state: "detached" });
    await page.reload();
    const downloads = page.getByRole("tabpanel", { name: "Financial" }).locator("details", { hasText: "Downloads" });
    await downloads.locator("summary").waitFor();
    // Finished before the reload, the list is closed: the user opens it.
    if ((await downloads.getAttribute("open")) === null) await downloads.locator("summary").click();
    const link = downloads.getByRole("link", { name: /^Download delinquency-.*\.csv$/ });
    await link.waitFor({ timeout: 30_000 });
    const [saved] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(readFileSync((await saved.path()) ?? "", "utf8")).toContain("Dana Mover");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    await panel.getByLabel("Tenants").selectOption("past");
    await panel.getByText(/^Nobody owed anything due by/).waitFor();
    expect(new URL(page.url()).search).toBe("?report=delinquency&tenants=past");

    // The deposit register: the lease's deposit, all the deposits held.
    await panel.getByLabel("Report").selectOption("deposit-register");
    await expect.poll(() => figure("Deposits held")).toBe(formatCents(deposit));
    const held = panel.getByRole("table", { name: "Deposits by lease" }).getByRole("row", { name: /Dana Mover/ });
    expect(await held.getByRole("cell").last().textContent()).toBe(formatCents(deposit));
    expect(new URL(page.url()).search).toBe("?report=deposit-register");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // The general ledger detail of the receivables: what the move-in charged, brought forward to this month.
    await panel.getByLabel("Report").selectOption("general-ledger");
    // The span starts where the report does: the first of this month.
    const segment = (name: string) => panel.getByRole("spinbutton", { name: new RegExp(`^${name}, From`) });
    expect(await segment("month").getAttribute("aria-valuenow")).toBe(String(Number(today.slice(5, 7))));
    expect(await segment("day").getAttribute("aria-valuenow")).toBe("1");
    await panel.getByLabel("Report").selectOption("general-ledger");
    const account = panel.getByLabel("Account");
    const option = account.locator("option", { hasText: /^\d+ Accounts Receivable - Tenants$/ });
    await option.waitFor({ state: "attached" });
    const receivable = await option.getAttribute("value");
    await account.selectOption(receivable ?? "");
    const lines = panel.getByRole("table", { name: /^\d+ Accounts Receivable - Tenants/ });
    const closing = lines.getByRole("row", { name: /Total and closing balance/ });
    await closing.waitFor();
    expect(await closing.getByRole("cell").last().textContent()).toBe(formatCents(rent + deposit));
    expect(new URL(page.url()).search).toBe(`?report=general-ledger&account_id=${receivable}`);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // The cash flow of the month: nothing was paid yet, so no cash moved.
    await panel.getByLabel("Report").selectOption("cash-flow");
    await panel.getByText(/^No cash came in or went out from/).waitFor();
    expect(await figure("Cash at the end")).toBe(formatCents(0));
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // The three-way reconciliation: no trust account yet, and no property field (it is the organization's).
    await panel.getByLabel("Report").selectOption("three-way-reconciliation");
    await panel.getByText(/^The organization has no trust bank account/).waitFor();
    expect(await panel.getByLabel("Property").count()).toBe(0);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });

  it("shows the maintenance backlog by age and what the work cost, on Reports > Maintenance", async () => {
    const { page, api, propertyId, today } = await organizationWithLease(e2e, "upkeep");
    const made = async (title: string, priority: string) =>
      (
        await api("/maintenance-requests", {
          property_id: propertyId,
          category: "plumbing",
          priority,
          title,
          channel: "phone",
        })
      ).request as { id: string; request_no: number };
    const leak = await made("Leaking pipe", "emergency");
    await made("Loose tile", "low");
    await api(`/maintenance-requests/${leak.id}/costs`, {
      kind: "labor",
      description: "Plumber",
      quantity: "1.5",
      rate_cents: 8_000,
    });
    await openFromMenu(page, "Reports", "Maintenance");
    const panel = page.getByRole("tabpanel", { name: "Maintenance" });
    await expect
      .poll(() => panel.getByRole("status").textContent())
      .toContain(`2 requests open at the end of ${today}`);
    expect(await panel.getByRole("img", { name: /^Open requests by age/ }).getAttribute("aria-label")).toContain(
      "0–7 days 2",
    );
    const backlog = panel.getByRole("table", { name: "Open requests, oldest first" });
    expect(await backlog.getByRole("row").count()).toBe(3);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    // The request opens from the report.
    await backlog.getByRole("button", { name: `#${leak.request_no} Leaking pipe` }).click();
    await page.getByRole("dialog").filter({ hasText: "Leaking pipe" }).first().waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("tab", { name: "Maintenance", exact: true }).click();

    // What the work cost: 1.5 hours at $80.00, by property, category and vendor.
    await panel.getByLabel("Report").selectOption("maintenance-cost");
    const cost = Math.floor((150 * 8_000 + 50) / 100);
    const byProperty = panel.getByRole("table", { name: "By property" });
    await byProperty.waitFor();
    // The property names the row (its header); then requests, labor, material, other, total.
    const cells = byProperty.getByRole("row", { name: /Elm Court/ }).getByRole("cell");
    expect(await cells.nth(4).textContent()).toBe(formatCents(cost));
    expect(new URL(page.url()).search).toBe("?report=maintenance-cost");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // By keyboard alone: the background run's dialog opens from its button and gives focus back on Escape.
    const runButton = panel.getByRole("button", { name: "Run in background" });
    await runButton.focus();
    await page.keyboard.press("Enter");
    const keyboardDialog = page.getByRole("dialog", { name: "Run Maintenance cost in the background" });
    await keyboardDialog.waitFor();
    await expect.poll(() => keyboardDialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await keyboardDialog.waitFor({ state: "detached" });
    await expect.poll(() => runButton.evaluate((b) => b === document.activeElement)).toBe(true);

    // Sent each month: scheduled, paused, stopped.
    await panel.getByRole("button", { name: "Run in background" }).click();
    const dialog = page.getByRole("dialog", { name: "Run Maintenance cost in the background" });
    await dialog.getByLabel("When", { exact: true }).selectOption("28");
    await dialog.getByRole("button", { name: "Schedule" }).click();
    await dialog.waitFor({ state: "detached" });
    const monthly = panel.locator("details", { hasText: "Sent each month (1)" });
    await monthly.locator("summary").click();
    const row = monthly.getByRole("row", { name: /Maintenance cost/ });
    // The report names the row; then what it is run for, the format, when it is sent, the next day.
    expect(await row.getByRole("cell").nth(2).textContent()).toBe("On the 28th of each month");
    await row.getByRole("button", { name: "Pause Maintenance cost" }).click();
    await expect.poll(() => row.getByRole("cell").nth(2).textContent()).toBe("Paused");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await row.getByRole("button", { name: "Stop sending Maintenance cost" }).click();
    await monthly.waitFor({ state: "detached" });

    // Completed on time, from a first day typed: none yet, and the span in the address.
    await panel.getByLabel("Report").selectOption("maintenance-completion");
    const from = `${today.slice(0, 7)}-01`;
    await typeDate(page, "From", from);
    await panel.getByText(`No request was completed from ${from} to ${today}.`).waitFor();
    expect(new URL(page.url()).search).toBe(
      from === `${today.slice(0, 4)}-01-01`
        ? "?report=maintenance-completion"
        : `?report=maintenance-completion&from=${from}`,
    );
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });
});
