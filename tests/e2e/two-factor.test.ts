import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2e, hasChromium, loginThroughUi, signIn, startE2e, workspaceReady } from "./harness.ts";

const OWNER = { email: "riley.two@secure.example", password: "Two-Factor-Owner-1!" };
const codeOf = (key: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

describe.skipIf(!hasChromium)("two-factor sign-in in the browser", () => {
  let e2e: E2e;
  let key = "";
  let recovery: string[] = [];
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
    await e2e.signUp({ email: OWNER.email, password: OWNER.password, company_name: "Secure Lettings" });
  });
  afterAll(() => e2e?.close());

  it("is turned on in Settings with the app's code and the password, showing the recovery codes once", async () => {
    const page = await signIn(e2e, OWNER);
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Settings", exact: true }).click();
    const settings = page.getByRole("dialog", { name: "Settings" });
    await settings.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await settings.getByRole("img", { name: "QR code to add Keyholder to an authenticator app" }).waitFor();
    key = (await settings.locator("code").textContent()) ?? "";
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await settings.getByLabel("Authentication code").fill(codeOf(key));
    await settings.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await settings.getByRole("button", { name: "Turn on", exact: true }).click();
    const list = settings.getByRole("list", { name: "Recovery codes" });
    await list.waitFor();
    recovery = await list.getByRole("listitem").allTextContents();
    expect(recovery).toHaveLength(10);
    await settings.getByRole("button", { name: "I saved them" }).click();
    await settings.getByText("10 of 10 recovery codes left").waitFor();
  });

  it("asks for the code after the password, refuses a wrong one, and takes a recovery code", async () => {
    const page = await e2e.newPage();
    await page.goto("/login");
    await loginThroughUi(page, OWNER.email, OWNER.password);
    const code = page.getByLabel("Authentication code");
    await code.fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("That code is not right").waitFor();
    // The enrolment's step is spent: the app's next code signs in.
    await code.fill(codeOf(key, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/workspace");
    await workspaceReady(page);

    const other = await e2e.newPage();
    await other.goto("/login");
    await loginThroughUi(other, OWNER.email, OWNER.password);
    await other.getByRole("button", { name: "Use a recovery code instead" }).click();
    await other.getByLabel("Recovery code").fill(recovery[0] ?? "");
    await other.getByRole("button", { name: "Verify" }).click();
    await other.waitForURL("**/workspace");
  });
});
