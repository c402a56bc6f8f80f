import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";

type Rows<T> = { rows: T[] };

describe.skipIf(!hasChromium)("a maintenance request's work orders in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("assigning a vendor makes a work order with its instructions and limit; they are edited and the link resent, at phone width", async () => {
    const owner = await e2e.signUp({ email: "orders@example.com", company_name: "Order Homes" });
    await e2e.app.asSystem(async (tx) => {
      const one = async <T>(q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as Rows<T>).rows[0] as T;
      const org = await one<{ id: string }>(
        sql`select organization_id as id from users where username = ${owner.email.toLowerCase()}`,
      );
      const property = await one<{ id: string }>(sql`insert into properties (organization_id, name, property_type_id)
        values (${org.id}, 'Harbor Lofts', (select id from property_types order by id limit 1)) returning id`);
      await tx.execute(sql`insert into vendors (organization_id, name, trades, email, insurance_expires_on)
        values (${org.id}, 'Blue Line Plumbing', '{plumbing}', 'blueline@example.com', current_date + 365)`);
      await tx.execute(sql`insert into maintenance_request_numbers (organization_id, last_no) values (${org.id}, 1)`);
      const request = await one<{ id: string }>(sql`insert into maintenance_requests (organization_id, request_no,
          property_id, category, priority, title, channel, status, due_on)
        values (${org.id}, 1, ${property.id}, 'plumbing', 'normal', 'Sink leaks', 'phone', 'triaged', current_date + 7)
        returning id`);
      await tx.execute(sql`insert into maintenance_request_events (organization_id, request_id, to_status)
        values (${org.id}, ${request.id}, 'triaged')`);
    });
    const page = await signIn(e2e, owner);
    await openFromMenu(page, "Maintenance", "All Requests");
    const grid = page.getByRole("grid", { name: "Maintenance Requests" });
    const open = async () => {
      await grid.getByRole("row").filter({ hasText: "Sink leaks" }).getByRole("gridcell").first().dblclick();
      return page.getByRole("dialog", { name: "Request #1: Sink leaks" });
    };
    let view = await open();
    await view.getByRole("region", { name: "Work orders" }).getByText("None yet", { exact: false }).waitFor();
    const assign = view.getByRole("form", { name: "Assign" });
    await assign.getByLabel("Assigned To").selectOption({ label: "Blue Line Plumbing · Vendor" });
    // A new assignee's order gets its terms on the Assign form.
    await assign.getByLabel("Work Order Instructions").fill("Find the leak and quote the repair");
    await assign.getByLabel("Not to Exceed ($)").fill("180");
    await assign.getByRole("button", { name: "Save Assignment" }).click();
    await view.waitFor({ state: "detached" });

    await page.setViewportSize({ width: 390, height: 844 });
    view = await open();
    const orders = view.getByRole("region", { name: "Work orders" });
    const order = orders.getByRole("listitem", { name: "WO 1-1, Blue Line Plumbing" });
    await order.getByText("Open", { exact: true }).waitFor();
    await order.getByText("Find the leak and quote the repair").waitFor();
    await order.getByText("$180.00").waitFor();

    await order.getByRole("button", { name: "Edit WO 1-1" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit WO 1-1" });
    await dialog.getByLabel("Instructions").fill("Replace the supply line under the kitchen sink");
    await dialog.getByLabel("Not to Exceed ($)").fill("250");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await dialog.getByRole("button", { name: "Save Work Order" }).click();
    await dialog.waitFor({ state: "detached" });
    await order.getByText("Replace the supply line under the kitchen sink").waitFor();
    await order.getByText("$250.00").waitFor();

    await order.getByRole("button", { name: "Resend link for WO 1-1 to Blue Line Plumbing" }).click();
    await orders.getByText("A new link was emailed to Blue Line Plumbing; the old one no longer works.").waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    // The section fits the phone: nothing scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
