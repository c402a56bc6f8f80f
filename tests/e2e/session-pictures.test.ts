import type { Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2e, hasChromium, loginThroughUi, startE2e, workspaceReady } from "./harness.ts";

const OWNER = { email: "pia.picture@example.com", password: "Picture-Pass-1!" };
const isPictureCall = (url: string) =>
  /\/api\/v1\/(users\/\d+\/profile-pictures\/default|organization-logos\/default)/.test(url);

/** Every picture or logo call the page makes, and every API answer of 400 or more. */
function watch(page: Page) {
  const pictureCalls: string[] = [];
  const failures: string[] = [];
  page.on("request", (r) => {
    if (isPictureCall(r.url())) pictureCalls.push(new URL(r.url()).pathname);
  });
  page.on("response", (r: Response) => {
    if (r.url().includes("/api/") && r.status() >= 400) failures.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return { pictureCalls, failures };
}

// Issue 10, item 9: ask only for pictures that exist, and never for a signed-out user.
describe.skipIf(!hasChromium)("profile picture and logo requests", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
    await e2e.signUp({ email: OWNER.email, password: OWNER.password, company_name: "Pia Picture Homes" });
  });
  afterAll(() => e2e?.close());

  it("asks for no picture or logo that is not set, and none after logout", async () => {
    const page = await e2e.newPage();
    const seen = watch(page);
    await page.goto("/login");
    await loginThroughUi(page, OWNER.email, OWNER.password);
    await page.waitForURL("**/workspace");
    await page.getByRole("button", { name: /User menu/ }).waitFor();
    await page.reload();
    await page.getByRole("button", { name: /User menu/ }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(seen.pictureCalls).toEqual([]);
    expect(seen.failures).toEqual([]);

    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.waitForLoadState("networkidle");
    expect(seen.pictureCalls).toEqual([]);
    expect(seen.failures).toEqual([]);
  });

  it("shows an uploaded picture at once and asks for it after a reload", async () => {
    const page = await e2e.newPage();
    await page.goto("/login");
    await loginThroughUi(page, OWNER.email, OWNER.password);
    await page.waitForURL("**/workspace");
    await workspaceReady(page);
    const { default: sharp } = await import("sharp");
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#7c3aed" } })
      .png()
      .toBuffer();
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Profile picture" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Profile Picture" });
    await dialog.locator('input[type="file"]').setInputFiles({ name: "pia.png", mimeType: "image/png", buffer: png });
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.waitFor({ state: "hidden" });
    const avatar = page.getByRole("button", { name: /User menu/ }).getByTestId("avatar-picture");
    await avatar.waitFor();

    const seen = watch(page);
    await page.reload();
    await avatar.waitFor();
    expect(await avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
    expect(seen.pictureCalls.filter((p) => p.includes("profile-pictures"))).toHaveLength(1);
    expect(seen.failures).toEqual([]);
  });
});
