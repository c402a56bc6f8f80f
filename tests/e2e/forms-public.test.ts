import { authMessages } from "@keyholder/contracts/auth";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAxe, seriousAxeViolations } from "./axe.ts";
import { type E2e, hasChromium, startE2e } from "./harness.ts";

const PAGES = [
  { path: "/login", title: "Log in · Keyholder", h1: "Log in to Keyholder" },
  { path: "/sign-up", title: "Sign up · Keyholder", h1: "Create your Keyholder account" },
  { path: "/forgot-password", title: "Forgot password · Keyholder", h1: "Reset your password" },
  { path: "/reset-password?token=abc", title: "Reset password · Keyholder", h1: "Choose a new password" },
  { path: "/terms", title: "Terms of service · Keyholder", h1: "Terms of Service" },
] as const;

const expectNoSeriousAxe = async (page: Page, where: string) => {
  const findings = await seriousAxeViolations(page);
  expect(findings, `${where}\n${describeAxe(findings)}`).toEqual([]);
};

/** Fills step 1 and 2 of the sign-up wizard with a fresh, valid account. */
async function throughSteps(page: Page, email: string, upTo: 1 | 2) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Harbor-Homes-2026!");
  await page.getByLabel("Confirm password").fill("Harbor-Homes-2026!");
  await page.getByText("Email is available").waitFor();
  await page.getByRole("button", { name: "Continue" }).click();
  if (upTo === 1) return;
  await page.getByLabel("First name").fill("Rae");
  await page.getByLabel("Last name").fill("Lopez");
  await page.getByLabel("Phone").fill("5551234567");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Company name").waitFor();
}

describe.skipIf(!hasChromium)("public account pages", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  it("names each page in the browser tab and gives it exactly one h1 (issue 10, item 8)", async () => {
    const page = await e2e.newPage();
    for (const p of PAGES) {
      await page.goto(p.path);
      await page.getByRole("heading", { level: 1, name: p.h1 }).waitFor();
      await expect.poll(() => page.title(), { message: p.path }).toBe(p.title);
      expect(await page.getByRole("heading", { level: 1 }).count(), p.path).toBe(1);
    }
  });

  it("says Log in everywhere, in title case on buttons (issue 10, item 18)", async () => {
    const page = await e2e.newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Log In", exact: true }).waitFor();
    await page.goto("/sign-up");
    await page
      .getByRole("region", { name: "Create your Keyholder account" })
      .getByRole("link", { name: "Log in", exact: true })
      .click();
    await page.waitForURL("**/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("button", { name: "Send Reset Link" }).waitFor();
    await page.getByRole("link", { name: "Back to log in" }).waitFor();
    for (const path of ["/login", "/sign-up", "/forgot-password", "/reset-password?token=abc"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect((await page.getByRole("main").textContent()) ?? "", path).not.toMatch(/sign[ -]?in|signing in|\blogin\b/i);
    }
  });

  it("links a taken email to Log in and Forgot password", async () => {
    const taken = await e2e.signUp({ email: "taken@example.com", company_name: "Taken Co" });
    const page = await e2e.newPage();
    await page.goto("/sign-up");
    await page.getByLabel("Email").fill(taken.email);
    await page.getByLabel("Password", { exact: true }).focus();
    await page.getByText(authMessages.emailExists).waitFor();
    await page.getByRole("link", { name: "Forgot password" }).waitFor();
    await page.getByRole("link", { name: "Log in", exact: true }).first().waitFor();
    const described = await page.getByLabel("Email").getAttribute("aria-describedby");
    const descriptions = await Promise.all(
      (described ?? "").split(" ").map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(descriptions.join(" ")).toContain(authMessages.emailExists);
    expect(descriptions.join(" ")).toContain("Forgot password");
    await page.getByRole("link", { name: "Forgot password" }).click();
    await page.waitForURL("**/forgot-password");
  });

  it("keeps Continue focusable while disabled and says what is missing (issue 10, item 17)", async () => {
    const page = await e2e.newPage();
    await page.goto("/sign-up");
    const next = page.getByRole("button", { name: "Continue" });
    await page.getByLabel("Email").fill("rae@example.com");
    await page.getByText("Email is available").waitFor();
    expect(await next.getAttribute("aria-disabled")).toBe("true");
    expect(await next.getAttribute("disabled")).toBeNull();
    await next.focus();
    expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
    const reason = await page.locator(`[id="${await next.getAttribute("aria-describedby")}"]`).textContent();
    expect(reason).toBe("Fill in: Password, Confirm password.");
    await next.click({ force: true });
    await page.getByRole("heading", { name: /Step 1 of 3/ }).waitFor();
  });

  it("links the terms checkbox to a real terms page and lists residential types first (issue 10, item 18)", async () => {
    const page = await e2e.newPage();
    await page.goto("/sign-up");
    await throughSteps(page, "terms.reader@example.com", 2);
    const groups = page.getByRole("listbox", { name: "Property type" }).locator("header");
    await expect.poll(async () => (await groups.allTextContents())[0]).toMatch(/Residential/i);
    const [terms] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("link", { name: /Read the terms/ }).click(),
    ]);
    await terms.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
    for (const heading of [
      "Who runs this service",
      "Acceptable use",
      "belongs to your organization",
      "Privacy",
      "No warranty",
      "Changes to these terms",
    ]) {
      await terms.getByRole("heading", { level: 2, name: new RegExp(heading) }).waitFor();
    }
    // The wizard kept its place.
    await page.getByLabel("Company name").waitFor();
  });

  it("fits a 390 px phone: the first field above the fold, no sideways scroll (issue 10, item 14)", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/sign-up", "/login", "/forgot-password", "/terms"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto("/sign-up");
    const box = await page.getByLabel("Email").boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    const password = await page.getByLabel("Password", { exact: true }).boundingBox();
    expect(password && password.y + password.height).toBeLessThanOrEqual(844);
  });

  for (const scheme of ["light", "dark"] as const) {
    it(`has no serious axe findings on the public account pages, ${scheme} (issue 10, item 17)`, async () => {
      const page = await e2e.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      for (const p of PAGES) {
        await page.goto(p.path);
        await page.getByRole("heading", { level: 1, name: p.h1 }).waitFor();
        await expectNoSeriousAxe(page, p.path);
      }
      // The login form with its messages shown.
      await page.goto("/login");
      await page.getByRole("button", { name: "Log In" }).click();
      await page.getByText(authMessages.loginEmail).waitFor();
      await expectNoSeriousAxe(page, "/login with errors");
      // Each sign-up step, the first with its messages shown.
      await page.goto("/sign-up");
      await page.getByLabel("Email").fill("x");
      await page.getByLabel("Password", { exact: true }).fill("x");
      await page.getByLabel("Confirm password").focus();
      await page.getByText(authMessages.emailAt).waitFor();
      await expectNoSeriousAxe(page, "/sign-up step 1");
      await page.goto("/sign-up");
      await throughSteps(page, `axe.${scheme}@example.com`, 1);
      await page.getByLabel("First name").waitFor();
      await expectNoSeriousAxe(page, "/sign-up step 2");
      await page.goto("/sign-up");
      await throughSteps(page, `axe2.${scheme}@example.com`, 2);
      await page.getByRole("option").first().waitFor();
      await expectNoSeriousAxe(page, "/sign-up step 3");
    });
  }
});
