import { authMessages } from "@keyholder/contracts/auth";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { passwordResetMessages } from "@keyholder/contracts/password-reset";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { harborLofts, ownerApi } from "./harbor-lofts.ts";
import { type E2e, hasChromium, startE2e } from "./harness.ts";

const PHONE = { width: 390, height: 844 };
const PASSWORD = "Resident-Pass-42!";
const NEW_PASSWORD = "Resident-New-Pass-43!";

describe.skipIf(!hasChromium)("a resident who forgot their password and rents twice, on a phone (decision 036)", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("asks for a link from the sign-in page, sets a new password through it, signs in and switches lease", async () => {
    const owner = await e2e.signUp({ email: "manager@example.com", company_name: "Harbor Homes" });
    const { one, orgId, propertyId, unitId } = await harborLofts(e2e, owner.email);
    const tenant = await one<{
      id: string;
    }>(sql`insert into tenants (organization_id, name, first_name, last_name, email)
      values (${orgId}, 'Rosa Diaz', 'Rosa', 'Diaz', 'rosa@example.com') returning id`);
    const staff = await ownerApi(e2e, owner);
    const lease = await staff("POST", "/leases", {
      property_id: propertyId,
      units: [{ unit_id: Number(unitId) }],
      parties: [{ tenant_id: tenant.id, role: "primary" }],
      term: "fixed",
      start_date: "2026-06-15",
      end_date: "2027-06-14",
      rent_cents: 125_000,
    });
    expect(lease.statusCode, lease.body).toBe(201);
    const leaseId = lease.json().lease.id as string;
    expect((await staff("POST", `/leases/${leaseId}/resident-invitations`, { tenant_id: tenant.id })).statusCode).toBe(
      201,
    );
    const invitation = await one<{ text_body: string }>(
      sql`select text_body from mail_outbox where to_address = 'rosa@example.com' order by id desc limit 1`,
    );
    const token = /resident\/accept\?token=([A-Za-z0-9_-]{43})/.exec(invitation.text_body)?.[1] ?? "";
    const accepted = await e2e.app.inject({
      method: "POST",
      url: "/api/v1/resident/accept",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { token, password: PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);

    const page = await e2e.newPage();
    await page.setViewportSize(PHONE);
    await page.goto("/resident/sign-in");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Reset your resident portal password" }).waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await page.getByLabel("Email").fill("rosa@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText(passwordResetMessages.sent).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    let link = "";
    await expect
      .poll(async () => {
        const mail = await one<{ text_body: string } | undefined>(
          sql`select text_body from mail_outbox where to_address = 'rosa@example.com'
            and subject = 'Reset your resident portal password' order by id desc limit 1`,
        );
        link = /\/resident\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mail?.text_body ?? "")?.[0] ?? "";
        return link;
      })
      .not.toBe("");
    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill("Something-Else-1!");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText(authMessages.confirmMismatch).waitFor();
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText("Your password has been changed").waitFor();
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill("rosa@example.com");
    await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Home" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Rosa rents a second home of Harbor Homes: the portal lets her pick the lease, and keeps it.
    const unit5c = await one<{ unit_id: number }>(sql`insert into units (organization_id, property_id, unit_number)
      values (${orgId}, ${propertyId}, '5C') returning unit_id`);
    const second = await staff("POST", "/leases", {
      property_id: propertyId,
      units: [{ unit_id: Number(unit5c.unit_id) }],
      parties: [{ tenant_id: tenant.id, role: "primary" }],
      term: "fixed",
      start_date: "2026-09-01",
      end_date: "2027-08-31",
      rent_cents: 99_000,
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json().lease.id as string;
    await page.reload();
    const switcher = page.getByLabel("Lease", { exact: true });
    await switcher.waitFor();
    // The newer lease is the current one; the first is a choice away.
    await page.getByText("Harbor Lofts, 5C", { exact: true }).waitFor();
    await switcher.selectOption(leaseId);
    await page.getByText("Harbor Lofts, 4B", { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get("lease")).toBe(leaseId);
    expect(await page.getByRole("link", { name: "Download statement" }).getAttribute("href")).toBe(
      `/api/v1/resident/ledger/statement.pdf?lease_id=${leaseId}`,
    );
    await page.getByRole("navigation", { name: "Resident portal" }).getByRole("link", { name: "Ledger" }).click();
    await page.getByRole("heading", { name: "Ledger", level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get("lease")).toBe(leaseId);
    expect(await switcher.inputValue()).toBe(leaseId);
    expect(secondId).not.toBe(leaseId);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The link worked once.
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText(passwordResetMessages.invalidToken).waitFor();
  });
});
