import { randomUUID } from "node:crypto";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { formatCents } from "@keyholder/contracts/money";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { columnText, exportCsv } from "./grid-page.ts";
import { type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";

describe.skipIf(!hasChromium)("Tenants > Tenants in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("adds a tenant through the dialog, finds them in the grid, opens their page, and lists them By Status", async () => {
    const owner = await e2e.signUp({ email: "tenantco@example.com", company_name: "Tenantco Rentals" });
    const page = await signIn(e2e, owner);
    await openFromMenu(page, "Tenants", "Tenants");
    const empty = page.getByRole("region", { name: "No Tenants Found" });
    await empty.getByText("Get started by adding your first tenant.").waitFor();

    await empty.getByRole("button", { name: "Add Tenant" }).click();
    const add = page.getByRole("dialog", { name: "Add New Tenant" });
    await add.getByRole("button", { name: "Create" }).click();
    await add.getByText("First name is required").waitFor();
    await add.getByText("Last name is required").waitFor();
    // A company needs its name instead.
    await add.getByRole("radio", { name: "Company" }).check({ force: true });
    await add.getByLabel("Company Name").waitFor();
    await add.getByRole("radio", { name: "Person" }).check({ force: true });
    await add.getByLabel("First Name").fill("Maria");
    await add.getByLabel("Last Name").fill("Lopez");
    await add.getByLabel("Email", { exact: true }).fill("maria@");
    await add.getByLabel("Phone", { exact: true }).fill("5125550101");
    await add.getByRole("button", { name: "Create" }).click();
    await add.getByText("Enter a valid email address, such as name@example.com").waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await add.getByLabel("Email", { exact: true }).fill("maria@example.com");
    await add.getByLabel("Contact Name").fill("Ana Lopez");
    await add.getByLabel("Contact Phone").fill("5125550199");
    await add.getByLabel("Relationship").fill("Sister");
    await add.getByLabel("Notes").fill("Prefers email");
    await add.getByRole("button", { name: "Create" }).click();
    await add.waitFor({ state: "detached" });

    await expect.poll(() => columnText(page, "name")).toEqual(["Maria Lopez"]);
    expect(await columnText(page, "phone")).toEqual(["(512) 555-0101"]);
    expect(await columnText(page, "status")).toEqual(["No Lease"]);

    const tenants = page.getByRole("grid", { name: "Tenants" });
    await tenants.getByRole("row").filter({ hasText: "Maria Lopez" }).getByRole("gridcell").first().dblclick();
    const view = page.getByRole("dialog", { name: "Tenant: Maria Lopez" });
    const contact = view.getByRole("region", { name: "Contact" });
    await contact.getByRole("link", { name: "maria@example.com" }).waitFor();
    const emergency = view.getByRole("region", { name: "Emergency Contact" });
    expect(await emergency.textContent()).toContain("Ana Lopez");
    expect(await emergency.textContent()).toContain("Sister");
    const documents = view.getByRole("region", { name: "Documents" });
    await documents.getByText("No documents yet.").waitFor();

    // A renter's insurance that lapsed: uploaded with its expiry date, flagged as expired.
    const upload = documents.getByRole("form", { name: "Add a document" });
    await upload.getByLabel(/^File/).setInputFiles({
      name: "insurance.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
    });
    await upload.getByLabel("Title").fill("Renter's insurance");
    await upload.getByLabel("Kind").selectOption({ label: "Insurance" });
    await upload.getByRole("spinbutton", { name: /^month, Expires On/ }).focus();
    await page.keyboard.type("01152020");
    await upload.getByRole("button", { name: "Upload Document" }).click();
    await documents.getByText("Expired on 1/15/2020").waitFor();
    await documents.getByText("1 document has expired. Ask the tenant for a current copy.").waitFor();
    expect(await documents.getByRole("link", { name: "Renter's insurance" }).getAttribute("download")).toBe(
      "insurance.pdf",
    );
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    // Deleting one is asked first.
    await documents.getByRole("button", { name: "Delete Renter's insurance" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Renter's insurance?" });
    await confirm.getByRole("button", { name: "Delete Document" }).click();
    await documents.getByText("No documents yet.").waitFor();
    await view.getByRole("button", { name: "Close", exact: true }).last().click();
    await view.waitFor({ state: "detached" });

    // Export, like every table (the row opened is selected): the shown columns, the status as the grid words it.
    const csv = await exportCsv(page);
    expect(csv.name).toBe("selected_tenants.csv");
    expect(csv.lines[0]).toBe("Name,Type,Status,Email,Phone,Balance");
    expect(csv.lines[1]).toBe("Maria Lopez,Person,No Lease,maria@example.com,(512) 555-0101,$0.00");

    // By Status: a current tenant (the leases code sets the status) under Current, with its count.
    await e2e.app.asSystem((tx) => tx.execute(sql`update tenants set status = 'current' where name = 'Maria Lopez'`));
    await openFromMenu(page, "Tenants", "By Status");
    await page.getByRole("tab", { name: "Current (1)" }).waitFor();
    await page.getByRole("grid", { name: "Current Tenants" }).getByText("Maria Lopez").waitFor();
    await page.getByRole("tab", { name: "Past (0)" }).click();
    await page.getByText("No past tenants.").waitFor();
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // Deleted from the tab (no lease holds them), then put back with Undo.
    await page.getByRole("tab", { name: "Current (1)" }).click();
    const current = page.getByRole("grid", { name: "Current Tenants" });
    await current.getByRole("row").filter({ hasText: "Maria Lopez" }).getByRole("gridcell").first().click({
      button: "right",
    });
    await page.getByRole("menuitem", { name: "Delete Tenant" }).click();
    const confirmDelete = page.getByRole("dialog", { name: "Delete Tenant: Maria Lopez" });
    await confirmDelete.getByRole("button", { name: "Delete" }).click();
    await confirmDelete.waitFor({ state: "detached" });
    await page.getByRole("tab", { name: "Current (0)" }).waitFor();
    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByRole("tab", { name: "Current (1)" }).waitFor();
    await current.getByText("Maria Lopez").waitFor();
  });
  it("shows a past tenant's leases on their page with what is still owed, and opens the lease in place", async () => {
    const owner = await e2e.signUp({ email: "owed@example.com", company_name: "Owed Rentals" });
    const ids = await e2e.app.asSystem(async (tx) => {
      const one = async <T>(q: ReturnType<typeof sql>) =>
        ((await tx.execute(q)) as unknown as { rows: T[] }).rows[0] as T;
      const org = await one<{ id: string }>(
        sql`select organization_id as id from users where username = ${owner.email.toLowerCase()}`,
      );
      const property = await one<{ id: string }>(sql`insert into properties (organization_id, name, property_type_id)
        values (${org.id}, 'Birch Court', (select min(id) from property_types)) returning id`);
      const tenant = await one<{ id: string }>(sql`insert into tenants (organization_id, kind, first_name, last_name,
        name, status) values (${org.id}, 'person', 'Pat', 'Gone', 'Pat Gone', 'past') returning id`);
      // Last year's lease, moved out: what the leases code leaves behind.
      const lease = await one<{ id: string; lease_no: number }>(sql`insert into leases (organization_id, property_id,
        status, term, start_date, end_date, move_out_date, moved_out_on, rent_cents, tenant_names, unit_names,
        property_name) values (${org.id}, ${property.id}, 'ended', 'fixed', '2025-01-01', '2025-12-31', '2025-12-31',
        '2025-12-31', 90000, 'Pat Gone', 'B2', 'Birch Court') returning id, lease_no`);
      await tx.execute(sql`insert into lease_parties (organization_id, lease_id, tenant_id, property_id, role)
        values (${org.id}, ${lease.id}, ${tenant.id}, ${property.id}, 'primary')`);
      const rent = await one<{ id: number }>(
        sql`select id from ledger_accounts where organization_id = ${org.id} and role = 'rent_income'`,
      );
      return { lease: lease.id, leaseNo: Number(lease.lease_no), rentAccount: Number(rent.id) };
    });
    // December's rent and a part payment, posted through the API as the office would.
    const login = await e2e.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { username: owner.email, password: owner.password },
    });
    const post = async (path: string, payload: object) => {
      const res = await e2e.app.inject({
        method: "POST",
        url: `/api/v1/leases/${ids.lease}/${path}`,
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        cookies: { kh_session: login.cookies.find((c) => c.name === "kh_session")?.value ?? "" },
        payload: { idempotency_key: randomUUID(), ...payload },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await post("charges", {
      account_id: ids.rentAccount,
      amount_cents: 90_000,
      posted_on: "2025-12-01",
      description: "Rent",
    });
    await post("payments", { method: "check", reference: "88", received_on: "2025-12-03", amount_cents: 42_525 });
    const owed = formatCents(90_000 - 42_525);

    const page = await signIn(e2e, owner);
    await openFromMenu(page, "Tenants", "Tenants");
    await expect.poll(() => columnText(page, "balance_cents")).toEqual([owed]);
    const tenants = page.getByRole("grid", { name: "Tenants" });
    await tenants.getByRole("row").filter({ hasText: "Pat Gone" }).getByRole("gridcell").first().dblclick();
    const view = page.getByRole("dialog", { name: "Tenant: Pat Gone" });
    const leases = view.getByRole("region", { name: "Leases" });
    await leases.getByText(`Balance owed: ${owed}`).waitFor();
    await leases.getByText(`${owed} is still owed on an ended lease: it stays collectible after move-out.`).waitFor();
    const row = leases.getByRole("row").filter({ hasText: `Lease ${ids.leaseNo}` });
    await row.getByText("Ended", { exact: true }).waitFor();
    await row.getByText("Owed after move-out").waitFor();
    const text = await row.textContent();
    for (const part of ["Primary tenant", "Birch Court", "B2", "$900.00", owed]) expect(text).toContain(part);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // The lease opens over the tenant's page, its ledger's balance the same.
    await row.getByRole("button", { name: `Lease ${ids.leaseNo}` }).click();
    const lease = page.getByRole("dialog", { name: `Lease ${ids.leaseNo}: Pat Gone` });
    await lease.getByText("Ended", { exact: true }).first().waitFor();
    // Its ledger arrives after the lease itself.
    await expect.poll(() => lease.getByText(owed, { exact: true }).count()).toBeGreaterThan(0);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await page.keyboard.press("Escape");
    await lease.waitFor({ state: "detached" });
    await view.waitFor();

    // New Lease: Tenants > Leases' Add, with them as its primary tenant.
    await leases.getByRole("button", { name: "New Lease" }).click();
    const add = page.getByRole("dialog", { name: "Add New Lease" });
    await expect.poll(() => add.getByRole("combobox", { name: "Tenant 1", exact: true }).inputValue()).toBe("Pat Gone");
  });
});
