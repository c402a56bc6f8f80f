import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asSystem } from "../../apps/server/src/db/client.ts";
import { grid } from "./grid-page.ts";
import { type E2e, hasChromium, openFromMenu, signIn, startE2e, workspaceReady } from "./harness.ts";

const ADMIN = { email: "morgan.admin@harborhomes.example", password: "Harbor-Admin-2026!" };
const STAFF = { email: "casey.lee@harborhomes.example", password: "Casey-Staff-2026!" };

describe.skipIf(!hasChromium)("staff invitations in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
    await e2e.signUp({ email: ADMIN.email, password: ADMIN.password, company_name: "Harbor Homes Staffing" });
  });
  afterAll(() => e2e?.close());

  /** The invitation link of the newest mail to `to`, as delivered (the outbox, SMTP being off). */
  const mailedLink = async (to: string) => {
    await e2e.app.mailer.idle();
    const body = await asSystem(e2e.app.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select text_body from mail_outbox where to_address = ${to} order by id desc limit 1`,
      )) as unknown as { rows: { text_body: string }[] };
      return rows[0]?.text_body ?? "";
    });
    const link = /https?:\/\/\S+\/staff-onboarding\?invite=[\w-]+/.exec(body)?.[0];
    if (!link) throw new Error(`no invitation mailed to ${to}: ${body}`);
    return new URL(link);
  };

  const rowOf = (page: Page, text: string) => grid(page).getByRole("row").filter({ hasText: text });

  it("invites, accepts through the emailed link, waits, is approved and gets in", async () => {
    const admin = await signIn(e2e, ADMIN);
    await openFromMenu(admin, "Users", "Staff");
    await admin.getByText("No Staff Found").waitFor();
    await admin.getByRole("button", { name: "Add", exact: true }).click();
    const add = admin.getByRole("dialog", { name: "Add New Staff" });
    await add.getByLabel("Full Name").fill("Casey Lee");
    await add.getByLabel("Job Title").fill("Leasing Agent");
    await add.getByLabel("Email Address").fill("not an email");
    await add.getByRole("button", { name: "Create Staff Member" }).click();
    await add.getByText("Email must have an '@'").waitFor();
    await add.getByLabel("Email Address").fill(STAFF.email);
    await add.getByLabel("Phone Number").fill("5551234567");
    await add.getByText("Make this staff member a public contact").click();
    await add.getByRole("button", { name: "Create Staff Member" }).click();
    await add.waitFor({ state: "detached" });
    await rowOf(admin, STAFF.email).getByText("Pending Acceptance").waitFor();

    // Someone opens the link from the email in a browser of their own.
    const link = await mailedLink(STAFF.email);
    const staff = await e2e.newPage();
    await staff.goto(`${link.pathname}${link.search}`);
    await staff.getByRole("heading", { name: "Join Harbor Homes Staffing" }).waitFor();
    await staff.getByText("Leasing Agent").waitFor();
    await staff.getByRole("button", { name: "Create New Account" }).click();
    const email = staff.getByLabel("Email");
    expect(await email.inputValue()).toBe(STAFF.email);
    expect(await email.isDisabled()).toBe(true);
    expect(await staff.getByLabel("First name").inputValue()).toBe("Casey");
    expect(await staff.getByLabel("Last name").inputValue()).toBe("Lee");
    expect(await staff.getByLabel("Phone").inputValue()).toBe("(555) 123-4567");
    await staff.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await staff.getByLabel("Confirm password").fill("Something-Else-1!");
    await staff.getByRole("button", { name: "Create Account" }).click();
    await staff.getByText("Passwords do not match").waitFor();
    await staff.getByLabel("Confirm password").fill(STAFF.password);
    await staff.getByRole("button", { name: "Create Account" }).click();
    await staff.getByRole("heading", { name: "Waiting for approval" }).waitFor();
    await staff.getByText("The administrators of Harbor Homes Staffing have been asked to approve it").waitFor();
    await staff.getByRole("button", { name: "Check again" }).click();
    await staff.getByRole("heading", { name: "Waiting for approval" }).waitFor();

    // The administrator approves from the row menu.
    await admin.reload();
    await openFromMenu(admin, "Users", "Staff");
    const row = rowOf(admin, STAFF.email);
    await row.getByText("Pending Approval").waitFor();
    await row.getByRole("gridcell").first().click({ button: "right" });
    expect(await admin.getByRole("menuitem", { name: "Resend Invitation" }).count()).toBe(0);
    await admin.getByRole("menuitem", { name: "Approve Staff" }).click();
    await admin.getByText("Casey Lee can now use Keyholder").waitFor();
    await rowOf(admin, STAFF.email).getByText("Active").first().waitFor();

    await staff.getByRole("button", { name: "Check again" }).click();
    await workspaceReady(staff);

    // A Staff member's workspace: no staff management, no adding or deleting properties.
    await staff
      .getByRole("menubar", { name: "Navigation" })
      .getByRole("menuitem", { name: "Users", exact: true })
      .click();
    const staffEntry = staff.getByRole("menu", { name: "Users" }).getByRole("menuitem", { name: /^Staff/ });
    expect(await staffEntry.getAttribute("aria-disabled")).toBe("true");
    expect(await staffEntry.textContent()).toContain("Not for your role");
    await staff.keyboard.press("Escape");
    await openFromMenu(staff, "Property", "All Properties");
    await staff.getByRole("tab", { name: "All Properties", selected: true }).waitFor();
    const remove = staff.getByRole("button", { name: "Delete: Your role cannot delete properties" });
    expect(await remove.isDisabled()).toBe(true);
    expect(await staff.getByRole("button", { name: "Add: Your role cannot add properties" }).isDisabled()).toBe(true);

    // The administrator gives Casey one of two properties; Casey's next look shows that one only.
    await asSystem(e2e.app.db, (tx) =>
      tx.execute(sql`insert into properties (organization_id, name, property_type_id)
        select u.organization_id, n.name, (select id from property_types order by id limit 1)
        from users u, (values ('Harbor Court'), ('Bayside Lofts')) as n(name) where u.username = ${ADMIN.email}`),
    );
    await rowOf(admin, STAFF.email).getByRole("gridcell").first().click({ button: "right" });
    await admin.getByRole("menuitem", { name: "Edit Staff" }).click();
    const edit = admin.getByRole("dialog", { name: "Edit Staff: Casey Lee" });
    await edit.getByText("Only the properties below").click();
    await edit.getByText("No property chosen").waitFor();
    const picker = edit.getByRole("combobox", { name: "Add a property" });
    await picker.fill("Harbor");
    await admin.getByRole("option", { name: "Harbor Court" }).click();
    await edit.getByRole("list", { name: "Chosen properties" }).getByText("Harbor Court").waitFor();
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });

    await staff.reload();
    await staff.getByRole("tab", { name: "All Properties" }).click();
    await grid(staff).getByText("Harbor Court").waitFor();
    expect(await grid(staff).getByText("Bayside Lofts").count()).toBe(0);

    // The spent link says so.
    const again = await e2e.newPage();
    await again.goto(`${link.pathname}${link.search}`);
    await again.getByRole("heading", { name: "Invalid Invitation" }).waitFor();
    await again.getByText("already been accepted").waitFor();
  });

  it("lets the administrator change a user's role and sign them out from Users", async () => {
    const admin = await signIn(e2e, ADMIN);
    await openFromMenu(admin, "Users", "Administrators");
    await grid(admin).getByText(ADMIN.email).waitFor();
    expect(await grid(admin).getByText(STAFF.email).count()).toBe(0);

    await openFromMenu(admin, "Users", "All Users");
    const casey = () => rowOf(admin, STAFF.email);
    await casey().getByText("Staff", { exact: true }).waitFor();
    await casey().getByRole("gridcell").first().click({ button: "right" });
    await admin.getByRole("menuitem", { name: "Edit User" }).click();
    const edit = admin.getByRole("dialog", { name: "Edit User: Casey Lee" });
    await edit.getByLabel("Role").selectOption("READ_ONLY");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    await casey().getByText("Read-only").waitFor();

    await casey().getByRole("gridcell").first().click({ button: "right" });
    await admin.getByRole("menuitem", { name: "Sign Out Everywhere" }).click();
    await admin.getByText("Casey Lee is signed out everywhere").waitFor();

    // View As: Casey's workspace, bannered and read-only, then back.
    await casey().getByRole("gridcell").first().click({ button: "right" });
    await admin.getByRole("menuitem", { name: "View As" }).click();
    const banner = admin.getByRole("region", { name: "Preview" });
    await banner.getByText("You are viewing Keyholder as Casey Lee (Read-only). Nothing can be changed.").waitFor();
    await openFromMenu(admin, "Property", "All Properties");
    await grid(admin).getByText("Harbor Court").waitFor();
    expect(await grid(admin).getByText("Bayside Lofts").count()).toBe(0);
    await banner.getByRole("button", { name: "Stop viewing" }).click();
    await banner.waitFor({ state: "detached" });
    await admin.getByText("Olive Owner").first().waitFor();
  });

  it("shows the missing, malformed and unknown invitation screens with Try Again", async () => {
    const page = await e2e.newPage();
    await page.goto("/staff-onboarding");
    await page.getByRole("heading", { name: "Missing Invitation" }).waitFor();
    await page.goto("/staff-onboarding?invite=not-a-token");
    await page.getByRole("heading", { name: "Invalid Invitation Format" }).waitFor();
    await page.getByRole("button", { name: "Try Again" }).waitFor();
    await page.goto(`/staff-onboarding?invite=${"A".repeat(43)}`);
    await page.getByRole("heading", { name: "Invitation Not Found" }).waitFor();
  });
});
