import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asSystem } from "../../apps/server/src/db/client.ts";
import { axeInBothThemes } from "./axe.ts";
import { grid } from "./grid-page.ts";
import { type E2e, hasChromium, loginThroughUi, signIn, startE2e, workspaceReady } from "./harness.ts";

const ADMIN = { email: "riley.admin@northgate.example", password: "Northgate-Admin-2026!" };
const STAFF_PASSWORD = "Northgate-Staff-2026!";

/**
 * A staff member who accepts their invitation waits for an administrator, and the administrator
 * now sees it: a notice under the bell that opens the staff member, a Status that says what is
 * pending, Approve in the View dialog and in the sidebar's Pending approvals, and an email whose
 * link opens the same dialog.
 */
describe.skipIf(!hasChromium)("staff waiting for approval, as administrators see it", () => {
  let e2e: E2e;
  let adminCookie = "";
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
    await e2e.signUp({ email: ADMIN.email, password: ADMIN.password, company_name: "Northgate Lettings" });
    const login = await e2e.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { username: ADMIN.email, password: ADMIN.password },
    });
    adminCookie = login.cookies.find((c) => c.name === "kh_session")?.value ?? "";
  });
  afterAll(() => e2e?.close());

  const newestMail = async (to: string, like: string) => {
    await e2e.app.mailer.idle();
    return asSystem(e2e.app.db, async (tx) => {
      const { rows } = (await tx.execute(sql`select text_body from mail_outbox
        where to_address = ${to} and subject like ${like} order by id desc limit 1`)) as unknown as {
        rows: { text_body: string }[];
      };
      return rows[0]?.text_body ?? "";
    });
  };

  /** The administrator invites someone and they accept with a new account, as the emailed link lets them. */
  async function inviteAndAccept(email: string, first: string, last: string) {
    const invited = await e2e.app.inject({
      method: "POST",
      url: "/api/v1/staff",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: { kh_session: adminCookie },
      payload: { email, name: `${first} ${last}`, job_title: "Leasing Agent", is_public_contact: false },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = /staff-onboarding\?invite=([\w-]{43})/.exec(await newestMail(email, "%invited%"))?.[1];
    const accepted = await e2e.app.inject({
      method: "POST",
      url: "/api/v1/auth/staff-signup",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { invite_guid: token, password: STAFF_PASSWORD, first_name: first, last_name: last },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return (invited.json() as { id: string }).id;
  }

  const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });
  const pendingApprovals = (page: Page) => page.getByRole("button", { name: /^Pending approvals/ });
  const rowOf = (page: Page, text: string) => grid(page).getByRole("row").filter({ hasText: text });
  const statusOf = (page: Page, text: string) => rowOf(page, text).locator('[data-column="status"]');

  it("tells the administrator under the bell, opens the staff member from it, and approves in the View dialog", async () => {
    await inviteAndAccept("casey.lee@northgate.example", "Casey", "Lee");
    const admin = await signIn(e2e, ADMIN);

    // The bell says something waits, in its name and as a badge; the sidebar too.
    expect(await bell(admin).getAttribute("aria-label")).toBe("Notifications, 1 unread");
    expect(await admin.getByTestId("notice-count").textContent()).toBe("1");
    expect(await pendingApprovals(admin).getAttribute("aria-label")).toBe("Pending approvals: 1 staff member waits");

    // By keyboard: the bell opens its list, the notice opens the staff member.
    await bell(admin).focus();
    await admin.keyboard.press("Enter");
    const panel = admin.getByRole("dialog", { name: "Notifications" });
    const notice = panel.getByRole("button", { name: /Casey Lee accepted the invitation/ });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Unread");
    const a11y = await axeInBothThemes(admin);
    expect(a11y, "bell list open").toEqual({ light: "", dark: "" });
    await notice.focus();
    await admin.keyboard.press("Enter");

    const view = admin.getByRole("dialog", { name: "Staff: Casey Lee" });
    await view.waitFor();
    await admin.getByRole("tab", { name: "Staff", selected: true }).waitFor();
    const waiting = view.getByRole("region", { name: "Awaiting Approval" });
    await waiting.getByText("They cannot use Keyholder until an administrator approves them.").waitFor();
    expect(await view.locator("dd").allTextContents()).toContain("Awaiting Approval");
    // The row says what is pending, never "Active".
    expect(await statusOf(admin, "casey.lee@northgate.example").textContent()).toBe("Awaiting Approval");
    // Opened, the notice is read.
    await expect.poll(() => bell(admin).getAttribute("aria-label")).toBe("Notifications");

    await waiting.getByRole("button", { name: "Approve" }).click();
    await admin.getByText("Casey Lee can now use Keyholder").first().waitFor();
    await view.getByRole("status").getByText("Casey Lee can now use Keyholder").waitFor();
    expect(await view.locator("dd").allTextContents()).toContain("Active");
    await expect.poll(() => statusOf(admin, "casey.lee@northgate.example").textContent()).toBe("Active");
    await pendingApprovals(admin).waitFor({ state: "detached" });

    // Approved: the notice is gone for every administrator.
    await admin.keyboard.press("Escape");
    await view.waitFor({ state: "detached" });
    await bell(admin).click();
    await admin.getByRole("dialog", { name: "Notifications" }).getByText("Nothing needs your attention.").waitFor();
    await admin.keyboard.press("Escape");

    // And Casey is in.
    const casey = await e2e.newPage();
    await casey.goto("/login");
    await loginThroughUi(casey, "casey.lee@northgate.example", STAFF_PASSWORD);
    await workspaceReady(casey);
  });

  it("lists everyone waiting in the sidebar, with Approve, also at phone width", async () => {
    await inviteAndAccept("dana.diaz@northgate.example", "Dana", "Diaz");
    await inviteAndAccept("eli.ford@northgate.example", "Eli", "Ford");
    const admin = await signIn(e2e, ADMIN, { width: 390, height: 844 });
    const button = pendingApprovals(admin);
    expect(await button.getAttribute("aria-label")).toBe("Pending approvals: 2 staff members wait");
    await button.click();
    const list = admin.getByRole("dialog", { name: "Pending approvals" });
    await list.getByText("dana.diaz@northgate.example").waitFor();
    await list.getByText("eli.ford@northgate.example").waitFor();
    const box = await list.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await axeInBothThemes(admin), "pending approvals open").toEqual({ light: "", dark: "" });

    await list.getByRole("button", { name: "Approve Dana Diaz" }).click();
    await admin.getByText("Dana Diaz can now use Keyholder").first().waitFor();
    await list.getByText("dana.diaz@northgate.example").waitFor({ state: "detached" });
    expect(await button.getAttribute("aria-label")).toBe("Pending approvals: 1 staff member waits");
    // Focus moved on to the next one waiting.
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("View Eli Ford");

    // View opens Eli's dialog, where Approve is too.
    await list.getByRole("button", { name: "View Eli Ford" }).click();
    const view = admin.getByRole("dialog", { name: "Staff: Eli Ford" });
    await view.getByRole("button", { name: "Approve" }).click();
    await admin.getByText("Eli Ford can now use Keyholder").first().waitFor();
    await button.waitFor({ state: "detached" });
  });

  it("opens the staff member from the link in the administrator's email, after signing in", async () => {
    const id = await inviteAndAccept("finn.gray@northgate.example", "Finn", "Gray");
    const body = await newestMail(ADMIN.email, "Finn Gray is waiting for your approval%");
    const link = /https?:\/\/\S+\/workspace\?open=staff:[\w-]+/.exec(body)?.[0];
    if (!link) throw new Error(`no link in the approval email: ${body}`);
    expect(link).toContain(id);

    const page = await e2e.newPage();
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await page.waitForURL("**/login**");
    await loginThroughUi(page, ADMIN.email, ADMIN.password);
    const view = page.getByRole("dialog", { name: "Staff: Finn Gray" });
    await view.getByRole("button", { name: "Approve" }).waitFor();
    // The address is left clean, so a reload does not open it again.
    await expect.poll(() => new URL(page.url()).search).toBe("");
  });
});
