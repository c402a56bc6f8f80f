import { historySchema } from "@keyholder/contracts/history";
import {
  type VendorFormInput,
  vendorListSchema,
  vendorMessages,
  vendorResponseSchema,
  vendorRowSchema,
} from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization, signedInUser } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
type Session = { cookie: string };
const PASSWORD = "Vendor-Tests-Pass-1!";

describe("vendors: the grid, writes, the taxpayer id kept sealed, delete and history", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  /** Alpha's chart of accounts by code. */
  const accounts = new Map<string, number>();

  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const form = (o: Partial<VendorFormInput> = {}): VendorFormInput => ({
    name: "Rapid Rooter",
    trades: ["plumbing", "hvac"],
    contact_name: "Sam Rivera",
    email: "Dispatch@RapidRooter.example",
    phone: "(512) 555-0142",
    address_line_1: "12 Pipe Way",
    city: "Austin",
    state_code: "tx",
    zipcode: "78702",
    legal_name: "Rapid Rooter Plumbing LLC",
    tax_classification: "llc",
    taxpayer_id: "12-3456789",
    eligible_1099: true,
    insurance_provider: "Lone Star Mutual",
    insurance_policy_number: "GL-100200",
    insurance_expires_on: "2100-06-30",
    default_expense_account_id: accounts.get("5410") ?? null,
    ...o,
  });
  const create = async (f: VendorFormInput, org: Session = alpha) => {
    const res = await send("POST", "/vendors", { payload: f, org: org as Org });
    expect(res.statusCode, res.body).toBe(201);
    return vendorResponseSchema.parse(res.json()).vendor;
  };
  const list = async (query: Record<string, string | number> = {}, org: Session = alpha) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await send("GET", `/vendors?${qs}`, { org: org as Org });
    expect(res.statusCode, res.body).toBe(200);
    return vendorListSchema.parse(res.json());
  };
  const stored = (id: string) =>
    asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select taxpayer_id_sealed, taxpayer_id_last4, to_jsonb(v)::text as everything from vendors v where id = ${id}`,
      )) as unknown as {
        rows: { taxpayer_id_sealed: string | null; taxpayer_id_last4: string | null; everything: string }[];
      };
      return rows[0];
    });
  const user = (username: string, role: string, properties?: string[]): Promise<Session> =>
    signedInUser(t, alpha, { username, role, password: PASSWORD, ...(properties ? { properties } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Vendor Alpha");
    bravo = await signedInOrganization(t, "Vendor Bravo");
    await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select code, id from ledger_accounts where organization_id = ${alpha.orgId}`,
      )) as unknown as { rows: { code: string; id: number }[] };
      for (const r of rows) accounts.set(r.code, Number(r.id));
    });
  });
  afterAll(() => t.close());

  it("creates a vendor and answers it with the taxpayer id's last four digits only", async () => {
    const res = await send("POST", "/vendors", { payload: form() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain("3456789");
    const vendor = vendorResponseSchema.parse(res.json()).vendor;
    expect(vendor).toMatchObject({
      name: "Rapid Rooter",
      trades: ["plumbing", "hvac"],
      email: "dispatch@rapidrooter.example",
      state_code: "TX",
      tax_classification: "llc",
      taxpayer_id_last4: "6789",
      eligible_1099: true,
      insurance_expires_on: "2100-06-30",
      insurance_expired: false,
      insurance_problem: null,
      default_expense_account_id: accounts.get("5410"),
      default_expense_account_name: "5410 Plumbing",
    });
    expect(vendor).not.toHaveProperty("taxpayer_id");

    const read = await send("GET", `/vendors/${vendor.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain("3456789");
    expect(vendorRowSchema.parse(read.json()).taxpayer_id_last4).toBe("6789");

    // The column holds no plain text: a sealed value, which the app's key opens.
    const row = await stored(vendor.id);
    expect(row?.taxpayer_id_sealed).toMatch(/^v1:/);
    expect(row?.everything).not.toContain("3456789");
    expect(row?.everything).not.toContain("123456789");
    expect(t.app.secretBox.open(String(row?.taxpayer_id_sealed), "keyholder:vendor_taxpayer_id")).toBe("12-3456789");
  });

  it("normalizes nine digits and flags an expired or missing certificate", async () => {
    const sole = await create(
      form({
        name: "Bea's Cleaning",
        trades: ["cleaning"],
        tax_classification: "individual",
        taxpayer_id: "987654321",
        insurance_expires_on: "2020-01-15",
        default_expense_account_id: accounts.get("5500"),
      }),
    );
    expect(sole).toMatchObject({
      taxpayer_id_last4: "4321",
      insurance_expired: true,
      insurance_problem: "Insurance expired on 2020-01-15",
    });
    const sealed = String((await stored(sole.id))?.taxpayer_id_sealed);
    expect(t.app.secretBox.open(sealed, "keyholder:vendor_taxpayer_id")).toBe("987-65-4321");

    const none = await create(
      form({ name: "Ace Locksmiths", trades: ["locks"], taxpayer_id: null, insurance_expires_on: null }),
    );
    expect(none).toMatchObject({
      taxpayer_id_last4: null,
      insurance_expired: false,
      insurance_problem: "No insurance on file",
    });
  });

  it("lists sorted and filtered on the server, another organization's vendors not among them", async () => {
    await create(form({ name: "Bravo Electric", trades: ["electrical"], default_expense_account_id: null }), bravo);
    const page = await list();
    expect(page.vendors.map((v) => v.name)).toEqual(["Ace Locksmiths", "Bea's Cleaning", "Rapid Rooter"]);
    expect(page.total_count).toBe(3);
    const down = await list({ sort_by: "v.name", sort_direction: "desc" });
    expect(down.vendors.map((v) => v.name)).toEqual(["Rapid Rooter", "Bea's Cleaning", "Ace Locksmiths"]);
    const byExpiry = await list({ sort_by: "v.insurance_expires_on", sort_direction: "asc" });
    expect(byExpiry.vendors.map((v) => v.name)).toEqual(["Bea's Cleaning", "Rapid Rooter", "Ace Locksmiths"]);

    const expired = await list({ filters: JSON.stringify({ insurance: "Expired" }) });
    expect(expired.vendors.map((v) => v.name)).toEqual(["Bea's Cleaning"]);
    const plumbers = await list({ filters: JSON.stringify({ trades: "plumb" }) });
    expect(plumbers.vendors.map((v) => v.name)).toEqual(["Rapid Rooter"]);
    const account = await list({ filters: JSON.stringify({ default_expense_account: "cleaning" }) });
    expect(account.vendors.map((v) => v.name)).toEqual(["Bea's Cleaning"]);
    expect((await list({}, bravo)).vendors.map((v) => v.name)).toEqual(["Bravo Electric"]);
  });

  it("keeps the stored taxpayer id when the field is left empty, replaces or clears it on request", async () => {
    const vendor = await create(form({ name: "Keep Id Co" }));
    const before = String((await stored(vendor.id))?.taxpayer_id_sealed);
    const kept = await send("PUT", `/vendors/${vendor.id}`, {
      payload: form({ name: "Keep Id Company", taxpayer_id: "" }),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(vendorResponseSchema.parse(kept.json()).vendor).toMatchObject({
      name: "Keep Id Company",
      taxpayer_id_last4: "6789",
    });
    expect((await stored(vendor.id))?.taxpayer_id_sealed).toBe(before);

    const replaced = await send("PUT", `/vendors/${vendor.id}`, {
      payload: form({ name: "Keep Id Company", taxpayer_id: "98-7650000" }),
    });
    expect(vendorResponseSchema.parse(replaced.json()).vendor.taxpayer_id_last4).toBe("0000");
    const cleared = await send("PUT", `/vendors/${vendor.id}`, {
      payload: form({ name: "Keep Id Company", taxpayer_id: null, clear_taxpayer_id: true }),
    });
    expect(vendorResponseSchema.parse(cleared.json()).vendor.taxpayer_id_last4).toBeNull();
    expect((await stored(vendor.id))?.taxpayer_id_sealed).toBeNull();

    const history = historySchema.parse((await send("GET", `/vendors/${vendor.id}/history`)).json()).history;
    expect(history.map((h) => h.action)).toEqual(["update", "update", "update", "create"]);
    expect(JSON.stringify(history)).not.toContain("3456789");
    expect(history[1]?.changes).toMatchObject({ taxpayer_id_last4: { from: "6789", to: "0000" } });
  });

  it("refuses an invalid EIN, a non-expense account and another organization's account with field messages", async () => {
    const bad = await send("POST", "/vendors", { payload: form({ taxpayer_id: "12-34567" }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ taxpayer_id: [vendorMessages.taxpayerIdInvalid] });

    const income = await send("POST", "/vendors", {
      payload: form({ default_expense_account_id: accounts.get("4010") }),
    });
    expect(income.statusCode, income.body).toBe(400);
    expect(income.json().error.fields).toEqual({
      default_expense_account_id: [vendorMessages.expenseAccountNotExpense],
    });

    const bravoAccount = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select id from ledger_accounts where organization_id = ${bravo.orgId} and code = '5410'`,
      )) as unknown as { rows: { id: number }[] };
      return Number(rows[0]?.id);
    });
    // Same ids across organizations would let it through by accident: make sure it is not one of alpha's.
    if (![...accounts.values()].includes(bravoAccount)) {
      const other = await send("POST", "/vendors", { payload: form({ default_expense_account_id: bravoAccount }) });
      expect(other.statusCode).toBe(400);
      expect(other.json().error.fields).toEqual({ default_expense_account_id: [vendorMessages.expenseAccountUnknown] });
    }
    const noName = await send("POST", "/vendors", { payload: form({ name: "  " }) });
    expect(noName.json().error.fields).toEqual({ name: [vendorMessages.nameRequired] });
  });

  it("answers another organization's vendor 404 on every route", async () => {
    const theirs = await create(form({ name: "Bravo Roofing", default_expense_account_id: null }), bravo);
    expect((await send("GET", `/vendors/${theirs.id}`)).statusCode).toBe(404);
    expect((await send("PUT", `/vendors/${theirs.id}`, { payload: form() })).statusCode).toBe(404);
    expect((await send("DELETE", `/vendors/${theirs.id}`)).statusCode).toBe(404);
    expect((await send("GET", `/vendors/${theirs.id}/history`)).statusCode).toBe(404);
    expect((await send("POST", "/vendors/delete", { payload: { ids: [theirs.id] } })).json()).toEqual({ deleted: 0 });
    expect((await send("GET", `/vendors/${theirs.id}`, { org: bravo })).statusCode).toBe(200);
  });

  it("deletes a vendor undoably: Undo puts it back with its id and sealed taxpayer id", async () => {
    const vendor = await create(form({ name: "Gone Gutters", trades: ["roofing"] }));
    const sealed = (await stored(vendor.id))?.taxpayer_id_sealed;
    expect((await send("DELETE", `/vendors/${vendor.id}`)).statusCode).toBe(204);
    expect((await send("GET", `/vendors/${vendor.id}`)).statusCode).toBe(404);
    const restored = await send("POST", "/vendors/restore", { payload: { ids: [vendor.id] } });
    expect(restored.json()).toEqual({ restored: 1, ids: [vendor.id] });
    expect(vendorRowSchema.parse((await send("GET", `/vendors/${vendor.id}`)).json())).toMatchObject({
      name: "Gone Gutters",
      taxpayer_id_last4: "6789",
    });
    expect((await stored(vendor.id))?.taxpayer_id_sealed).toBe(sealed);
    const history = historySchema.parse((await send("GET", `/vendors/${vendor.id}/history`)).json()).history;
    expect(history.map((h) => h.action)).toEqual(["restore", "delete", "create"]);
  });

  it("goes with its organization, expense account and all, when the organization is deleted", async () => {
    const doomed = await signedInOrganization(t, "Vendor Doomed");
    const account = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select id from ledger_accounts where organization_id = ${doomed.orgId} and code = '5410'`,
      )) as unknown as { rows: { id: number }[] };
      return Number(rows[0]?.id);
    });
    await create(form({ name: "Doomed Drains", default_expense_account_id: account }), doomed);
    await asSystem(t.db, (tx) => tx.execute(sql`delete from organizations where id = ${doomed.orgId}`));
    const left = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select count(*)::int as n from vendors where organization_id = ${doomed.orgId}`,
      )) as unknown as { rows: { n: number }[] };
      return Number(rows[0]?.n);
    });
    expect(left).toBe(0);
  });

  it("lets Staff and Read-only read vendors but not write them (403)", async () => {
    const [vendor] = (await list()).vendors;
    for (const role of ["READ_ONLY", "STAFF"]) {
      const session = await user(`${role.toLowerCase()}@vendors.example`, role);
      expect((await send("GET", "/vendors", { org: session as Org })).statusCode).toBe(200);
      expect((await send("GET", `/vendors/${vendor?.id}`, { org: session as Org })).statusCode).toBe(200);
      expect((await send("POST", "/vendors", { org: session as Org, payload: form() })).statusCode).toBe(403);
      expect((await send("PUT", `/vendors/${vendor?.id}`, { org: session as Org, payload: form() })).statusCode).toBe(
        403,
      );
      expect((await send("DELETE", `/vendors/${vendor?.id}`, { org: session as Org })).statusCode).toBe(403);
    }
    // Vendors are the organization's: a manager who works on one property sees them all.
    const property = await send("POST", "/properties/with-address", {
      payload: {
        name: "Oak Court",
        property_type_id: 1,
        address: { address_line_1: "9 Elm St", city: "Austin", state_code: "TX", zipcode: "78702" },
      },
    });
    expect(property.statusCode, property.body).toBe(201);
    const scoped = await user("scoped@vendors.example", "PROPERTY_MANAGER", [property.json().property.id]);
    const all = await list();
    expect((await list({}, scoped)).total_count).toBe(all.total_count);
    const manager = await user("manager@vendors.example", "PROPERTY_MANAGER");
    expect(
      (await send("POST", "/vendors", { org: manager as Org, payload: form({ name: "PM Vendor" }) })).statusCode,
    ).toBe(201);
  });
});
