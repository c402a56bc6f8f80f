import { emailVerificationMessages } from "@keyholder/contracts/email-verification";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asSystem } from "../../apps/server/src/db/client.ts";
import { axeInBothThemes } from "./axe.ts";
import { type E2e, hasChromium, loginThroughUi, OPERATOR, signIn, startE2e } from "./harness.ts";

const OWNER = { email: "vera.fied@example.com", password: "Owner-Password-1!", company: "Vera Fied Rentals" };
const ROWDY = { email: "rowdy@example.com", password: "Owner-Password-1!", company: "Rowdy Rentals" };

/** Issue item 19: confirming one's email by the mailed link, and the operator's ban, in the browser. */
describe.skipIf(!hasChromium)("email verification and banning in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
    await e2e.signUp({ email: OWNER.email, password: OWNER.password, company_name: OWNER.company });
    await e2e.signUp({ email: ROWDY.email, password: ROWDY.password, company_name: ROWDY.company });
  });
  afterAll(() => e2e?.close());

  /** The path and query of the newest confirmation link mailed to `to` (the outbox: no SMTP here). */
  const mailedLink = (to: string) =>
    asSystem(e2e.app.db, async (tx) => {
      const { rows } = (await tx.execute(sql`select text_body from mail_outbox
        where to_address = ${to} and subject = 'Confirm your email address for Keyholder' order by id desc limit 1`)) as unknown as {
        rows: { text_body: string }[];
      };
      const link = /http:\/\/[^/\s]+(\/verify-email\?token=\S+)/.exec(rows[0]?.text_body ?? "")?.[1];
      if (!link) throw new Error(`no confirmation link mailed to ${to}`);
      return link;
    });

  it("reminds a new owner to confirm their email, mails a new link, and confirms it from the link", async () => {
    const page = await signIn(e2e, OWNER);
    const reminder = page.getByRole("region", { name: "Confirm your email address" });
    await reminder.getByText(emailVerificationMessages.reminder(OWNER.email)).waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    const first = await mailedLink(OWNER.email);

    await reminder.getByRole("button", { name: emailVerificationMessages.resend }).click();
    await reminder.getByRole("status").getByText(emailVerificationMessages.sent(OWNER.email)).waitFor();
    const link = await mailedLink(OWNER.email);
    expect(link).not.toBe(first);

    // The first link was replaced by the new one.
    await page.goto(first);
    await page.getByText(emailVerificationMessages.invalidToken).waitFor();
    await page.goto(link);
    await page.getByText(emailVerificationMessages.verified).waitFor();
    await page.getByRole("link", { name: "Go to your workspace" }).click();
    await page.waitForURL("**/workspace");
    await page.getByRole("heading", { name: "Get started" }).waitFor();
    expect(await reminder.count()).toBe(0);
  });

  it("lets the operator see who is unverified and ban an account, which is signed out and refused", async () => {
    const rowdy = await signIn(e2e, ROWDY, { width: 390, height: 844 });
    await rowdy.getByRole("region", { name: "Confirm your email address" }).waitFor();

    const page = await e2e.newPage();
    await page.goto("/operator");
    await loginThroughUi(page, OPERATOR.email, OPERATOR.password);
    await page.waitForURL("**/operator");
    await page.getByRole("tab", { name: "Email not confirmed" }).click();
    const table = page.getByRole("table", { name: "Accounts: Email not confirmed" });
    await table.getByText(ROWDY.email).waitFor();
    expect(await table.getByText(OWNER.email).count()).toBe(0);

    await table.getByRole("button", { name: `Ban ${ROWDY.email}` }).click();
    const dialog = page.getByRole("dialog", { name: "Ban this account?" });
    await dialog.getByText(`Ban ${ROWDY.email}?`).waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await dialog.getByRole("button", { name: "Ban" }).click();
    await table.getByRole("button", { name: `Lift the ban on ${ROWDY.email}` }).waitFor();
    await page.getByRole("tab", { name: "Banned" }).click();
    await page.getByRole("table", { name: "Accounts: Banned" }).getByText(ROWDY.email).waitFor();

    // The banned owner's open workspace is signed out at its next call, and sign-in is refused.
    await rowdy.reload();
    await rowdy.waitForURL("**/login?redirect=**");
    await loginThroughUi(rowdy, ROWDY.email, ROWDY.password);
    await rowdy.getByText("Account is locked or disabled").waitFor();
    expect(new URL(rowdy.url()).pathname).toBe("/login");
  });
});
