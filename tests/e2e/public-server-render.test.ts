import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ENV, type E2e, hasChromium, startE2e } from "./harness.ts";

/** What the browser says went wrong: errors, and React's warning that it had to redraw server HTML. */
function problemsOf(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => {
    const text = m.text();
    if (m.type() === "error" && !text.startsWith("Failed to load resource")) problems.push(text);
    if (m.type() === "warning" && /redrawn|hydrat/i.test(text)) problems.push(text);
  });
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}

describe.skipIf(!hasChromium)("public pages drawn on the server (issue 10, item 19)", () => {
  let e2e: E2e;
  let zipcode: string;
  let property: { name: string; slug: string; photos: number };
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
    const json = async <T>(url: string) => (await (await fetch(e2e.url(url))).json()) as T;
    const { areas } = await json<{ areas: { zipcode: string }[] }>("/api/v1/public/areas");
    zipcode = areas[0]?.zipcode ?? "";
    const { properties } = await json<{ properties: { id: string; name: string; property_slug: string }[] }>(
      `/api/v1/public/properties?zipcode=${zipcode}`,
    );
    const first = properties[0];
    if (!first) throw new Error("the demo organization lists no property");
    const images = await json<unknown[]>(`/api/v1/public/properties/${first.id}/images`);
    property = { name: first.name, slug: first.property_slug, photos: images.length };
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("shows the landing page, the search results and a property with its photo before any JavaScript runs", async () => {
    const page = await e2e.newPage({ javaScriptEnabled: false });
    await page.goto("/");
    await expect(page.title()).resolves.toBe("Property management · Keyholder");
    await page.getByRole("heading", { level: 1, name: "Welcome to Keyholder" }).waitFor();

    await page.goto(`/properties?zipCode=${zipcode}`);
    await expect(page.title()).resolves.toBe(`Homes near ${zipcode} · Keyholder`);
    await page.getByRole("heading", { name: new RegExp(`within 25 miles of ${zipcode}`) }).waitFor();
    await page
      .getByRole("link", { name: new RegExp(property.name) })
      .first()
      .waitFor();

    await page.goto(`/properties/${property.slug}`);
    await expect(page.title()).resolves.toBe(`${property.name} · Keyholder`);
    await page.getByRole("heading", { level: 1, name: property.name }).waitFor();
    expect(property.photos).toBeGreaterThan(0);
    const photo = page
      .getByRole("region", { name: `Photos of ${property.name}` })
      .locator("img")
      .first();
    await photo.waitFor();
    // The photo itself arrived, not only its element.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  it("searches from the header without JavaScript: the form goes to /properties?zipCode=", async () => {
    const page = await e2e.newPage({ javaScriptEnabled: false });
    await page.goto("/terms");
    await page.getByRole("searchbox", { name: "Search homes by ZIP code" }).fill(zipcode);
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/properties?zipCode=${zipcode}`);
    await page.getByRole("heading", { name: new RegExp(`within 25 miles of ${zipcode}`) }).waitFor();
  });

  it("answers an unknown address with 404 and the not-found page, and a missing listing with its message", async () => {
    const page = await e2e.newPage({ javaScriptEnabled: false });
    const missing = await page.goto("/no-such-page");
    expect(missing?.status()).toBe(404);
    await page.getByText("route does not exist").waitFor();
    await page.goto("/properties/no-such-listing");
    await page.getByRole("heading", { level: 1, name: "Property not found" }).waitFor();
  });

  it("takes the server's page over in the browser without redrawing it, and it works from there", async () => {
    const page = await e2e.newPage();
    const problems = problemsOf(page);
    await page.goto(`/properties/${property.slug}`);
    const heading = page.getByRole("heading", { level: 1, name: property.name });
    await heading.waitFor();
    // Marked before the JavaScript takes over: a redraw would replace this very element.
    await heading.evaluate((h) => h.setAttribute("data-server-drawn", "yes"));
    await page.waitForLoadState("networkidle");
    if (property.photos > 1) {
      await page.getByRole("button", { name: "Next image" }).click();
      await page.getByRole("img", { name: `${property.name} (2 of ${property.photos})` }).waitFor();
    }
    await expect(heading.getAttribute("data-server-drawn")).resolves.toBe("yes");

    // The header search now navigates in the page.
    await page.getByRole("searchbox", { name: "Search homes by ZIP code" }).fill(zipcode);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: new RegExp(`within 25 miles of ${zipcode}`) }).waitFor();
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: "Welcome to Keyholder" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  it("still sends a signed-in visitor from / to the workspace", async () => {
    const page = await e2e.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill("demo@example.com");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_ENV.DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await page.waitForURL("**/workspace");
    await page.goto("/");
    await page.waitForURL("**/workspace");
  });
});
