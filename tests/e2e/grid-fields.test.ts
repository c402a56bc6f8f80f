import type { TenantRow } from "@keyholder/contracts/tenants";
import type { UnitRow } from "@keyholder/contracts/units";
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { columnText, exportCsv, grid } from "./grid-page.ts";
import { DEMO, DEMO_ENV, type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";

const fieldsOf = (url: URL) => url.searchParams.get("fields")?.split(",") ?? [];
const shown = (n: number | null) => (n === null ? "N/A" : String(n));

async function manageColumns(page: Page, toggles: string[]) {
  await grid(page).getByRole("columnheader", { name: "Unit Number" }).click({ button: "right" });
  await page.getByRole("menuitem", { name: "Manage Columns" }).click();
  const manager = page.getByRole("dialog", { name: "Manage Columns" });
  for (const name of toggles) await manager.getByText(name, { exact: true }).click();
  await manager.getByRole("button", { name: "Done" }).click();
  await manager.waitFor({ state: "detached" });
}

/** Issue 31: a grid page carries the fields of the columns shown, not those of the columns hidden. */
describe.skipIf(!hasChromium)("the grid asks only for the fields it shows (issue 31)", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e(DEMO_ENV);
  });
  afterAll(() => e2e?.close());

  /** Signed in with a table open from the menu, and every request to its list recorded from the first. */
  async function openAsking(category: string, item: string, path: string) {
    const page = await signIn(e2e, DEMO);
    const asked: URL[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === path) asked.push(url);
    });
    await openFromMenu(page, category, item);
    await grid(page).getByRole("gridcell").first().waitFor();
    return { page, asked };
  }

  it("leaves out a hidden column's fields, loads them when it is shown, and still edits and exports whole rows", async () => {
    const { page, asked } = await openAsking("Unit", "All Units", "/api/v1/units");
    const api = async (query: string) =>
      ((await (await page.request.get(`/api/v1/units?${query}`)).json()) as { units: UnitRow[] }).units;
    const byNumber = await api("limit=40");

    // Asked as rows, without the fields of the columns hidden by default (the floor plan's
    // details, the building's number, the dates), with those of the columns shown.
    const first = asked[0];
    if (!first) throw new Error("the grid asked for no units");
    expect(first.searchParams.get("shape")).toBe("rows");
    expect(fieldsOf(first)).toEqual(expect.arrayContaining(["unit_id", "unit_number", "number_of_bedrooms"]));
    // Nor what the grid never shows (the form's own fields, read when a unit is opened).
    for (const hidden of [
      "laundry_type",
      "rentable_square_feet",
      "building_number",
      "created_date",
      "organization_id",
      "bed_rooms",
    ]) {
      expect(fieldsOf(first)).not.toContain(hidden);
    }

    // Laundry shown: the rows loaded are read again with it, and its cells say what the API says.
    const before = asked.length;
    await manageColumns(page, ["Laundry"]);
    await expect.poll(() => asked.slice(before).some((url) => fieldsOf(url).includes("laundry_type"))).toBe(true);
    await expect
      .poll(async () => (await columnText(page, "laundry_type")).slice(0, 10))
      .toEqual(byNumber.slice(0, 10).map((u) => u.laundry_type ?? "N/A"));

    // Bedrooms hidden: pages asked for from then on leave its field out.
    await manageColumns(page, ["Bedrooms"]);
    const hiddenAt = asked.length;
    await grid(page).getByRole("button", { name: "Unit Number" }).click();
    await expect.poll(() => asked.length).toBeGreaterThan(hiddenAt);
    const sorted = asked.at(-1) as URL;
    expect(sorted.searchParams.get("sort_direction")).toBe("desc");
    expect(fieldsOf(sorted)).not.toContain("number_of_bedrooms");
    expect(fieldsOf(sorted)).toContain("laundry_type");
    const descending = await api("limit=40&sort_direction=desc");
    await expect
      .poll(async () => (await columnText(page, "unit_number")).slice(0, 5))
      .toEqual(descending.slice(0, 5).map((u) => u.unit_number));

    // Its editor reads the unit whole: the bedrooms the grid no longer has are in the form.
    const top = descending[0] as UnitRow;
    await grid(page).getByRole("gridcell", { name: top.unit_number, exact: true }).first().click();
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const editor = page.getByRole("dialog", { name: /^Edit Unit/ });
    await expect.poll(() => editor.getByLabel("Bedrooms").inputValue()).toBe(String(top.number_of_bedrooms ?? ""));
    await editor.getByRole("button", { name: "Cancel" }).click();
    await editor.waitFor({ state: "detached" });

    // Exported with all columns, Bedrooms is there with every exported row's value.
    await grid(page)
      .getByRole("gridcell", { name: top.unit_number, exact: true })
      .first()
      .click({ modifiers: ["Control"] });
    const csv = await exportCsv(page, "all");
    const [header = [], ...records] = parse(csv.lines.join("\n")) as string[][];
    const bedrooms = header.indexOf("Bedrooms");
    expect(bedrooms).toBeGreaterThan(-1);
    const values = records.map((record) => record[bedrooms]);
    expect(values.slice(0, 20)).toEqual(descending.slice(0, 20).map((u) => shown(u.number_of_bedrooms)));
  });

  it("asks the tenants grid for its shown columns only, and reads a tenant whole to edit", async () => {
    const { page, asked } = await openAsking("Tenants", "Tenants", "/api/v1/tenants");
    const first = asked[0];
    if (!first) throw new Error("the grid asked for no tenants");
    expect(fieldsOf(first)).toEqual(expect.arrayContaining(["id", "name", "email", "status"]));
    for (const hidden of ["notes", "alternate_email", "first_name", "created_by"])
      expect(fieldsOf(first)).not.toContain(hidden);

    const tenants = ((await (await page.request.get("/api/v1/tenants?limit=5")).json()) as { tenants: TenantRow[] })
      .tenants;
    const top = tenants[0] as TenantRow;
    await grid(page).getByRole("gridcell", { name: top.name, exact: true }).first().click();
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const editor = page.getByRole("dialog", { name: `Edit Tenant: ${top.name}` });
    await expect.poll(() => editor.getByLabel("Notes").inputValue()).toBe(top.notes ?? "");
    expect(await editor.getByLabel("Alternate Email").inputValue()).toBe(top.alternate_email ?? "");
    if (top.kind === "person") expect(await editor.getByLabel("First Name").inputValue()).toBe(top.first_name ?? "");
  });
});
