import { formatCents } from "@keyholder/contracts/money";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { harborLofts } from "./harbor-lofts.ts";
import { type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";

describe.skipIf(!hasChromium)("a maintenance request's costs in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("adds lines, holds the request over its limit, and bills the resident once", async () => {
    const owner = await e2e.signUp({ email: "costs@example.com", company_name: "Cost Homes" });
    const { one, orgId, propertyId, unitId } = await harborLofts(e2e, owner.email);
    const tenant = await one<{ id: string }>(sql`insert into tenants (organization_id, name, status)
      values (${orgId}, 'Maria Lopez', 'current') returning id`);
    const lease = await one<{ id: string }>(sql`insert into leases (organization_id, property_id, status, term,
        start_date, tenant_names, unit_names, property_name)
      values (${orgId}, ${propertyId}, 'active', 'month_to_month', '2026-01-01', 'Maria Lopez', '4B', 'Harbor Lofts')
      returning id`);
    await one(sql`insert into lease_parties (organization_id, lease_id, tenant_id, property_id, role)
      values (${orgId}, ${lease.id}, ${tenant.id}, ${propertyId}, 'primary')`);
    await one(sql`insert into lease_units (organization_id, lease_id, property_id, unit_id, starts_on)
      values (${orgId}, ${lease.id}, ${propertyId}, ${unitId}, '2026-01-01')`);
    await one(sql`insert into maintenance_request_numbers (organization_id, last_no) values (${orgId}, 1)`);
    const request = await one<{ id: string }>(sql`insert into maintenance_requests (organization_id, request_no,
        property_id, unit_id, category, priority, title, channel, status, due_on, lease_id, tenant_id)
      values (${orgId}, 1, ${propertyId}, ${unitId}, 'plumbing', 'normal', 'Sink leaks', 'phone', 'triaged',
        current_date + 7, ${lease.id}, ${tenant.id}) returning id`);
    await one(sql`insert into maintenance_request_events (organization_id, request_id, to_status)
      values (${orgId}, ${request.id}, 'triaged')`);
    const page = await signIn(e2e, owner);
    await openFromMenu(page, "Maintenance", "All Requests");
    const grid = page.getByRole("grid", { name: "Maintenance Requests" });
    await grid.getByRole("row").filter({ hasText: "Sink leaks" }).getByRole("gridcell").first().dblclick();
    const view = page.getByRole("dialog", { name: "Request #1: Sink leaks" });
    const costs = view.getByRole("region", { name: "Costs" });
    await costs.getByText("No costs yet.").waitFor();

    const limits = costs.getByRole("form", { name: "Cost limits" });
    await limits.getByLabel("Not to Exceed ($)").fill("100");
    await limits.getByRole("button", { name: "Save Limits" }).click();
    await costs.getByText("$100.00").waitFor();

    const addLine = async (o: {
      kind?: string;
      description: string;
      quantity: string;
      rate: string;
      billable?: boolean;
    }) => {
      await costs.getByRole("button", { name: "Add Cost" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Cost" });
      if (o.kind) await dialog.getByLabel("Kind").selectOption({ label: o.kind });
      await dialog.getByLabel("Description").fill(o.description);
      await dialog.getByLabel("Quantity").fill(o.quantity);
      await dialog.getByLabel("Rate ($)").fill(o.rate);
      if (o.billable) await dialog.getByText("Billable to the resident").click();
      return dialog;
    };
    // 1.5 h × $85.00 = $127.50, over the $100.00 limit: the request goes on hold, said in the history.
    const labor = Math.floor((150 * 8_500 + 50) / 100);
    const first = await addLine({ description: "Plumber", quantity: "1.5", rate: "85" });
    await first.getByText(formatCents(labor)).waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await first.getByRole("button", { name: "Save Cost" }).click();
    await first.waitFor({ state: "detached" });
    await costs
      .getByText("The costs exceed the not-to-exceed amount: the request is now On Hold for approval.")
      .waitFor();
    const history = view.getByRole("region", { name: "Status History" });
    await history.getByText("Triaged → On Hold").waitFor();
    await history.getByText("Costs $127.50 exceed the not-to-exceed amount of $100.00: approval needed").waitFor();

    const trap = Math.floor((300 * 1_233 + 50) / 100);
    const second = await addLine({
      kind: "Material",
      description: "P-trap",
      quantity: "3",
      rate: "12.33",
      billable: true,
    });
    await second.getByRole("button", { name: "Save Cost" }).click();
    await second.waitFor({ state: "detached" });
    await costs.getByRole("rowheader", { name: "P-trap" }).waitFor();
    await costs.getByText(formatCents(labor + trap)).waitFor();

    await costs.getByRole("button", { name: "Bill to Resident" }).click();
    const confirm = page.getByRole("dialog", { name: "Bill to Resident" });
    await confirm.getByText(`Post a charge of ${formatCents(trap)} to Lease`, { exact: false }).waitFor();
    expect(await confirm.textContent()).toContain("(Maria Lopez)");
    await confirm.getByRole("button", { name: `Bill ${formatCents(trap)}` }).click();
    await costs.getByText(new RegExp(`^Billed \\${formatCents(trap)} on`)).waitFor();
    expect(await costs.getByRole("button", { name: "Bill to Resident" }).count()).toBe(0);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // The plumber's invoice for the work, from the same costs: entered once, named on each line.
    await one(sql`insert into vendors (organization_id, name) values (${orgId}, 'Drain Kings') returning id`);
    await costs.getByRole("button", { name: "Enter Vendor Bill" }).click();
    const billing = page.getByRole("dialog", { name: "Enter Vendor Bill: Request #1" });
    await billing.getByRole("combobox", { name: "Vendor" }).fill("Drain");
    await page.getByRole("option", { name: "Drain Kings" }).click();
    await billing.getByLabel("Vendor's invoice number").fill("PL-9");
    expect(await billing.getByLabel("Expense account").locator("option:checked").textContent()).toBe(
      "5400 Repairs and Maintenance",
    );
    await billing.getByText(`P-trap: ${formatCents(trap)}`).click();
    await expect
      .poll(() => billing.getByRole("status", { name: "Bill total" }).textContent())
      .toBe(`Total ${formatCents(labor)}`);
    await billing.getByText(`P-trap: ${formatCents(trap)}`).click();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await billing.getByRole("button", { name: `Enter Bill ${formatCents(labor + trap)}` }).click();
    await costs.getByText(`Bill PL-9 of ${formatCents(labor + trap)} from Drain Kings entered`).waitFor();
    const lines = costs.getByRole("table", { name: "Cost lines" });
    await expect.poll(() => lines.getByRole("row", { name: /^Plumber/ }).textContent()).toContain("Drain Kings PL-9");
    expect(await lines.getByRole("row", { name: /^P-trap/ }).textContent()).toContain("Drain Kings PL-9");
    expect(await costs.getByRole("button", { name: "Enter Vendor Bill" }).count()).toBe(0);
  });
});
