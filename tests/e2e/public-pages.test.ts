import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAxe, seriousAxeViolations } from "./axe.ts";
import { type E2e, hasChromium, startE2e } from "./harness.ts";

const themes = ["light", "dark"] as const;

describe.skipIf(!hasChromium)("public pages on the demo data", () => {
  let e2e: E2e;
  /** A demo ZIP code with listed homes, and the nearest one's page. */
  let zip = "";
  let slug = "";
  /** A demo property with a unit on notice (its tenant leaving), and that unit as the API gives it. */
  let comingSlug = "";
  let coming: { unit_number: string; available_on: string } | undefined;
  beforeAll(async () => {
    e2e = await startE2e({ DEMO_SEED: "true", DEMO_PASSWORD: "Demo-Password-1!" });
    const { areas } = (await (await fetch(e2e.url("/api/v1/public/areas"))).json()) as { areas: { zipcode: string }[] };
    zip = areas[0]?.zipcode ?? "";
    const { properties } = (await (await fetch(e2e.url(`/api/v1/public/properties?zipcode=${zip}`))).json()) as {
      properties: { property_slug: string }[];
    };
    slug = properties[0]?.property_slug ?? "";
    expect(slug).not.toBe("");
    for (const p of properties) {
      const details = (await (await fetch(e2e.url(`/api/v1/public/properties/by-slug/${p.property_slug}`))).json()) as {
        coming_available: { unit_number: string; available_on: string }[];
      };
      coming = details.coming_available[0];
      if (coming) {
        comingSlug = p.property_slug;
        break;
      }
    }
  });
  /** Every public screen: landing, search (before, with and without results), a property, waitlist, not-found. */
  const publicPaths = () => [
    "/",
    "/properties",
    `/properties?zipCode=${zip}`,
    "/properties?zipCode=00001",
    `/properties/${slug}`,
    ...(comingSlug && comingSlug !== slug ? [`/properties/${comingSlug}`] : []),
    "/waitlist",
    "/no/such/page",
  ];
  afterAll(() => e2e?.close());

  /** A fresh visitor whose system asks for the given colour scheme. */
  const open = async (path: string, theme: (typeof themes)[number] = "light") => {
    const page = await e2e.newPage();
    await page.addInitScript("window.__name = (f) => f");
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(path);
    return page;
  };
  const expectNoSeriousAxe = async (page: Page) => {
    const findings = await seriousAxeViolations(page);
    expect(findings, describeAxe(findings)).toEqual([]);
  };

  it.each(themes)("shows a finished not-found page, readable in the %s theme", async (theme) => {
    const page = await open("/no/such/page", theme);
    await page.getByRole("heading", { level: 1, name: /kelp/i }).waitFor();
    await page.getByText(/route does not exist/i).waitFor();
    expect(await page.getByText(/coming soon/i).count()).toBe(0);
    await page.getByRole("link", { name: "Back to the start" }).waitFor();
    await expectNoSeriousAxe(page);
  });

  it("fits a 390 px wide phone: no sideways scrolling, the header whole, its search hint not cut off", async () => {
    const page = await e2e.newPage();
    await page.addInitScript("window.__name = (f) => f");
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of publicPaths()) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      const header = page.getByRole("banner");
      for (const name of ["Keyholder", "Log in", "Sign Up"]) {
        const box = await header.getByRole("link", { name, exact: true }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390, `${name} on ${path}: ${JSON.stringify(box)}`).toBe(true);
      }
      const search = header.getByRole("searchbox", { name: "Search homes by ZIP code" });
      const hint = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d");
        if (!context) return { text: input.placeholder, needs: Number.POSITIVE_INFINITY, has: 0 };
        context.font = style.font;
        const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return { text: input.placeholder, needs: context.measureText(input.placeholder).width, has: room };
      });
      expect(hint.needs, `"${hint.text}" needs ${hint.needs} px, has ${hint.has}`).toBeLessThanOrEqual(hint.has);
    }
  });

  it.each(themes)("has no serious accessibility findings on any public screen in the %s theme", async (theme) => {
    const page = await open("/", theme);
    for (const path of publicPaths()) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      // Results, photos and area suggestions are part of what is checked: wait for them to load.
      await expect.poll(() => page.getByRole("status", { name: /^Loading/ }).count()).toBe(0);
      const findings = await seriousAxeViolations(page);
      expect(findings, `${path}:\n${describeAxe(findings)}`).toEqual([]);
    }
  });

  it("shows a unit on notice under Coming available with the day it becomes available", async () => {
    // The demo gives some occupied units a tenant on notice (decision 033); one of the area's listings has one.
    expect(comingSlug, "no demo listing in the area has a unit on notice").not.toBe("");
    const page = await open(`/properties/${comingSlug}`);
    const table = page.getByRole("region", { name: "Coming available" });
    const day = new Date(`${coming?.available_on}T00:00:00Z`).toLocaleDateString("en-US", {
      timeZone: "UTC",
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    const row = table
      .getByRole("row")
      .filter({ hasText: `unit ${coming?.unit_number}` })
      .first();
    await row.waitFor();
    expect(await row.textContent()).toContain(day);
  });

  it("offers a skip link first, which moves focus past the header to the main content", async () => {
    const page = await open("/properties");
    await page.getByRole("heading", { level: 1, name: "Find homes" }).waitFor();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("main").evaluate((el) => el === document.activeElement)).toBe(true);
    // The next Tab goes into the page, not back to the header.
    await page.keyboard.press("Tab");
    expect(await page.getByLabel("ZIP code", { exact: true }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
  });
});
