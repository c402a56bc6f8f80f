import { randomUUID } from "node:crypto";
import { monthName } from "@keyholder/contracts/civil-date";
import { leaseLedgerSchema } from "@keyholder/contracts/lease-ledger";
import { formatCents } from "@keyholder/contracts/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { type E2e, hasChromium, openFromMenu, startE2e } from "./harness.ts";
import { organizationWithLease } from "./lease-setup.ts";

describe.skipIf(!hasChromium)("Accounting > P&L in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("shows a month's income charged, then as collected on the cash basis, beside the month before, and a balance sheet that balances", async () => {
    const { page, api, leaseId, start, rent } = await organizationWithLease(e2e, "pandl");
    // $500 of the first month's rent paid in that month.
    const cookie = (await page.context().cookies()).find((c) => c.name === "kh_session")?.value ?? "";
    const ledger = leaseLedgerSchema.parse(
      (
        await e2e.app.inject({
          method: "GET",
          url: `/api/v1/leases/${leaseId}/ledger`,
          cookies: { kh_session: cookie },
        })
      ).json(),
    );
    const rentCharge = ledger.open_charges.find((c) => c.posted_on === start && c.amount_cents === rent);
    expect(rentCharge, JSON.stringify(ledger.open_charges)).toBeDefined();
    const paid = 50_000;
    await api(`/leases/${leaseId}/payments`, {
      idempotency_key: randomUUID(),
      method: "check",
      received_on: start,
      amount_cents: paid,
      allocations: [{ entry_id: rentCharge?.entry_id, line_no: rentCharge?.line_no, amount_cents: paid }],
    });

    await openFromMenu(page, "Accounting", "P&L");
    const panel = page.getByRole("tabpanel", { name: "P&L" });
    await panel.getByLabel("From").selectOption(start);
    await panel.getByLabel("To").selectOption(start);
    const table = panel.getByRole("table", { name: "Profit and loss" });
    const cell = async (row: RegExp | string, n = 0) =>
      (await table.getByRole("row", { name: row }).getByRole("cell").nth(n).textContent()) ?? "";
    await expect.poll(() => cell(/Rent/)).toBe(formatCents(rent));
    expect(await cell("Total income")).toBe(formatCents(rent));
    // The month before the lease began: nothing, so the change is all of it.
    expect(await cell("Total income", 1)).toBe(formatCents(0));
    expect(await cell("Total income", 2)).toBe(formatCents(rent));
    await expect
      .poll(() => panel.getByRole("status").textContent())
      .toBe(`Net income ${monthName(start)}: ${formatCents(rent)} (accrual basis)`);

    await panel.getByLabel("Basis").selectOption("cash");
    await expect.poll(() => cell("Total income")).toBe(formatCents(paid));
    expect(await panel.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toContain("basis=cash");
    // Set out by month: the month's own column, then the period's total beside the month before.
    await panel.getByLabel("Set out").selectOption("month");
    await table.getByRole("columnheader", { name: monthName(start) }).waitFor();
    expect(await cell("Total income")).toBe(formatCents(paid));
    expect(await cell("Total income", 1)).toBe(formatCents(paid));
    expect(await panel.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toContain("columns=month");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // The balance sheet today: the tenant owes the rent and deposit less what was paid, and it balances.
    await openFromMenu(page, "Accounting", "General Ledger");
    const ledgerPanel = page.getByRole("tabpanel", { name: "General Ledger" });
    const sheet = ledgerPanel.getByRole("table", { name: /^Balance sheet as of/ });
    const line = async (name: string) => (await sheet.getByRole("row", { name }).getByRole("cell").textContent()) ?? "";
    await expect.poll(() => line("Total assets")).not.toBe("");
    expect(await line("Total liabilities and equity")).toBe(await line("Total assets"));
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });
});
