import { addMonths, monthEnd, monthName, monthStart } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import { splitCents } from "@keyholder/contracts/split-cents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { type E2e, hasChromium, openFromMenu, startE2e } from "./harness.ts";
import { organizationWithLease } from "./lease-setup.ts";

describe.skipIf(!hasChromium)("Property > By Owner in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("adds an owner, shares a property 60/40, charges last month's management fee once, and runs a distribution that shows each owner's amount", async () => {
    const { page, api, today } = await organizationWithLease(e2e, "owners");
    await api("/bank-accounts", { name: "Trust Checking", kind: "trust" });
    // Tenants' deposits are kept apart in escrow, so they are not held back from the owners.
    await api("/bank-accounts", { name: "Deposit Escrow", kind: "escrow" });
    await api("/owners", { name: "Ben Holder", kind: "person" });
    await openFromMenu(page, "Property", "By Owner");
    const panel = page.getByRole("tabpanel", { name: "By Owner" });

    await panel.getByRole("button", { name: "Add Owner" }).click();
    const add = page.getByRole("dialog", { name: "Add Owner" });
    await add.getByLabel("Name", { exact: true }).fill("Ada Landlord");
    await add.getByLabel("Tax classification").selectOption("individual");
    await add.getByLabel("Taxpayer id (SSN or EIN)").fill("12345");
    await add.getByRole("button", { name: "Add Owner" }).click();
    await add.getByText("Enter a taxpayer id of 9 digits (SSN or EIN)").waitFor();
    await add.getByLabel("Taxpayer id (SSN or EIN)").fill("123-45-6789");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await add.getByRole("button", { name: "Add Owner" }).click();
    await page.getByText("Owner Ada Landlord added").waitFor();
    const owners = panel.getByRole("table", { name: "Owners" });
    await expect.poll(() => owners.getByRole("row", { name: /^Ada Landlord/ }).textContent()).toContain("•••-••-6789");

    await panel.getByRole("button", { name: "Set Owners" }).click();
    const set = page.getByRole("dialog", { name: "Set Owners" });
    await set.getByRole("combobox", { name: "Property" }).fill("Elm");
    await page.getByRole("option", { name: "Elm Court" }).click();
    await set.getByLabel("Ada Landlord share").fill("60");
    await set.getByLabel("Ben Holder share").fill("30");
    await expect.poll(() => set.getByRole("status").textContent()).toBe("Total 90% (must be 100%)");
    await set.getByRole("button", { name: "Set Owners" }).click();
    await set.getByText("The shares must add up to 100%: they add up to 90%").waitFor();
    await set.getByLabel("Ben Holder share").fill("40");
    await set.getByRole("button", { name: "Set Owners" }).click();
    await page.getByText(`Owners of Elm Court set from ${today}`).waitFor();
    await expect
      .poll(() => owners.getByRole("row", { name: /^Ben Holder/ }).textContent())
      .toContain("Elm Court (40%)");

    // Ben puts $1,000.01 into Elm Court's trust cash.
    const put = 100_001;
    await panel.getByRole("button", { name: "Record Contribution" }).click();
    const contribute = page.getByRole("dialog", { name: "Record Contribution" });
    await contribute.getByLabel("Owner").selectOption({ label: "Ben Holder" });
    expect(await contribute.getByLabel("Property").locator("option:checked").textContent()).toBe("Elm Court");
    expect(await contribute.getByLabel("Bank account").locator("option:checked").textContent()).toBe("Trust Checking");
    await contribute.getByLabel("Amount").fill("1,000.01");
    await contribute.getByRole("button", { name: "Record Contribution" }).click();
    await page.getByText(`${formatCents(put)} from Ben Holder into Elm Court's trust cash`).waitFor();

    // A management agreement from the start of last month: 8% of rent collected, at least $75 a month,
    // charged for last month.
    const fee = 7_500;
    const lastMonth = addMonths(monthStart(today), -1);
    await panel.getByRole("button", { name: "Add Agreement" }).click();
    const agreement = page.getByRole("dialog", { name: "Add Management Agreement" });
    await agreement.getByRole("combobox", { name: "Property" }).fill("Elm");
    await page.getByRole("option", { name: "Elm Court" }).click();
    const [year, month, day] = lastMonth.split("-");
    await agreement.getByRole("spinbutton", { name: /^month, From/ }).focus();
    await page.keyboard.type(`${month}${day}${year}`);
    await agreement.getByLabel("Minimum fee").fill("75");
    await agreement.getByLabel("Fee percent").fill("abc");
    await agreement.getByRole("button", { name: "Add Agreement" }).click();
    await agreement.getByText("Enter a percent like 8 or 7.5").waitFor();
    // 8% of the rent collected: the tenant paid nothing last month, so the minimum is charged.
    await agreement.getByLabel("Fee percent").fill("8");
    expect(await agreement.getByLabel("Percent of").locator("option:checked").textContent()).toBe("Income collected");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await agreement.getByRole("button", { name: "Add Agreement" }).click();
    await page.getByText("Management agreement for Elm Court added").waitFor();
    await expect
      .poll(() =>
        panel
          .getByRole("table", { name: "Management agreements" })
          .getByRole("row", { name: /^Elm Court/ })
          .textContent(),
      )
      .toContain("8% of income collected");
    await panel.getByRole("button", { name: "Run Management Fees" }).click();
    const fees = page.getByRole("dialog", { name: "Run Management Fees" });
    await fees.getByRole("button", { name: "Charge Fees" }).click();
    await page
      .getByText(`: ${formatCents(fee)} from 1 property`, { exact: false })
      .first()
      .waitFor();
    expect(
      await panel
        .getByRole("table", { name: "Fees charged" })
        .getByRole("row", { name: /^Elm Court/ })
        .textContent(),
    ).toContain(formatCents(fee));
    // The same month again is refused, naming the property.
    await panel.getByRole("button", { name: "Run Management Fees" }).click();
    const again2 = page.getByRole("dialog", { name: "Run Management Fees" });
    await again2.getByRole("button", { name: "Charge Fees" }).click();
    await again2.getByText("Elm Court has a management fee for some of these days already").waitFor();
    await again2.getByRole("button", { name: "Cancel" }).click();

    // Ending the agreement: not before the fee charged under it; at this month's end by default.
    const agreements = panel.getByRole("table", { name: "Management agreements" });
    await agreements.getByRole("button", { name: "End the agreement for Elm Court" }).click();
    const ending = page.getByRole("dialog", { name: "End Agreement: Elm Court" });
    await ending.getByRole("spinbutton", { name: /^month, Last day/ }).focus();
    await page.keyboard.type(`${month}${day}${year}`);
    await ending.getByRole("button", { name: "End Agreement" }).click();
    await ending.getByText(`it ends on or after their last day`, { exact: false }).waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    const [endYear, endMonth, endDay] = monthEnd(today).split("-");
    await ending.getByRole("spinbutton", { name: /^month, Last day/ }).focus();
    await page.keyboard.type(`${endMonth}${endDay}${endYear}`);
    await ending.getByRole("button", { name: "End Agreement" }).click();
    await page.getByText(`The agreement for Elm Court ends on ${monthEnd(today)}`).waitFor();
    await expect
      .poll(() => agreements.getByRole("row", { name: /^Elm Court/ }).textContent())
      .toContain(`${lastMonth} to ${monthEnd(today)}`);
    expect(await agreements.getByRole("button", { name: "End the agreement for Elm Court" }).count()).toBe(0);

    const [adaShare, benShare] = splitCents(put - fee, [6_000, 4_000]) as [number, number];

    await panel.getByRole("button", { name: "Run Distribution" }).click();
    const run = page.getByRole("dialog", { name: "Run Distribution" });
    const plan = run.getByRole("table", { name: "Distribution to owners" });
    await expect
      .poll(() => plan.getByRole("row", { name: /^Ada Landlord/ }).textContent())
      .toContain(`Elm Court ${formatCents(adaShare)}`);
    expect(
      await plan
        .getByRole("row", { name: /^Ben Holder/ })
        .getByRole("cell")
        .last()
        .textContent(),
    ).toBe(formatCents(benShare));
    await expect.poll(() => run.getByRole("status").textContent()).toBe(`Total to pay ${formatCents(put - fee)}`);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await run.getByRole("button", { name: `Pay Owners ${formatCents(put - fee)}` }).click();
    await page.getByText(`Owners paid ${formatCents(put - fee)} from Trust Checking`).waitFor();
    const paid = panel.getByRole("table", { name: "Owners paid" });
    expect(
      await paid
        .getByRole("row", { name: /^Ada Landlord/ })
        .getByRole("cell")
        .textContent(),
    ).toBe(formatCents(adaShare));
    expect(
      await paid
        .getByRole("row", { name: /^Ben Holder/ })
        .getByRole("cell")
        .textContent(),
    ).toBe(formatCents(benShare));

    const history = panel.getByRole("table", { name: "Distributions paid" });
    await expect
      .poll(() => history.getByRole("row", { name: /Ada Landlord/ }).textContent())
      .toContain(formatCents(adaShare));
    // Paid out: a second run has nothing to pay.
    await panel.getByRole("button", { name: "Run Distribution" }).click();
    const again = page.getByRole("dialog", { name: "Run Distribution" });
    await expect.poll(() => again.getByRole("status").textContent()).toBe(`Total to pay ${formatCents(0)}`);
    expect(await again.getByRole("button", { name: /^Pay Owners/ }).isDisabled()).toBe(true);
    await again.getByRole("button", { name: "Cancel" }).click();

    // Ben's statement for this month: last month's fee left the trust cash short, Ben's money
    // came in and went out to the owners, nothing is left or held back.
    await owners.getByRole("button", { name: "Statement of Ben Holder" }).click();
    const statement = page.getByRole("dialog", { name: "Statement: Ben Holder" });
    await statement.getByLabel("Month").selectOption(monthStart(today));
    const elm = statement.getByRole("table", { name: "Elm Court statement" });
    const line = async (name: string) => (await elm.getByRole("row", { name }).getByRole("cell").textContent()) ?? "";
    await expect.poll(() => line("Owner contributions")).toBe(formatCents(put));
    expect(await line("Beginning cash")).toBe(formatCents(-fee));
    expect(await line("Owner distributions")).toBe(formatCents(-(put - fee)));
    expect(await line("Ending cash")).toBe(formatCents(0));
    expect(await line("Available")).toBe(formatCents(0));
    expect(await statement.getByRole("status").textContent()).toBe(
      `Available to Ben Holder at the end of ${monthName(monthStart(today))}: ${formatCents(0)}`,
    );
    expect(await statement.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toContain("format=csv");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
  });
});
