import { historySchema } from "@keyholder/contracts/history";
import {
  TENANT_STATUS_LABELS,
  TENANT_STATUSES,
  type TenantFormInput,
  tenantListSchema,
  tenantMessages,
  tenantResponseSchema,
  tenantRowSchema,
  tenantStatusCountsSchema,
} from "@keyholder/contracts/tenants";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listValuesDrift } from "../../../test/grid-values-drift.ts";
import { apiSender, createTestApp, signedInOrganization, signedInUser } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
type Session = { cookie: string };
const PASSWORD = "Tenant-Tests-Pass-1!";

describe("tenants: the grid, writes, delete rules, history and property scope", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  let oak = "";
  let pine = "";

  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const person = (o: Partial<TenantFormInput> = {}): TenantFormInput => ({
    kind: "person",
    first_name: "Maria",
    last_name: "Lopez",
    email: "Maria.Lopez@Example.com",
    phone: "(512) 555-0101",
    emergency_contact_name: "Ana Lopez",
    emergency_contact_phone: "512-555-0199",
    emergency_contact_relationship: "Sister",
    notes: "Prefers email",
    ...o,
  });
  const create = async (form: TenantFormInput, org: Session = alpha) => {
    const res = await send("POST", "/tenants", { payload: form, org: org as Org });
    expect(res.statusCode, res.body).toBe(201);
    return tenantResponseSchema.parse(res.json()).tenant;
  };
  const list = async (query: Record<string, string | number> = {}, org: Session = alpha) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await send("GET", `/tenants?${qs}`, { org: org as Org });
    expect(res.statusCode, res.body).toBe(200);
    return tenantListSchema.parse(res.json());
  };
  /** A month-to-month lease of `property` with `tenantIds` as its parties (the leases code's rows). */
  const lease = (orgId: string, property: string, tenantIds: string[], status = "active") =>
    asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(sql`
        insert into leases (organization_id, property_id, status, term, start_date)
        values (${orgId}, ${property}, ${status}, 'month_to_month', '2026-01-01') returning id`)) as unknown as {
        rows: { id: string }[];
      };
      const id = String(rows[0]?.id);
      for (const [i, tenant] of tenantIds.entries()) {
        await tx.execute(sql`insert into lease_parties (organization_id, lease_id, tenant_id, property_id, role)
          values (${orgId}, ${id}, ${tenant}, ${property}, ${i === 0 ? "primary" : "co_tenant"})`);
      }
      return id;
    });
  /** A user of alpha with `role`, working on `properties` (all when undefined), signed in. */
  const user = (username: string, role: string, properties?: string[]): Promise<Session> =>
    signedInUser(t, alpha, { username, role, password: PASSWORD, ...(properties ? { properties } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Tenant Alpha");
    bravo = await signedInOrganization(t, "Tenant Bravo");
    const property = async (name: string) => {
      const res = await send("POST", "/properties/with-address", {
        payload: {
          name,
          property_type_id: 1,
          address: { address_line_1: "9 Elm St", city: "Austin", state_code: "TX", zipcode: "78702" },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().property.id as string;
    };
    oak = await property("Oak Court");
    pine = await property("Pine Court");
  });
  afterAll(() => t.close());
  // Every write the tests make leaves the grid's dictionary equal to counting the tenants.
  afterEach(async () => {
    const drift = await asSystem(t.db, async (tx) => (await tx.execute(listValuesDrift("tenants"))) as unknown);
    expect((drift as { rows: unknown[] }).rows).toEqual([]);
  });

  it("creates a person and a company, answering them as stored, and lists them by name", async () => {
    const maria = await create(person());
    expect(maria).toMatchObject({
      kind: "person",
      name: "Maria Lopez",
      email: "maria.lopez@example.com",
      company_name: null,
      emergency_contact_name: "Ana Lopez",
    });
    const acme = await create({
      kind: "company",
      company_name: "Acme Rentals LLC",
      // A company's person fields are not kept.
      first_name: "Ignored",
      email: "leasing@acme.example",
    });
    expect(acme).toMatchObject({ kind: "company", name: "Acme Rentals LLC", first_name: null, last_name: null });
    const page = await list({ filters: JSON.stringify({ name: "a" }) });
    expect(page.tenants.map((x) => x.name)).toEqual(expect.arrayContaining(["Acme Rentals LLC", "Maria Lopez"]));
    const one = tenantRowSchema.parse((await send("GET", `/tenants/${maria.id}`)).json());
    expect(one).toMatchObject({ name: "Maria Lopez", status: "none", notes: "Prefers email" });
  });

  it("says what is wrong with a form, field by field, in the contract's words", async () => {
    const res = await send("POST", "/tenants", {
      payload: {
        kind: "person",
        first_name: " ",
        email: "not-an-email",
        phone: "555-01",
        emergency_contact_phone: "5125550100",
      },
    });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(fields.first_name).toEqual([tenantMessages.firstNameRequired]);
    expect(fields.last_name).toEqual([tenantMessages.lastNameRequired]);
    expect(fields.email).toEqual([tenantMessages.emailInvalid]);
    expect(fields.phone).toEqual([tenantMessages.phoneDigits]);
    expect(fields.emergency_contact_name).toEqual([tenantMessages.emergencyPhoneWithoutName]);
    const company = await send("POST", "/tenants", { payload: { kind: "company", company_name: "" } });
    expect(company.statusCode).toBe(400);
    expect(company.json().error.fields.company_name).toEqual([tenantMessages.companyNameRequired]);
    const kind = await send("POST", "/tenants", { payload: { kind: "robot" } });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.fields.kind).toEqual([tenantMessages.kindInvalid]);
  });

  it("sorts by every key both ways and filters, over all rows", async () => {
    for (const [first, last, email] of [
      ["Zed", "Young", "zed@example.com"],
      ["Amy", "Brown", null],
      ["Cal", "Diaz", "cal@example.com"],
    ] as const) {
      await create(person({ first_name: first, last_name: last, email, phone: null }));
    }
    const byName = (await list({ sort_by: "t.name" })).tenants.map((x) => x.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    const desc = (await list({ sort_by: "t.name", sort_direction: "desc" })).tenants.map((x) => x.name);
    expect(desc).toEqual([...byName].reverse());
    // Empty values last, whichever way.
    for (const direction of ["asc", "desc"]) {
      const emails = (await list({ sort_by: "t.email", sort_direction: direction })).tenants.map((x) => x.email);
      const firstEmpty = emails.indexOf(null);
      expect(emails.slice(firstEmpty).every((e) => e === null)).toBe(true);
    }
    for (const key of [
      "t.kind",
      "t.status",
      "t.phone",
      "t.alternate_email",
      "t.alternate_phone",
      "t.emergency_contact_name",
      "t.created_date",
      "t.last_modified_date",
    ]) {
      const page = await list({ sort_by: key, sort_direction: "desc" });
      expect(page.count, key).toBe(page.total_count);
    }
    const brown = await list({ filters: JSON.stringify({ name: "brown" }) });
    expect(brown.tenants.map((x) => x.name)).toEqual(["Amy Brown"]);
    const companies = await list({ filters: JSON.stringify({ kind: "Company" }) });
    expect(companies.tenants.every((x) => x.kind === "company")).toBe(true);
    expect(companies.total_count).toBe(1);
    const noEmail = await list({ conditions: JSON.stringify([{ column: "email", op: "is_empty" }]) });
    expect(noEmail.tenants.map((x) => x.name)).toEqual(["Amy Brown"]);
    const refused = await send("GET", "/tenants?sort_by=t.notes");
    expect(refused.statusCode).toBe(400);
  });

  it("gives short name filters the rows and total of testing every name, in pages as in one", async () => {
    await create(person({ first_name: "Ånna", last_name: "O'Neil_Ng", email: null, phone: null }));
    const all = (await list({ sort_by: "t.name" })).tenants;
    const cases: [Record<string, string>, (name: string) => boolean][] = [
      [{ filters: JSON.stringify({ name: "an" }) }, (n) => n.toLowerCase().includes("an")],
      [{ filters: JSON.stringify({ name: " O " }) }, (n) => n.toLowerCase().includes("o")],
      [{ filters: JSON.stringify({ name: "ån" }) }, (n) => n.toLowerCase().includes("ån")],
      [{ filters: JSON.stringify({ name: "l_" }) }, (n) => n.toLowerCase().includes("l_")],
      [{ filters: JSON.stringify({ name: "zq" }) }, () => false],
      [{ conditions: JSON.stringify([{ column: "name", op: "contains", value: "Br" }]) }, (n) => /br/i.test(n)],
    ];
    for (const [query, keeps] of cases) {
      const expected = all.filter((x) => keeps(x.name)).map((x) => x.id);
      const whole = await list({ ...query, sort_by: "t.created_date", sort_direction: "desc" });
      expect(whole.total_count, JSON.stringify(query)).toBe(expected.length);
      const paged: string[] = [];
      for (let offset = 0; offset < whole.total_count; offset += 2) {
        const page = await list({ ...query, sort_by: "t.name", offset, limit: 2 });
        expect(page.total_count).toBe(expected.length);
        paged.push(...page.tenants.map((x) => x.id));
      }
      expect(paged, JSON.stringify(query)).toEqual(expected);
    }
  });

  it("saves an edit and records only what changed in its history", async () => {
    const tenant = await create(person({ first_name: "Hana", last_name: "Kim", email: null }));
    const saved = await send("PUT", `/tenants/${tenant.id}`, {
      payload: person({ first_name: "Hana", last_name: "Kim-Park", email: "hana@example.com" }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().tenant).toMatchObject({ name: "Hana Kim-Park", email: "hana@example.com" });
    const history = historySchema.parse((await send("GET", `/tenants/${tenant.id}/history`)).json()).history;
    expect(history.map((h) => h.action)).toEqual(["update", "create"]);
    expect(history[0]?.changes).toEqual({
      last_name: { from: "Kim", to: "Kim-Park" },
      email: { from: null, to: "hana@example.com" },
    });
  });

  it("deletes a tenant with no lease (undoable), and refuses one on a lease with a clear 409", async () => {
    const free = await create(person({ first_name: "Free", last_name: "Agent" }));
    const placed = await create(person({ first_name: "On", last_name: "Lease" }));
    await lease(alpha.orgId, oak, [placed.id]);
    const refused = await send("DELETE", `/tenants/${placed.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: "TENANT_ON_LEASE", message: tenantMessages.onLease(1) });
    // In bulk, all or none: the free one stays too.
    const bulk = await send("POST", "/tenants/delete", { payload: { ids: [free.id, placed.id] } });
    expect(bulk.statusCode).toBe(409);
    expect((await send("GET", `/tenants/${free.id}`)).statusCode).toBe(200);

    expect((await send("DELETE", `/tenants/${free.id}`)).statusCode).toBe(204);
    expect((await send("GET", `/tenants/${free.id}`)).statusCode).toBe(404);
    expect((await send("DELETE", `/tenants/${free.id}`)).statusCode).toBe(404);
    const history = historySchema.parse((await send("GET", `/tenants/${free.id}/history`)).json()).history;
    expect(history[0]?.action).toBe("delete");
    const back = await send("POST", "/tenants/restore", { payload: { ids: [free.id] } });
    expect(back.json()).toEqual({ restored: 1, ids: [free.id] });
    expect(tenantRowSchema.parse((await send("GET", `/tenants/${free.id}`)).json()).name).toBe("Free Agent");
  });

  it("answers another organization's tenant 404, whatever the call", async () => {
    const theirs = await create(person({ first_name: "Bravo", last_name: "Only" }), bravo);
    for (const [method, url] of [
      ["GET", `/tenants/${theirs.id}`],
      ["GET", `/tenants/${theirs.id}/history`],
      ["GET", `/tenants/${theirs.id}/documents`],
      ["DELETE", `/tenants/${theirs.id}`],
    ] as const) {
      const res = await send(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const put = await send("PUT", `/tenants/${theirs.id}`, { payload: person() });
    expect(put.statusCode).toBe(404);
    expect(put.json().error.message).toBe(tenantMessages.notFound);
    expect((await list()).tenants.some((x) => x.id === theirs.id)).toBe(false);
    const bulk = await send("POST", "/tenants/delete", { payload: { ids: [theirs.id] } });
    expect(bulk.json()).toEqual({ deleted: 0 });
  });

  it("shows a property-scoped user their properties' tenants and the unplaced ones, no other", async () => {
    const atOak = await create(person({ first_name: "Olive", last_name: "Oak" }));
    const atPine = await create(person({ first_name: "Peter", last_name: "Pine" }));
    const both = await create(person({ first_name: "Bea", last_name: "Both" }));
    const unplaced = await create(person({ first_name: "Una", last_name: "Placed" }));
    await lease(alpha.orgId, oak, [atOak.id]);
    await lease(alpha.orgId, pine, [atPine.id, both.id]);
    await lease(alpha.orgId, oak, [both.id], "ended");
    const scoped = await user("oak.staff@example.com", "STAFF", [oak]);
    const seen = new Set((await list({}, scoped)).tenants.map((x) => x.id));
    expect(seen.has(atOak.id)).toBe(true);
    expect(seen.has(both.id)).toBe(true);
    expect(seen.has(unplaced.id)).toBe(true);
    expect(seen.has(atPine.id)).toBe(false);
    const pineOne = await send("GET", `/tenants/${atPine.id}`, { org: scoped as Org });
    expect(pineOne.statusCode).toBe(404);
    const edit = await send("PUT", `/tenants/${atPine.id}`, { org: scoped as Org, payload: person() });
    expect(edit.statusCode).toBe(404);
    expect((await send("GET", `/tenants/${atPine.id}/documents`, { org: scoped as Org })).statusCode).toBe(404);
    expect((await send("GET", `/tenants/${atPine.id}/history`, { org: scoped as Org })).statusCode).toBe(404);
    // The counts are theirs too.
    const all = tenantStatusCountsSchema.parse((await send("GET", "/tenants/status-counts")).json()).counts;
    const mine = tenantStatusCountsSchema.parse(
      (await send("GET", "/tenants/status-counts", { org: scoped as Org })).json(),
    ).counts;
    expect(Object.values(mine).reduce((a, b) => a + b)).toBe(seen.size);
    expect(Object.values(all).reduce((a, b) => a + b)).toBeGreaterThan(seen.size);
    // A lease's parties change: the tenant's properties follow (a trigger keeps them on the tenant).
    const pineLease = await lease(alpha.orgId, pine, [unplaced.id]);
    expect((await send("GET", `/tenants/${unplaced.id}`, { org: scoped as Org })).statusCode).toBe(404);
    await asSystem(t.db, (tx) => tx.execute(sql`delete from leases where id = ${pineLease}`));
    expect((await send("GET", `/tenants/${unplaced.id}`, { org: scoped as Org })).statusCode).toBe(200);
    // They may add a tenant (it has no lease yet) and see it.
    const added = await create(person({ first_name: "New", last_name: "Scoped" }), scoped);
    expect((await send("GET", `/tenants/${added.id}`, { org: scoped as Org })).statusCode).toBe(200);
  });

  it("keeps a Read-only user to reading: adding, editing and deleting are 403", async () => {
    const reader = (await user("reader@example.com", "READ_ONLY")) as Org;
    const tenant = await create(person({ first_name: "Read", last_name: "Me" }));
    expect((await send("GET", "/tenants", { org: reader })).statusCode).toBe(200);
    expect((await send("POST", "/tenants", { org: reader, payload: person() })).statusCode).toBe(403);
    expect((await send("PUT", `/tenants/${tenant.id}`, { org: reader, payload: person() })).statusCode).toBe(403);
    expect((await send("DELETE", `/tenants/${tenant.id}`, { org: reader })).statusCode).toBe(403);
  });

  it("lists By Status: one status per tab, with counts that match", async () => {
    const current = await create(person({ first_name: "Cur", last_name: "Rent" }));
    const past = await create(person({ first_name: "Pas", last_name: "Tenant" }));
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update tenants set status = case id when ${current.id}::uuid then 'current' else 'past' end
        where organization_id = ${alpha.orgId} and id in (${current.id}, ${past.id})`),
    );
    const counts = tenantStatusCountsSchema.parse((await send("GET", "/tenants/status-counts")).json()).counts;
    // The kept counters are what counting the rows says.
    const counted = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select status, count(*)::int as n from tenants where organization_id = ${alpha.orgId} group by 1`,
      )) as unknown as { rows: { status: string; n: number }[] };
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    });
    expect(Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0))).toEqual(counted);
    expect((await list()).total_count).toBe(Object.values(counted).reduce((a, b) => a + b));
    // The grid's Status and Type filters count through the dictionary, which keeps their labels.
    for (const status of TENANT_STATUSES) {
      const filtered = await list({ filters: JSON.stringify({ status: TENANT_STATUS_LABELS[status] }) });
      expect(filtered.total_count, status).toBe(counts[status]);
      expect(filtered.tenants.every((x) => x.status === status)).toBe(true);
    }
    const people = await list({ conditions: JSON.stringify([{ column: "kind", op: "equals", value: "person" }]) });
    expect(people.total_count).toBe((await list()).tenants.filter((x) => x.kind === "person").length);
    for (const status of ["current", "future", "notice", "past", "none"] as const) {
      const tab = await list({ status });
      expect(tab.total_count, status).toBe(counts[status]);
      expect(tab.tenants.every((x) => x.status === status)).toBe(true);
    }
    expect((await list({ status: "current" })).tenants.map((x) => x.id)).toContain(current.id);
    // The tab and the grid's filters together.
    const filtered = await list({ status: "past", filters: JSON.stringify({ name: "pas" }) });
    expect(filtered.tenants.map((x) => x.id)).toEqual([past.id]);
    expect((await send("GET", "/tenants?status=archived")).statusCode).toBe(400);
  });
});
