import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { formatCents } from "@keyholder/contracts/money";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { columnText } from "./grid-page.ts";
import { harborLofts, ownerApi } from "./harbor-lofts.ts";
import { type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";

const PHONE = { width: 390, height: 844 };
const PASSWORD = "Resident-Flow-42!";
const TITLE = "Water leaking under the kitchen sink";

describe.skipIf(!hasChromium)("a maintenance request from the resident's report to the bill (issue 28)", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("the resident reports a leak on a phone; the manager assigns a vendor, who does the work through the link; the resident sees it done and billed", async () => {
    const owner = await e2e.signUp({ email: "flow@example.com", company_name: "Harbor Homes" });
    const { one, orgId, propertyId, unitId } = await harborLofts(e2e, owner.email);
    const tenant = await one<{
      id: string;
    }>(sql`insert into tenants (organization_id, name, first_name, last_name, email)
      values (${orgId}, 'Rosa Diaz', 'Rosa', 'Diaz', 'rosa@example.com') returning id`);
    await one(sql`insert into vendors (organization_id, name, trades, email, insurance_expires_on)
      values (${orgId}, 'Blue Line Plumbing', '{plumbing}', 'dispatch@blueline.example.com', '2099-12-31') returning id`);

    // The manager's setup through the API: the lease, its move-in, Rosa's invitation, which she accepts.
    const api = await ownerApi(e2e, owner);
    const lease = await api("POST", "/leases", {
      property_id: propertyId,
      units: [{ unit_id: Number(unitId) }],
      parties: [{ tenant_id: tenant.id, role: "primary" }],
      term: "fixed",
      start_date: "2026-06-15",
      end_date: "2027-06-14",
      rent_cents: 125_000,
      deposit_cents: 60_000,
    });
    expect(lease.statusCode, lease.body).toBe(201);
    const leaseId = lease.json().lease.id as string;
    expect((await api("POST", `/leases/${leaseId}/move-in`, {})).statusCode).toBe(200);
    const before = ((await api("GET", `/leases/${leaseId}/ledger`)).json() as { balance_cents: number }).balance_cents;
    const invited = await api("POST", `/leases/${leaseId}/resident-invitations`, { tenant_id: tenant.id });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await one<{ text_body: string }>(
      sql`select text_body from mail_outbox where to_address = 'rosa@example.com' order by id desc limit 1`,
    );
    const token = /resident\/accept\?token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1] ?? "";
    const accepted = await e2e.app.inject({
      method: "POST",
      url: "/api/v1/resident/accept",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { token, password: PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // The resident signs in on a phone and reports the leak.
    const phone = await e2e.newPage();
    await phone.setViewportSize(PHONE);
    await phone.goto("/resident/sign-in");
    await phone.getByRole("heading", { name: "Sign in to your resident portal" }).waitFor();
    await phone.getByLabel("Email").fill("rosa@example.com");
    await phone.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await phone.getByRole("button", { name: "Sign in" }).click();
    await phone.getByRole("heading", { name: "Home" }).waitFor();
    await expect.poll(() => phone.getByTestId("resident-balance").textContent()).toBe(formatCents(before));
    const nav = phone.getByRole("navigation", { name: "Resident portal" });
    await nav.getByRole("link", { name: "Maintenance" }).click();
    await phone.getByRole("heading", { name: "Maintenance", level: 1 }).waitFor();
    await phone.getByRole("button", { name: "Report a problem" }).click();
    const form = phone.getByRole("region", { name: "Report a problem" });
    await form.getByLabel("What is wrong?").fill(TITLE);
    await form.getByLabel("Category").selectOption({ label: "Plumbing" });
    await form.getByLabel("How urgent is it?").selectOption("urgent");
    await form.getByLabel("Where in your home?").fill("Kitchen");
    // With a photo of the leak (a small PNG made here).
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#0e7490" } })
      .png()
      .toBuffer();
    await form.locator('input[type="file"]').setInputFiles({ name: "leak.png", mimeType: "image/png", buffer: png });
    await form.getByRole("list", { name: "Photos to send" }).getByText("leak.png").waitFor();
    await form.getByRole("button", { name: "Send request" }).click();
    await phone.getByText("Your request 1 was sent.").waitFor();
    const listed = phone.getByRole("list", { name: "Your requests" }).getByRole("listitem");
    await expect.poll(() => listed.first().textContent()).toContain("New");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The manager, at a desk, triages it and gives it to the vendor.
    const desk = await signIn(e2e, owner);
    await openFromMenu(desk, "Maintenance", "All Requests");
    const grid = desk.getByRole("grid", { name: "Maintenance Requests" });
    const openRequest = async (within = grid) => {
      await within.getByRole("row").filter({ hasText: TITLE }).getByRole("gridcell").first().dblclick();
      return desk.getByRole("dialog", { name: `Request #1: ${TITLE}` });
    };
    let view = await openRequest();
    // The resident's photo is on the request, its thumbnail served through the manager's session.
    const thumb = view.getByRole("link", { name: "Open Photo 1 full size" }).getByRole("img");
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const change = view.getByRole("form", { name: "Change status" });
    await change.getByLabel("New Status").selectOption({ label: "Triaged" });
    await change.getByLabel("Note").fill("Asked Rosa to keep a bucket under it");
    await change.getByRole("button", { name: "Change Status" }).click();
    await view.waitFor({ state: "detached" });
    await expect.poll(() => columnText(desk, "status")).toEqual(["Triaged"]);
    view = await openRequest();
    const assign = view.getByRole("form", { name: "Assign" });
    await assign.getByLabel("Assigned To").selectOption({ label: "Blue Line Plumbing · Vendor" });
    await assign.getByRole("button", { name: "Save Assignment" }).click();
    await view.waitFor({ state: "detached" });
    await expect.poll(() => columnText(desk, "assigned_to_name")).toEqual(["Blue Line Plumbing"]);
    expect(await columnText(desk, "status")).toEqual(["Assigned"]);

    // The vendor opens the emailed link on a phone, accepts and marks the work done.
    const vendorMail = async () =>
      (
        await one<{ text_body: string } | undefined>(
          sql`select text_body from mail_outbox where to_address = 'dispatch@blueline.example.com' order by id desc limit 1`,
        )
      )?.text_body ?? "";
    await expect.poll(vendorMail).toMatch(/\/vendor\/[A-Za-z0-9_-]+/);
    const vendorToken = /\/vendor\/([A-Za-z0-9_-]+)/.exec(await vendorMail())?.[1];
    const vendor = await e2e.newPage();
    await vendor.setViewportSize(PHONE);
    await vendor.goto(`/vendor/${vendorToken}`);
    await vendor.getByRole("heading", { name: `#1 ${TITLE}` }).waitFor();
    // The resident's photo is shared with the vendor.
    const shared = vendor.getByRole("region", { name: "Photos" }).getByRole("img");
    await expect.poll(() => shared.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await vendor.getByRole("button", { name: "Accept" }).click();
    await vendor.getByText("Thank you: the manager knows you accepted the work.").waitFor();

    // While the work is open, the manager adds the part as a billable cost line: 2 × $37.45.
    const billed = Math.floor((200 * 3_745 + 50) / 100);
    view = await openRequest();
    const costs = view.getByRole("region", { name: "Costs" });
    await costs.getByRole("button", { name: "Add Cost" }).click();
    const line = desk.getByRole("dialog", { name: "Add Cost" });
    await line.getByLabel("Kind").selectOption({ label: "Material" });
    await line.getByLabel("Description").fill("Braided supply line");
    await line.getByLabel("Quantity").fill("2");
    await line.getByLabel("Rate ($)").fill("37.45");
    await line.getByText("Billable to the resident").click();
    await line.getByText(formatCents(billed)).waitFor();
    await line.getByRole("button", { name: "Save Cost" }).click();
    await line.waitFor({ state: "detached" });
    await costs.getByRole("rowheader", { name: "Braided supply line" }).waitFor();
    await desk.keyboard.press("Escape");
    await view.waitFor({ state: "detached" });

    // The vendor marks the work done.
    const done = vendor.getByRole("form", { name: "Mark done" });
    await done.getByRole("textbox", { name: "What was done (optional)" }).fill("Replaced the supply line");
    await done.getByRole("button", { name: "Mark Done" }).click();
    await vendor.getByText("The work is marked done; this link now only shows it.").waitFor();
    expect(await vendor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeInBothThemes(vendor)).toEqual({ light: "", dark: "" });

    // Once it is done, the manager bills the resident from the closed request.
    await openFromMenu(desk, "Maintenance", "Closed");
    const closed = desk.getByRole("grid", { name: "Closed Maintenance Requests" });
    await expect.poll(() => columnText(desk, "status")).toEqual(["Completed"]);
    view = await openRequest(closed);
    await view.getByRole("region", { name: "Status History" }).getByText("In Progress → Completed").waitFor();
    const billing = view.getByRole("region", { name: "Costs" });
    await billing.getByRole("rowheader", { name: "Braided supply line" }).waitFor();
    await billing.getByRole("button", { name: "Bill to Resident" }).click();
    const confirm = desk.getByRole("dialog", { name: "Bill to Resident" });
    await confirm.getByRole("button", { name: `Bill ${formatCents(billed)}` }).click();
    await billing.getByText(new RegExp(`^Billed \\${formatCents(billed)} on`)).waitFor();

    // The resident sees the request completed, and the charge on the ledger and in the balance.
    await phone.reload();
    await phone.getByRole("heading", { name: "Maintenance", level: 1 }).waitFor();
    await expect.poll(() => listed.first().textContent()).toContain("Completed");
    expect(await listed.first().textContent()).toContain(TITLE);
    expect(await axeInBothThemes(phone)).toEqual({ light: "", dark: "" });
    await nav.getByRole("link", { name: "Ledger" }).click();
    await phone.getByRole("heading", { name: "Ledger", level: 1 }).waitFor();
    await phone
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: formatCents(billed) })
      .first()
      .waitFor();
    await nav.getByRole("link", { name: "Home" }).click();
    await phone.getByRole("heading", { name: "Home" }).waitFor();
    await expect.poll(() => phone.getByTestId("resident-balance").textContent()).toBe(formatCents(before + billed));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
