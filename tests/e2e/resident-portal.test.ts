import { formatCents } from "@keyholder/contracts/money";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpOf } from "../../apps/server/src/modules/two-factor/totp.ts";
import { axeInBothThemes } from "./axe.ts";
import { harborLofts, ownerApi } from "./harbor-lofts.ts";
import { type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";

const PHONE = { width: 390, height: 844 };
const PASSWORD = "Resident-Pass-42!";

describe.skipIf(!hasChromium)("the resident portal on a phone (decision 036)", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("accepts the invitation, sees the balance, signs in again, reports a problem and sees it listed", async () => {
    const owner = await e2e.signUp({ email: "manager@example.com", company_name: "Harbor Homes" });
    const { one, orgId, propertyId, unitId } = await harborLofts(e2e, owner.email);
    const tenant = await one<{
      id: string;
    }>(sql`insert into tenants (organization_id, name, first_name, last_name, email)
      values (${orgId}, 'Rosa Diaz', 'Rosa', 'Diaz', 'rosa@example.com') returning id`);

    // The manager's side, through the API: a lease, its move-in, the invitation.
    const staff = await ownerApi(e2e, owner);
    const lease = await staff("POST", "/leases", {
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
    expect((await staff("POST", `/leases/${leaseId}/move-in`, {})).statusCode).toBe(200);
    const staffLedger = (await staff("GET", `/leases/${leaseId}/ledger`)).json() as {
      balance_cents: number;
      rows: unknown[];
    };
    const balance = staffLedger.balance_cents;
    const ledgerRows = staffLedger.rows.length;
    expect(balance).toBeGreaterThan(0);
    // The manager invites Rosa from the lease's view in the workspace.
    const desk = await signIn(e2e, owner);
    await openFromMenu(desk, "Tenants", "Leases");
    await desk
      .getByRole("grid", { name: "Leases" })
      .getByRole("row")
      .filter({ hasText: "Rosa Diaz" })
      .getByRole("gridcell")
      .first()
      .dblclick();
    const view = desk.getByRole("dialog", { name: /Lease \d+: Rosa Diaz/ });
    await view.getByRole("button", { name: "Invite to Resident Portal: Rosa Diaz" }).click();
    await desk.getByText("Invitation sent to rosa@example.com").waitFor();
    await view.getByRole("cell", { name: "Invited" }).waitFor();
    const mail = await one<{ text_body: string }>(
      sql`select text_body from mail_outbox where to_address = 'rosa@example.com' order by id desc limit 1`,
    );
    const link = /\/resident\/accept\?token=[A-Za-z0-9_-]{43}/.exec(mail.text_body)?.[0] ?? "";
    expect(link).not.toBe("");

    // The resident's side, in the browser at 390 px.
    const page = await e2e.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(link);
    await page.getByText("Harbor Homes invites you, Rosa Diaz").waitFor();
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Set password and continue" }).click();
    await page.getByRole("heading", { name: "Home" }).waitFor();
    await expect.poll(() => page.getByTestId("resident-balance").textContent()).toBe(formatCents(balance));
    await page.getByText("Harbor Lofts, 4B").waitFor();
    expect(await page.getByRole("link", { name: "Download statement" }).getAttribute("href")).toBe(
      "/api/v1/resident/ledger/statement.pdf",
    );
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Two-factor sign-in, set up on Home with the key an authenticator app would read.
    const security = page.getByRole("region", { name: "Two-factor sign-in" });
    await security.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const secret = (await security.locator("code").textContent()) ?? "";
    const codeAt = (ms: number) => totpOf(secret, "").generate({ timestamp: ms });
    await security.getByLabel("Authentication code").fill(codeAt(Date.now()));
    await security.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await security.getByRole("button", { name: "Turn on", exact: true }).click();
    // Ten recovery codes, shown once.
    const codeList = security.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect.poll(() => codeList.count()).toBe(10);
    const recoveryCodes = await codeList.allTextContents();
    await security.getByRole("button", { name: "I saved them" }).click();
    await security.getByText("On: signing in also asks for a code").waitFor();
    await security.getByText("Recovery codes left: 10").waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in to your resident portal" }).waitFor();
    await page.getByLabel("Email").fill("rosa@example.com");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The next time step's code: the one that turned it on is spent.
    await page.getByLabel("Authentication code").fill(codeAt(Date.now() + 30_000));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Home" }).waitFor();

    // The whole ledger: every row the staff's ledger has, the balance after each.
    const nav = page.getByRole("navigation", { name: "Resident portal" });
    await nav.getByRole("link", { name: "Ledger" }).click();
    await page.getByRole("heading", { name: "Ledger", level: 1 }).waitFor();
    const rows = page.getByRole("table").getByRole("row");
    await expect.poll(() => rows.count()).toBe(ledgerRows + 1);
    expect(await rows.nth(1).getByRole("cell").last().textContent()).toBe(formatCents(balance));
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    await page.getByRole("navigation", { name: "Resident portal" }).getByRole("link", { name: "Maintenance" }).click();
    await page.getByRole("heading", { name: "Maintenance", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Report a problem" }).click();
    const form = page.getByRole("region", { name: "Report a problem" });
    await form.getByRole("button", { name: "Send request" }).click();
    await form.getByText("Say in a few words what is wrong").waitFor();
    await form.getByLabel("What is wrong?").fill("Bathroom fan is loud");
    await form.getByLabel("Category").selectOption({ label: "Electrical" });
    await form.getByLabel("How urgent is it?").selectOption("urgent");
    await form.getByLabel("Where in your home?").fill("Bathroom");
    // By keyboard, as on the workspace's form.
    const enter = form.getByRole("checkbox", { name: "Maintenance may enter when I am not home" });
    await enter.focus();
    await page.keyboard.press("Space");
    expect(await enter.isChecked()).toBe(true);
    // With a photo (a small PNG made here), added to the request once it is created.
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer();
    await form.locator('input[type="file"]').setInputFiles({ name: "fan.png", mimeType: "image/png", buffer: png });
    await form.getByRole("list", { name: "Photos to send" }).getByText("fan.png").waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await form.getByRole("button", { name: "Send request" }).click();
    await page.getByText("Your request 1 was sent.").waitFor();
    const listed = page.getByRole("list", { name: "Your requests" }).getByRole("listitem");
    await expect.poll(() => listed.count()).toBe(1);
    expect(await listed.first().textContent()).toContain("Bathroom fan is loud");
    expect(await listed.first().textContent()).toContain("New");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The request reached the workspace as the resident's, on their lease.
    const saved = await one<{ channel: string; lease_id: string; permission_to_enter: boolean }>(
      sql`select channel, lease_id, permission_to_enter from maintenance_requests where organization_id = ${orgId}`,
    );
    expect(saved).toEqual({ channel: "resident_portal", lease_id: leaseId, permission_to_enter: true });

    // The staff write on it: one message for the resident, one internal.
    const requestId = (
      await one<{ id: string }>(sql`select id from maintenance_requests where organization_id = ${orgId}`)
    ).id;
    for (const [body, visibility] of [
      ["An electrician comes Friday", "resident"],
      ["Check the breaker panel first", "internal"],
    ]) {
      const res = await staff("POST", `/maintenance-requests/${requestId}/comments`, { body, visibility });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The resident opens the request from the list: the photo's thumbnail, the shared message only.
    await listed.first().getByRole("link", { name: "Bathroom fan is loud" }).click();
    await page.getByRole("heading", { name: /Bathroom fan is loud/, level: 1 }).waitFor();
    const thumbnail = page.getByRole("list", { name: "Photos of the request" }).getByRole("img", { name: /^Photo 1/ });
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);
    const messages = page.getByRole("list", { name: "Messages" });
    await messages.getByText("An electrician comes Friday").waitFor();
    expect(await page.getByText("Check the breaker panel first").count()).toBe(0);
    await page.getByRole("listitem").getByText("Received").waitFor();
    // A reply by keyboard.
    await page.getByLabel("Write a message").fill("Friday is fine");
    await page.getByLabel("Write a message").focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await messages.getByText("Friday is fine").waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Without the phone: a saved recovery code signs in once, and one fewer is left.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("Email").fill("rosa@example.com");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Home" }).waitFor();
    await security.getByText("Recovery codes left: 9").waitFor();
  });
});
