import { listingMessages, unitName } from "@keyholder/contracts/property-listing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../apps/server/src/lib/passwords.ts";
import { createApprovedOrganization } from "../../apps/server/src/modules/demo/create-organization.ts";
import { axeInBothThemes } from "./axe.ts";
import { columnText, grid } from "./grid-page.ts";
import { type E2e, hasChromium, hydrated, openFromMenu, signIn, startE2e } from "./harness.ts";

const OWNER = { email: "owner@elmhomes.example", password: "Elm-Homes-Owner-1!" };
const MANAGER = { email: "manager@elmhomes.example", password: "Elm-Homes-Manager-1!" };

/** The report's property: a one-bedroom plan with one vacant unit, and vacant units without a plan. */
const PLAN = { name: "A1 One Bedroom", beds: 1, baths: 1, sqft: 650, rent: 1450 };
const UNITS = [
  { number: "101", plan: true, beds: 1, sqft: 650, occupied: false },
  { number: "102", plan: true, beds: 1, sqft: 650, occupied: true },
  { number: "201", plan: false, beds: 2, sqft: 900, occupied: false },
  { number: "202", plan: false, beds: null, sqft: null, occupied: false },
  { number: "203", plan: false, beds: 3, sqft: 1200, occupied: true },
];
const vacant = UNITS.filter((u) => !u.occupied);
const withoutPlan = vacant.filter((u) => !u.plan);

async function seed(e2e: E2e) {
  const org = await createApprovedOrganization(e2e.app.db, {
    name: "Elm Homes",
    email: OWNER.email,
    password: OWNER.password,
    firstName: "Ella",
    lastName: "Owner",
  });
  const hash = await hashPassword(MANAGER.password);
  await e2e.app.asSystem(async (tx) => {
    const one = async <T>(q: ReturnType<typeof sql>) =>
      ((await tx.execute(q)) as unknown as { rows: T[] }).rows[0] as T;
    const address = await one<{ id: number }>(sql`insert into addresses
      (organization_id, address_line_1, city, state_id, zipcode, latitude, longitude)
      values (${org.orgId}, '12 Elm Street', 'Austin', (select id from us_states where state_code = 'TX'), '78701',
        30.2711, -97.7437) returning id`);
    const property = await one<{ id: string }>(sql`insert into properties
      (organization_id, name, property_type_id, address_id, property_slug, show_property_online)
      values (${org.orgId}, 'Elm Street Flats', (select id from property_types where code = 'MFH'), ${address.id},
        'elm-street-flats-e2e', true) returning id`);
    const plan = await one<{ id: number }>(sql`insert into floor_plans (organization_id, property_id, plan_name,
      bed_rooms, bath_rooms, total_square_feet, base_rent_estimate)
      values (${org.orgId}, ${property.id}, ${PLAN.name}, ${PLAN.beds}, ${PLAN.baths}, ${PLAN.sqft}, ${PLAN.rent})
      returning id`);
    for (const u of UNITS) {
      await tx.execute(sql`insert into units (organization_id, property_id, floor_plan_id, unit_number,
        number_of_bedrooms, square_footage, occupied)
        values (${org.orgId}, ${property.id}, ${u.plan ? plan.id : null}, ${u.number}, ${u.beds}, ${u.sqft},
          ${u.occupied})`);
    }
    await tx.execute(sql`insert into users (organization_id, role_id, username, password_hash)
      values (${org.orgId}, (select id from roles where name = 'PROPERTY_MANAGER'), ${MANAGER.email}, ${hash})`);
  });
}

describe.skipIf(!hasChromium)("what a listing says is available, and who adds properties", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
    await seed(e2e);
  });
  afterAll(() => e2e?.close());

  it("counts every available unit once on the card and the page, and takes an application for a unit without a plan", async () => {
    const page = await e2e.newPage();
    await page.goto("/properties?zipCode=78701");
    const card = page.getByRole("article").filter({ hasText: "Elm Street Flats" });
    await card.waitFor();
    const text = (await card.textContent()) ?? "";
    // The ranges cover the one-bedroom on its plan and the two-bedroom without one.
    expect(text).toContain(`${vacant.length} units available`);
    expect(text).toContain("1–2 beds");
    expect(text).toContain("650–900 sq ft");

    await card.getByRole("link", { name: "Elm Street Flats" }).click();
    await page.waitForURL("**/properties/elm-street-flats-e2e");
    const table = page.getByRole("table");
    await table.waitFor();
    const rows = table.getByRole("row");
    // Header, the plan, and each unit without a plan: their Available cells add up to the card's count.
    expect(await rows.count()).toBe(1 + 1 + withoutPlan.length);
    const available = await rows.evaluateAll((trs) =>
      trs.slice(1).map((tr) => Number(tr.querySelectorAll("td")[4]?.textContent)),
    );
    expect(available.reduce((a, b) => a + b, 0)).toBe(vacant.length);
    expect(await rows.filter({ hasText: PLAN.name }).textContent()).toContain("$1,450/mo");
    const two = rows.filter({ hasText: "Unit 201" });
    expect(await two.textContent()).toContain("2 beds");
    expect(await two.textContent()).toContain("900 sq ft");
    // On a phone the table scrolls inside its box, not the page; both themes pass axe.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("link", { name: "Apply now" }).click();
    await page.waitForURL("**/properties/elm-street-flats-e2e/apply");
    const submit = page.getByRole("button", { name: "Submit Application" });
    await hydrated(submit);
    const choice = page.getByLabel("Floor plan or unit");
    const options = await choice.locator("option").allTextContents();
    // Every available unit can be chosen: by its plan, or as itself.
    expect(options.filter((o) => o.startsWith(PLAN.name))).toHaveLength(1);
    for (const u of withoutPlan)
      expect(options.some((o) => o.startsWith(unitName({ unit_number: u.number, building_name: null })))).toBe(true);
    await page.getByLabel("Full Name").fill("Tomas Tenant");
    await page.getByLabel("Email").fill("tomas@example.com");
    await page.getByLabel("Phone Number").fill("5125550123");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await choice.selectOption({ label: "Unit 201 · 2 beds · 900 sq ft" });
    // The date picker's segments, month first (en-US); typing moves on by itself.
    const [year, month, day] = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10).split("-");
    await page.getByRole("spinbutton", { name: /^month, Desired move-in date/ }).focus();
    await page.keyboard.type(`${month}${day}${year}`);
    await submit.click();
    await page.getByRole("heading", { name: "Application submitted" }).waitFor();
  });

  it("shows the administrator the unit applied for, and warns that units without a plan show no rent", async () => {
    const admin = await signIn(e2e, OWNER);
    await openFromMenu(admin, "Applicants", "All Applicants");
    const row = grid(admin).getByRole("row").filter({ hasText: "Tomas Tenant" });
    await row.waitFor();
    expect(await columnText(admin, "unit_number")).toEqual(["201"]);

    await openFromMenu(admin, "Property", "All Properties");
    await grid(admin).getByText("Elm Street Flats").click({ button: "right" });
    await admin.getByRole("menuitem", { name: "Edit Property" }).click();
    const edit = admin.getByRole("dialog", { name: "Edit Property: Elm Street Flats" });
    expect(await edit.getByRole("switch", { name: "List on the public site" }).isChecked()).toBe(true);
    const warning = edit.getByText(listingMessages.withoutRent(withoutPlan.length));
    await warning.waitFor();
    const named = withoutPlan.map((u) => unitName({ unit_number: u.number, building_name: null })).join(", ");
    await edit.getByText(named).waitFor();
    expect(await axeInBothThemes(admin)).toEqual({ light: "", dark: "" });
  });

  it("gives a Property Manager no way to add a property", async () => {
    const manager = await signIn(e2e, MANAGER);
    await openFromMenu(manager, "Property", "All Properties");
    await manager.getByRole("tab", { name: "All Properties", selected: true }).waitFor();
    const add = manager.getByRole("button", { name: "Add: Your role cannot add properties" });
    expect(await add.isDisabled()).toBe(true);
  });
});
