import { addDays, addMonths, todayIn } from "@keyholder/contracts/civil-date";
import { proratedCents } from "@keyholder/contracts/leases";
import { formatCents } from "@keyholder/contracts/money";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { grid } from "./grid-page.ts";
import { harborLofts } from "./harbor-lofts.ts";
import { type E2e, hasChromium, openFromMenu, signIn, startE2e, typeDate } from "./harness.ts";

type Rows<T> = { rows: T[] };

describe.skipIf(!hasChromium)("Tenants > Leases in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("turns an approved applicant into a lease, moves it in and shows what the tenant owes", async () => {
    const owner = await e2e.signUp({ email: "leasing@example.com", company_name: "Leasing Homes" });
    const today = todayIn("America/New_York");
    // Starting today: the first month is prorated (unless today is the 1st), the dialog says how much.
    const start = today;
    const end = addDays(addMonths(start, 12), -1);
    const { one, orgId, propertyId, unitId } = await harborLofts(e2e, owner.email);
    await one(sql`insert into applications (organization_id, property_id, property_name, unit_id, unit_number,
        full_name, email, phone, move_in_date, status, submitted_at)
      values (${orgId}, ${propertyId}, 'Harbor Lofts', ${unitId}, '4B', 'Rosa Renter', 'rosa@example.com',
        '(415) 555-0199', ${start}::date, 'approved', now())`);

    const page = await signIn(e2e, owner);
    await openFromMenu(page, "Applicants", "All Applicants");
    const applicant = grid(page).getByRole("row").filter({ hasText: "Rosa Renter" });
    await applicant.getByRole("gridcell").first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "Create Lease" }).click();

    // The Leases tab opens its Add dialog filled from the application: nothing retyped.
    const dialog = page.getByRole("dialog", { name: "Add New Lease" });
    await dialog.getByText("From Rosa Renter's approved application").waitFor();
    expect(await dialog.getByRole("combobox", { name: "Property" }).inputValue()).toBe("Harbor Lofts");
    expect(await dialog.getByRole("combobox", { name: "Unit 1", exact: true }).inputValue()).toBe("4B");
    expect(await dialog.getByRole("combobox", { name: "Tenant 1", exact: true }).inputValue()).toBe("Rosa Renter");
    await typeDate(page, "End Date", end);
    await dialog.getByLabel("Monthly Rent ($)").fill("1,250");
    await dialog.getByLabel("Security Deposit ($)").fill("1500");
    const firstMonth = proratedCents(125_000, start, addDays(addMonths(`${start.slice(0, 7)}-01`, 1), -1));
    await dialog.getByText(`First month: ${formatCents(firstMonth)}`).waitFor();
    await dialog.getByRole("button", { name: "Create" }).click();
    await dialog.waitFor({ state: "detached" });

    const lease = grid(page).getByRole("row").filter({ hasText: "Rosa Renter" });
    await lease.getByText("Pending").waitFor();
    expect(await lease.textContent()).toContain("$1,250.00");

    await lease.getByRole("gridcell").first().click({ button: "right" });
    await page.getByRole("menuitem", { name: "View Lease" }).click();
    const view = page.getByRole("dialog", { name: /^Lease \d+: Rosa Renter/ });
    await view.getByRole("button", { name: "Move In" }).click();
    await view.getByRole("button", { name: "Move In" }).click();
    // The first month prorated and the deposit: what she owes now.
    const owed = firstMonth + 150_000;
    await page.getByText(`Moved in: 2 charges posted, ${formatCents(owed)}`).waitFor();
    await view.getByText("Active", { exact: true }).waitFor();
    expect(await view.textContent()).toContain(formatCents(owed));

    // A payment of part of it, by check: the balance on screen is what is left.
    await view.getByRole("button", { name: "Record Payment" }).click();
    const payment = view.getByRole("form", { name: "Record Payment" });
    await payment.getByLabel("Amount ($)").fill("1000");
    await payment.getByLabel("Reference (check number, confirmation)").fill("1042");
    await payment.getByRole("button", { name: "Record Payment" }).click();
    const left = owed - 100_000;
    await page.getByText(`Payment of $1,000.00 posted. Balance: ${formatCents(left)}`).waitFor();
    await view.getByText(`Balance: ${formatCents(left)}`).waitFor();
    expect(await view.getByRole("row").filter({ hasText: "$1,000.00" }).count()).toBeGreaterThan(0);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // The unit follows the lease.
    const [unit] = await e2e.app.asSystem(
      async (tx) =>
        (
          (await tx.execute(sql`select occupied from units where unit_number = '4B'`)) as unknown as Rows<{
            occupied: boolean;
          }>
        ).rows,
    );
    expect(unit?.occupied).toBe(true);
  });
});
