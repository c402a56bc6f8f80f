import { authMessages } from "@keyholder/contracts/auth";
import { buildingMessages } from "@keyholder/contracts/buildings";
import { floorPlanMessages } from "@keyholder/contracts/floor-plans";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { looksInvalid } from "./forms-setup.ts";
import { chooseFirstProperty, openTable } from "./grid-page.ts";
import { DEMO_ENV, type E2e, hasChromium, startE2e } from "./harness.ts";

/**
 * Issue 10, bug 5: one form pattern everywhere. A field's error appears once the user leaves it
 * changed or tries to submit, and goes away as soon as the value is valid.
 */
describe.skipIf(!hasChromium)("validation messages appear at the right time and go away when fixed", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  it("Add Building: nothing is invalid on open; a refused name's message goes as the name is typed", async () => {
    const page = await openTable(e2e, "Building", "All Buildings");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Building" });
    const property = add.getByRole("combobox", { name: "Property" });
    await property.waitFor();
    expect(await looksInvalid(property, add.getByLabel("Building Number"))).toBe(false);

    await add.getByRole("button", { name: "Create" }).click();
    await add.getByText(buildingMessages.nameRequired).waitFor();
    await add.getByText(buildingMessages.propertyRequired).waitFor();
    await add.getByLabel("Building Name").pressSequentially("Aster");
    await add.getByText(buildingMessages.nameRequired).waitFor({ state: "detached" });
    expect(await add.getByLabel("Building Name").getAttribute("aria-invalid")).not.toBe("true");
    // The property is still missing: its message stays.
    await add.getByText(buildingMessages.propertyRequired).waitFor();
  });

  it("Add Floor Plan: a refused plan name's message goes as it is typed; a server message clears on edit", async () => {
    const page = await openTable(e2e, "Unit", "Floor Plans");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add New Floor Plan" });
    await add.getByRole("button", { name: "Create" }).click();
    await add.getByText(floorPlanMessages.planNameRequired).waitFor();
    await add.getByLabel("Plan Name").pressSequentially("Loft");
    await add.getByText(floorPlanMessages.planNameRequired).waitFor({ state: "detached" });

    await add.getByLabel("Bedrooms").fill("1");
    await chooseFirstProperty(add);
    await add.getByLabel("Bathrooms").fill("1");
    await add.getByLabel("Base Rent").fill("900");
    const serverMessage = "A plan with this name already exists";
    await page.route("**/api/v1/floor-plans", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            json: {
              error: {
                code: "VALIDATION_FAILED",
                message: "Some fields are not valid",
                fields: { plan_name: [serverMessage] },
              },
            },
          })
        : route.fallback(),
    );
    await add.getByRole("button", { name: "Create" }).click();
    await add.getByText(serverMessage).waitFor();
    await add.getByLabel("Plan Name").pressSequentially(" 2");
    await add.getByText(serverMessage).waitFor({ state: "detached" });
  });

  it("sign-up: tabbing past an empty email shows nothing; a wrong email shows once left and goes once fixed", async () => {
    const page = await e2e.newPage();
    await page.goto("/sign-up");
    const email = page.getByLabel("Email");
    await email.focus();
    await page.keyboard.press("Tab");
    expect(await page.getByText(authMessages.emailAt).count()).toBe(0);
    expect(await email.getAttribute("aria-invalid")).not.toBe("true");

    await email.fill("someone");
    await page.getByLabel("Confirm password").focus();
    await page.getByText(authMessages.emailAt).waitFor();
    await email.pressSequentially("@example.com");
    await page.getByText(authMessages.emailAt).waitFor({ state: "detached" });
  });

  it("sign-up: a password's problems wait for the user to leave it, then go one by one as they are fixed", async () => {
    const page = await e2e.newPage();
    await page.goto("/sign-up");
    const password = page.getByLabel("Password", { exact: true });
    await password.focus();
    await password.pressSequentially("a");
    // Give a premature message time to appear before saying it did not.
    await page.waitForTimeout(300);
    expect(await page.getByText(authMessages.passwordLength).count()).toBe(0);
    expect(await page.getByText(authMessages.passwordUppercase).count()).toBe(0);
    await page.getByLabel("Confirm password").focus();
    await page.getByText(authMessages.passwordLength).waitFor();
    // Shown now, so re-checked on every change: each problem goes as soon as it is fixed.
    await password.pressSequentially("A1!");
    await page.getByText(authMessages.passwordUppercase).waitFor({ state: "detached" });
    await page.getByText(authMessages.passwordLength).waitFor();
    await password.pressSequentially("bcdefghi");
    await page.getByText(authMessages.passwordLength).waitFor({ state: "detached" });
  });

  it("login: nothing until a submit; the messages go as the fields are fixed", async () => {
    const page = await e2e.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").focus();
    await page.keyboard.press("Tab");
    expect(await page.getByText(authMessages.loginEmail).count()).toBe(0);
    await page.getByRole("button", { name: /^Log ?in$/i }).click();
    await page.getByText(authMessages.loginEmail).waitFor();
    await page.getByText(authMessages.loginPasswordLength).waitFor();
    await page.getByLabel("Email").pressSequentially("demo@example.com");
    await page.getByText(authMessages.loginEmail).waitFor({ state: "detached" });
    await page.getByLabel("Password", { exact: true }).pressSequentially("abc");
    await page.getByText(authMessages.loginPasswordLength).waitFor({ state: "detached" });
  });
});
