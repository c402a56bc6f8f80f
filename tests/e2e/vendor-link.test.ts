import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { columnText } from "./grid-page.ts";
import { harborLofts } from "./harbor-lofts.ts";
import { type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";

type Rows<T> = { rows: T[] };

describe.skipIf(!hasChromium)("a request given to a vendor, worked through the vendor's emailed link", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("the manager assigns a vendor; the vendor accepts, posts an update and marks the work done on a phone", async () => {
    const owner = await e2e.signUp({ email: "vendors@example.com", company_name: "Vendor Homes" });
    const { one, orgId, propertyId, unitId } = await harborLofts(e2e, owner.email);
    await one(sql`insert into maintenance_request_numbers (organization_id, last_no) values (${orgId}, 1)`);
    const request = await one<{ id: string }>(sql`insert into maintenance_requests (organization_id, request_no,
        property_id, unit_id, category, priority, title, channel, status, due_on, permission_to_enter, entry_notes)
      values (${orgId}, 1, ${propertyId}, ${unitId}, 'plumbing', 'urgent', 'Sink leaks', 'phone', 'triaged',
        current_date + 2, true, 'Key in the lockbox') returning id`);
    await one(sql`insert into maintenance_request_events (organization_id, request_id, to_status)
      values (${orgId}, ${request.id}, 'triaged')`);
    await one(sql`insert into vendors (organization_id, name, trades, email, insurance_expires_on)
      values (${orgId}, 'Acme Plumbing', '{plumbing}', 'dispatch@acme.example', '2020-01-31')`);

    const page = await signIn(e2e, owner);
    await openFromMenu(page, "Maintenance", "All Requests");
    const grid = page.getByRole("grid", { name: "Maintenance Requests" });
    await grid.getByRole("row").filter({ hasText: "Sink leaks" }).getByRole("gridcell").first().dblclick();
    const view = page.getByRole("dialog", { name: "Request #1: Sink leaks" });
    const assign = view.getByRole("form", { name: "Assign" });
    await assign
      .getByLabel("Assigned To")
      .selectOption({ label: "Acme Plumbing · Vendor · ⚠ Insurance expired on 2020-01-31" });
    // The expired certificate is said before saving; the assignment is still allowed.
    await assign.getByText("Warning: Insurance expired on 2020-01-31. You can still assign them.").waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await assign.getByRole("button", { name: "Save Assignment" }).click();
    await view.waitFor({ state: "detached" });
    await expect.poll(() => columnText(page, "assigned_to_name")).toEqual(["Acme Plumbing"]);
    expect(await columnText(page, "status")).toEqual(["Assigned"]);

    // The vendor's email, as the outbox keeps it.
    const mailed = async () =>
      e2e.app.asSystem(async (tx) => {
        const { rows } = (await tx.execute(
          sql`select text_body from mail_outbox where to_address = 'dispatch@acme.example' order by id desc limit 1`,
        )) as unknown as Rows<{ text_body: string }>;
        return rows[0]?.text_body ?? "";
      });
    await expect.poll(mailed).toMatch(/\/vendor\/[A-Za-z0-9_-]+/);
    const token = /\/vendor\/([A-Za-z0-9_-]+)/.exec(await mailed())?.[1];

    const phone = await e2e.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`/vendor/${token}`);
    await phone.getByRole("heading", { name: "#1 Sink leaks" }).waitFor();
    await phone.getByText("Key in the lockbox").waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= 390)).toBe(true);
    expect(await axeInBothThemes(phone)).toEqual({ light: "", dark: "" });

    await phone.getByRole("button", { name: "Accept" }).click();
    await phone.getByText("Thank you: the manager knows you accepted the work.").waitFor();
    const updates = phone.getByRole("region", { name: "Updates" });
    await updates.getByRole("textbox", { name: "Your update" }).fill("Replaced the trap, testing now");
    await updates.getByRole("button", { name: "Send Update" }).click();
    await updates.getByRole("listitem").filter({ hasText: "Replaced the trap, testing now" }).waitFor();

    const done = phone.getByRole("form", { name: "Mark done" });
    await done.getByRole("textbox", { name: "What was done (optional)" }).fill("No more leak");
    await done.getByRole("button", { name: "Mark Done" }).click();
    await phone.getByText("The work is marked done; this link now only shows it.").waitFor();
    expect(await phone.getByRole("button", { name: "Mark Done" }).count()).toBe(0);
    expect(await axeInBothThemes(phone)).toEqual({ light: "", dark: "" });

    // The manager sees it completed, and who did what in its history.
    await openFromMenu(page, "Maintenance", "Closed");
    const closed = page.getByRole("grid", { name: "Closed Maintenance Requests" });
    await expect.poll(() => columnText(page, "status")).toEqual(["Completed"]);
    await closed.getByRole("row").filter({ hasText: "Sink leaks" }).getByRole("gridcell").first().dblclick();
    const after = page.getByRole("dialog", { name: "Request #1: Sink leaks" });
    const history = after.getByRole("region", { name: "Status History" });
    await history.getByText("In Progress → Completed").waitFor();
    await history.getByText("No more leak").waitFor();
    await history
      .getByText(/Acme Plumbing \(vendor\)/)
      .first()
      .waitFor();
    await after.getByRole("region", { name: "Comments" }).getByText("Replaced the trap, testing now").waitFor();
  });
});
