import { formatCents } from "@keyholder/contracts/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { type E2e, hasChromium, openFromMenu, startE2e } from "./harness.ts";
import { organizationWithLease } from "./lease-setup.ts";

describe.skipIf(!hasChromium)("Moving a tenant out in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  /** An organization with one lease moved in two months ago ($1,500 deposit, $1,200 rent, all paid but $200), signed in. */
  async function organizationWithPaidLease(name: string) {
    const lease = await organizationWithLease(e2e, name);
    // Paid all of it but $200.00.
    const unpaid = 20_000;
    await lease.api(`/leases/${lease.leaseId}/payments`, {
      idempotency_key: "e2e-payment",
      method: "check",
      received_on: lease.start,
      amount_cents: lease.rent + lease.deposit - unpaid,
    });
    return { ...lease, unpaid };
  }

  it("moves a lease out with a damage charge, shows the deposit arithmetic and downloads the deposit statement", async () => {
    const { page, deposit, unpaid } = await organizationWithPaidLease("moveout");
    await openFromMenu(page, "Tenants", "Leases");
    const grid = page.getByRole("grid", { name: "Leases" });
    await grid.getByRole("row").filter({ hasText: "Dana Mover" }).getByRole("gridcell").first().dblclick();
    const view = page.getByRole("dialog", { name: /Lease \d+: Dana Mover/ });
    await view.getByRole("button", { name: "Move Out" }).click();

    const form = view.getByRole("form", { name: "Move Out" });
    const arithmetic = form.getByRole("table", { name: "Deposit arithmetic" });
    const figure = async (label: string) =>
      (await arithmetic
        .getByRole("row", { name: new RegExp(`^${label}`) })
        .getByRole("cell")
        .textContent()) ?? "";
    await arithmetic.waitFor();
    expect(await figure("Deposit held")).toBe(formatCents(deposit));
    expect(await figure("Owed before move-out")).toBe(formatCents(unpaid));

    await form.getByLabel("Forwarding Address").fill("12 Elm Street, Springfield, IL 62704");
    await form.getByRole("button", { name: "Add Final Charge" }).click();
    await form.getByLabel("Charge 1", { exact: true }).fill("Carpet damage");
    await form.getByLabel("Charge 1 Amount ($)").fill("400");
    const damages = 40_000;
    const refund = deposit - damages - unpaid;
    // As typed, in cents: $1,500.00 - $400.00 - $200.00 = $900.00.
    await expect.poll(() => figure("Refund")).toBe(formatCents(refund));
    expect(await figure("Deposit applied")).toBe(formatCents(damages + unpaid));
    expect(await figure("Still owed")).toBe(formatCents(0));
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    await form.getByRole("button", { name: "Move Out" }).click();
    await page
      .getByText(`Moved out: ${formatCents(refund)} refunded`)
      .first()
      .waitFor();
    const link = view.getByRole("link", { name: "Download Deposit Statement (PDF)" });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^deposit-statement-lease-\d+\.pdf$/);
    const path = await download.path();
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(path).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await view.getByText("Ended").count()).toBeGreaterThan(0);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });

  it("records a notice, offers a renewal by a percent and accepts it, and offers renewals in bulk", async () => {
    const { page, leaseId, rent } = await organizationWithPaidLease("renewco");
    await openFromMenu(page, "Tenants", "Leases");
    const grid = page.getByRole("grid", { name: "Leases" });
    await grid.getByRole("row").filter({ hasText: "Dana Mover" }).getByRole("gridcell").first().dblclick();
    const view = page.getByRole("dialog", { name: /Lease \d+: Dana Mover/ });

    await view.getByRole("button", { name: "Record Notice" }).click();
    const notice = view.getByRole("form", { name: "Record Notice" });
    await notice.getByRole("button", { name: "Record Notice" }).click();
    await page
      .getByText(/^Notice recorded: moving out/)
      .first()
      .waitFor();
    await view.getByRole("button", { name: "Withdraw Notice" }).waitFor();

    await view.getByRole("button", { name: "Offer Renewal" }).click();
    const offer = view.getByRole("form", { name: "Offer Renewal" });
    // 12 months at 3% by default: $1,200.00 x 1.03 = $1,236.00.
    const renewed = Math.floor((rent * 103 + 5_000) / 10_000) * 100;
    await offer.getByText(formatCents(renewed)).waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await offer.getByRole("button", { name: "Offer Renewal" }).click();
    const offers = view.getByRole("region", { name: "Renewal offers" });
    await offers.getByRole("button", { name: "Accept" }).click();
    await page
      .getByText(/^Renewal accepted/)
      .first()
      .waitFor();
    await view.getByRole("button", { name: "Record Notice" }).waitFor();
    const lease = await e2e.app.inject({
      method: "GET",
      url: `/api/v1/leases/${leaseId}`,
      cookies: { kh_session: (await page.context().cookies()).find((c) => c.name === "kh_session")?.value ?? "" },
    });
    const saved = lease.json().lease as {
      status: string;
      move_out_date: string | null;
      recurring_charges: { amount_cents: number }[];
    };
    expect(saved.status).toBe("active");
    expect(saved.move_out_date).toBeNull();
    expect(saved.recurring_charges.map((c) => c.amount_cents)).toEqual([rent, renewed]);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    await view.getByRole("button", { name: "Close" }).first().click();
    await page.getByRole("button", { name: "Offer Renewals..." }).click();
    const bulk = page.getByRole("dialog", { name: "Offer Renewals" });
    await bulk.getByLabel("Leases Ending Within").selectOption("120");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await bulk.getByRole("button", { name: "Offer Renewals" }).click();
    // The lease ends in more than 120 days now (renewed): no offer.
    await bulk.getByText("0 renewal offers made.").waitFor();
  });
});
