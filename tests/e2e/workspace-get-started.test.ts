import { listingMessages } from "@keyholder/contracts/property-listing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAxe, seriousAxeViolations } from "./axe.ts";
import { type E2e, hasChromium, signIn, startE2e } from "./harness.ts";

const STEPS = ["Add a property", "Add buildings and units", "Invite staff", "List a property online"];

describe.skipIf(!hasChromium)("the Get started checklist of a new organization", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  /** Signs up a new organization through the API and signs its owner in through the login page. */
  async function newOrganization(name: string) {
    const owner = await e2e.signUp({ email: `${name}@example.com`, company_name: `${name} Rentals` });
    const page = await signIn(e2e, owner);
    const orgId = await e2e.app.asSystem(async (tx) => {
      const { sql } = await import("drizzle-orm");
      const r = (await tx.execute(
        sql`select organization_id from users where username = ${owner.email.toLowerCase()}`,
      )) as unknown as { rows: { organization_id: string }[] };
      return r.rows[0]?.organization_id ?? "";
    });
    return { page, orgId };
  }

  /** Rows the organization would have added by then (the screens for most of them come in later issues). */
  const insert = (orgId: string, what: { online?: boolean; building?: boolean; staff?: boolean }) =>
    e2e.app.asSystem(async (tx) => {
      const { sql } = await import("drizzle-orm");
      const property = (await tx.execute(sql`
        insert into properties (organization_id, name, property_type_id, show_property_online)
        values (${orgId}, 'Harbor Court', (select id from property_types order by id limit 1), ${what.online ?? false})
        returning id`)) as unknown as { rows: { id: string }[] };
      const propertyId = property.rows[0]?.id;
      if (what.building) {
        await tx.execute(sql`insert into buildings (organization_id, property_id, name)
          values (${orgId}, ${propertyId}, 'Harbor Annex')`);
        await tx.execute(sql`insert into units (organization_id, property_id, unit_number)
          values (${orgId}, ${propertyId}, '101')`);
      }
      if (what.staff) {
        await tx.execute(sql`insert into staff (organization_id, email, name)
          values (${orgId}, 'sam@example.com', 'Sam Staff')`);
      }
    });

  const checklist = (page: Page) => page.getByRole("region", { name: "Get started" });
  const step = (page: Page, name: string) =>
    checklist(page)
      .getByRole("listitem")
      .filter({ hasText: new RegExp(`^${name}`) });

  it("lists the four steps, none done, each a way to the screen that does it (item 12)", async () => {
    const { page } = await newOrganization("newco");
    await checklist(page).waitFor();
    expect(await checklist(page).getByRole("listitem").count()).toBe(4);
    for (const name of STEPS) expect(await step(page, name).textContent()).toContain("Not done yet");
    await checklist(page).getByText("0 of 4 done").waitFor();
    for (const name of STEPS) {
      expect(await step(page, name).getByRole("button", { name }).count()).toBe(1);
      expect(await step(page, name).textContent()).not.toContain("Coming soon");
    }
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => localStorage.setItem("keyholder.theme", t), theme);
      await page.reload();
      await checklist(page).waitFor();
      const findings = await seriousAxeViolations(page);
      expect(findings, `${theme}:\n${describeAxe(findings)}`).toEqual([]);
    }
  });

  it("ticks steps off from the organization's real data (item 12)", async () => {
    const { page, orgId } = await newOrganization("tickco");
    await checklist(page).waitFor();
    await insert(orgId, { staff: true });
    await page.reload();
    await checklist(page).getByText("2 of 4 done").waitFor();
    expect(await step(page, "Add a property").textContent()).toContain("Done");
    expect(await step(page, "Invite staff").textContent()).toContain("Done");
    expect(await step(page, "Add buildings and units").textContent()).toContain("Not done yet");
    expect(await step(page, "List a property online").textContent()).toContain("Not done yet");

    // Everything done: the checklist makes way for the usual hint.
    await insert(orgId, { online: true, building: true });
    await page.reload();
    await page.getByText("Select an item from the menu to get started").waitFor();
    expect(await checklist(page).count()).toBe(0);
  });

  it("opens Staff and its Add dialog from 'Invite staff'", async () => {
    const { page } = await newOrganization("staffco");
    await checklist(page).getByRole("button", { name: "Invite staff" }).click();
    await page.getByRole("tab", { name: "Staff", selected: true }).waitFor();
    const dialog = page.getByRole("dialog", { name: "Add New Staff" });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  });

  it("opens All Buildings and its Add dialog from 'Add buildings and units' (item 12)", async () => {
    const { page } = await newOrganization("addco");
    await checklist(page).getByRole("button", { name: "Add buildings and units" }).click();
    await page.getByRole("tab", { name: "All Buildings", selected: true }).waitFor();
    const dialog = page.getByRole("dialog", { name: "Add New Building" });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Close All Buildings" }).click();
    await checklist(page).waitFor();
  });

  it("opens All Properties and its Add dialog from 'Add a property', then ticks it off", async () => {
    const { page } = await newOrganization("propco");
    await checklist(page).getByRole("button", { name: "Add a property" }).click();
    await page.getByRole("tab", { name: "All Properties", selected: true }).waitFor();
    const dialog = page.getByRole("dialog", { name: "Add New Property" });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // A new property is not listed: the switch is off and says what a listing needs.
    const listing = dialog.getByRole("switch", { name: "List on the public site" });
    expect(await listing.isChecked()).toBe(false);
    expect(await listing.isDisabled()).toBe(true);
    await dialog.getByText(listingMessages.newProperty).waitFor();
    await dialog.getByLabel("Property Name").fill("First Place");
    await dialog.getByLabel("Property Type").selectOption({ label: "Townhouse" });
    await dialog.getByLabel("Street Address").fill("5 Elm Street");
    await dialog.getByLabel("ZIP Code").fill("80202");
    await expect.poll(() => dialog.getByLabel("City").inputValue()).toBe("Denver");
    await dialog.getByRole("button", { name: "Create" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Close All Properties" }).click();
    // Added, not listed: listing is a step of its own, which asks for a unit first.
    await checklist(page).getByText("1 of 4 done").waitFor();
    expect(await step(page, "Add a property").textContent()).toContain("Done");
    expect(await step(page, "List a property online").textContent()).toContain("Not done yet");
    await step(page, "List a property online").getByText("Add a unit first").waitFor();
  });

  it("can be dismissed, and stays dismissed for that user (item 12)", async () => {
    const { page } = await newOrganization("dismissco");
    await checklist(page).getByRole("button", { name: "Dismiss" }).click();
    await page.getByText("Select an item from the menu to get started").waitFor();
    expect(await checklist(page).count()).toBe(0);
    await page.reload();
    await page.getByText("Select an item from the menu to get started").waitFor();
    expect(await checklist(page).count()).toBe(0);
  });
});
