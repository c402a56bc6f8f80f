import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO,
  type E2e,
  hasChromium,
  loginThroughUi,
  OPERATOR,
  openFromMenu,
  signIn as signInAs,
  startE2e,
  workspaceReady,
} from "./harness.ts";

const tabTitles = (page: Page) => page.getByRole("tab").allTextContents();

describe.skipIf(!hasChromium)("workspace shell in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ DEMO_SEED: "true", DEMO_PASSWORD: DEMO.password });
  });
  afterAll(() => e2e?.close());

  const signIn = () => signInAs(e2e);

  it("opens, reorders, renames and closes tabs, and restores them for that user only", async () => {
    const page = await signIn();
    await workspaceReady(page);
    await openFromMenu(page, "Building", "All Buildings");
    await openFromMenu(page, "Unit", "Floor Plans");
    expect(await tabTitles(page)).toEqual(["All Buildings", "Floor Plans"]);
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Floor Plans");

    await page.getByRole("tab", { name: "Floor Plans" }).dragTo(page.getByRole("tab", { name: "All Buildings" }));
    expect(await tabTitles(page)).toEqual(["Floor Plans", "All Buildings"]);

    const active = page.getByRole("tab", { name: "Floor Plans" });
    await active.dblclick();
    await page.getByLabel("Tab name").fill("My plans");
    await page.getByLabel("Tab name").press("Enter");
    await page.getByRole("tab", { name: "My plans" }).dblclick();
    await page.getByLabel("Tab name").fill("Something else");
    await page.getByLabel("Tab name").press("Escape");
    await page.getByRole("tab", { name: "My plans" }).dblclick();
    await page.getByLabel("Tab name").fill("   ");
    await page.getByLabel("Tab name").press("Enter");
    expect(await tabTitles(page)).toEqual(["My plans", "All Buildings"]);

    await openFromMenu(page, "Unit", "Floor Plans");
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Floor Plans");
    await page.getByRole("button", { name: "Close Floor Plans" }).click();
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("All Buildings");

    await page.reload();
    await page.getByRole("tab", { name: "My plans" }).waitFor();
    expect(await tabTitles(page)).toEqual(["My plans", "All Buildings"]);
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("All Buildings");

    // Another user in the same browser profile sees none of these tabs.
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/login");
    await loginThroughUi(page, OPERATOR.email, OPERATOR.password);
    await page.waitForURL("**/workspace");
    await workspaceReady(page);
    expect(await tabTitles(page)).toEqual([]);
  });

  it("finds menu entries with the keyboard", async () => {
    const page = await signIn();
    const search = page.getByRole("combobox", { name: "Search the menu" });
    await search.fill("l");
    await page.getByRole("option", { name: /All Buildings/ }).waitFor();
    // Only entries that open a screen take part in the arrow-key cycle, which wraps at both ends.
    const cycle = await page.getByRole("option", { disabled: false }).allTextContents();
    expect(cycle.length).toBeGreaterThan(1);
    const selected = () => page.getByRole("option", { selected: true }).textContent();
    expect(await selected()).toBe(cycle[0]);
    for (const next of [...cycle.slice(1), cycle[0]]) {
      await search.press("ArrowDown");
      expect(await selected()).toBe(next);
    }
    await search.press("ArrowUp");
    expect(await selected()).toBe(cycle.at(-1));
    while ((await selected())?.startsWith("All Buildings") !== true) await search.press("ArrowUp");
    await search.press("Enter");
    await page.getByRole("tab", { name: "All Buildings" }).waitFor();
    await search.fill("ledger");
    await page.getByRole("option", { name: /General Ledger/ }).waitFor();
    await search.press("Escape");
    await page.getByRole("listbox", { name: "Menu suggestions" }).waitFor({ state: "hidden" });
  });

  it("finds a seeded property by part of its address from the header search", async () => {
    const page = await signIn();
    const [street] = await e2e.app.asSystem(async (tx) => {
      const { sql } = await import("drizzle-orm");
      const r = await tx.execute(
        sql`select a.address_line_1 from addresses a join properties p on p.address_id = a.id limit 1`,
      );
      return (r as unknown as { rows: { address_line_1: string }[] }).rows.map((x) => x.address_line_1);
    });
    const part = (street ?? "").split(" ").slice(0, 2).join(" ");
    const search = page.getByRole("combobox", { name: "Search properties" });
    await search.waitFor();
    await page.keyboard.press("Control+s");
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.fill(part.toLowerCase());
    const option = page.getByRole("option").filter({ hasText: part }).first();
    await option.waitFor();
    await search.press("Enter");
    const overview = page.getByRole("dialog", { name: /^Property: / });
    await overview.waitFor();
    expect(await search.inputValue()).toBe("");
    // The picked property's overview: its address and the spec's fields, loaded from the server.
    await overview.getByText(street ?? "", { exact: true }).waitFor();
    for (const label of ["Last Renovation", "Parking Spaces", "Unit Count", "Year Built"]) {
      await overview.getByText(label, { exact: true }).waitFor();
    }
  });

  it("uploads a profile picture and shows it in the user menu", async () => {
    const page = await signIn();
    // Once the workspace has loaded: the route's focus move on arrival would close a menu opened earlier.
    await workspaceReady(page);
    const { default: sharp } = await import("sharp");
    const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: "#0d9488" } })
      .png()
      .toBuffer();
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Profile picture" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Profile Picture" });
    await dialog.waitFor();
    await dialog.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await dialog.getByRole("img").waitFor();
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.waitFor({ state: "hidden" });
    const avatar = page.getByRole("button", { name: /User menu/ }).getByTestId("avatar-picture");
    await avatar.waitFor();
    // The picture shows once the browser has loaded it: asked until then, not at once.
    await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(80);
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Profile picture" }).click();
    await page.getByRole("dialog", { name: "Edit Profile Picture" }).waitFor();
  });

  it("drags dialogs by the title bar and brings a clicked one to the front", async () => {
    const page = await signIn();
    await workspaceReady(page);
    const openFromUserMenu = async (item: string) => {
      await page.getByRole("button", { name: /User menu/ }).click();
      await page.getByRole("menuitem", { name: item, exact: true }).click();
    };
    await openFromUserMenu("Account");
    const account = page.getByRole("dialog", { name: "Account Information" });
    await account.waitFor();
    const before = await account.boundingBox();
    const title = account.getByRole("heading", { name: "Account Information" });
    const at = await title.boundingBox();
    if (!before || !at) throw new Error("dialog not laid out");
    await page.mouse.move(at.x + 20, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.move(at.x + 20 - 150, at.y + at.height / 2 + 60, { steps: 5 });
    await page.mouse.up();
    const after = await account.boundingBox();
    expect(Math.round((after?.x ?? 0) - before.x)).toBe(-150);
    expect(Math.round((after?.y ?? 0) - before.y)).toBe(60);

    await openFromUserMenu("Settings");
    const settings = page.getByRole("dialog", { name: "Settings" });
    await settings.waitFor();
    const z = (dialog: typeof account) =>
      dialog.evaluate((el) => {
        let node: Element | null = el;
        while (node && getComputedStyle(node).zIndex === "auto") node = node.parentElement;
        return node ? Number(getComputedStyle(node).zIndex) : 0;
      });
    expect(await z(settings)).toBeGreaterThan(await z(account));
    expect(await z(account)).toBeGreaterThanOrEqual(1000);
    // Its left edge sticks out from under Settings after the drag.
    await account.click({ position: { x: 12, y: 12 } });
    expect(await z(account)).toBeGreaterThan(await z(settings));
    await page.keyboard.press("Escape");
    await account.waitFor({ state: "hidden" });
    await settings.waitFor();
  });

  it("edits one's own details and lists the sessions in Settings", async () => {
    const page = await signIn();
    await workspaceReady(page);
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Account", exact: true }).click();
    const account = page.getByRole("dialog", { name: "Account Information" });
    await account.getByRole("button", { name: "Edit your details" }).click();
    await account.getByLabel("Preferred name").fill("Sunny");
    await account.getByLabel("Phone").fill("5550001111");
    expect(await account.getByLabel("Phone").inputValue()).toBe("(555) 000-1111");
    await account.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("user-display-name").filter({ hasText: "Sunny" }).waitFor();
    await account.getByText("(555) 000-1111").waitFor();
    await account.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Settings", exact: true }).click();
    const settings = page.getByRole("dialog", { name: "Settings" });
    await settings.getByText("This browser").waitFor();
    await settings.getByText("Organization logo").waitFor();
  });

  it("remembers the theme", async () => {
    const page = await signIn();
    await workspaceReady(page);
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    const before = await isDark();
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: before ? "Light mode" : "Dark mode" }).click();
    expect(await isDark()).toBe(!before);
    await page.reload();
    await workspaceReady(page);
    expect(await isDark()).toBe(!before);
  });

  it("opens the hidden game on the key sequence", async () => {
    const page = await signIn();
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    for (const key of [
      "ArrowUp",
      "ArrowUp",
      "ArrowDown",
      "ArrowDown",
      "ArrowLeft",
      "ArrowRight",
      "ArrowLeft",
      "ArrowRight",
      "b",
      "a",
    ]) {
      await page.keyboard.press(key);
    }
    await page.getByRole("dialog", { name: "Key Catcher" }).waitFor();
    await page.getByRole("button", { name: "Lit box" }).click();
    expect(await page.getByTestId("game-score").textContent()).toBe("10");
  });
});
