import { historySchema } from "@keyholder/contracts/history";
import {
  LEASE_PET_SORT_KEYS,
  LEASE_SORT_KEYS,
  leaseListSchema,
  leaseMessages,
  leasePetListSchema,
  leaseSchema,
} from "@keyholder/contracts/leases";
import { formatCents } from "@keyholder/contracts/money";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { listValuesDrift } from "../../../test/grid-values-drift.ts";
import { addTenant, addZone, leaseForm, leaseTestApp, tenantStatus } from "../../../test/lease-fixture.ts";
import { ledgerApi, ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Lease Lane", { properties: 3 });
const other = await ledgerOrganization(t, "Other Estates");

describe("leases API", () => {
  // Every write the tests make (creates, edits, renames, deletes) leaves the grid's dictionary
  // equal to counting the leases.
  afterEach(async () => {
    expect(await systemRows(t, listValuesDrift("leases"))).toEqual([]);
  });

  it("adds a pending lease with its parties, units, zone, charges and pets, and lists it", async () => {
    const jane = await addTenant(t, org, "Jane Doe");
    const john = await addTenant(t, org, "John Roe");
    const guarantor = await addTenant(t, org, "Grace Guarantor");
    const parking = await addZone(t, org, 0, "Parking P3");
    const res = await send("POST", "/leases", {
      payload: leaseForm(org, {
        tenantId: jane,
        units: [{ unit_id: org.unitIds[0]?.[0] ?? 0 }, { zone_id: parking }],
        parties: [
          { tenant_id: jane, role: "primary" },
          { tenant_id: john, role: "co_tenant" },
          { tenant_id: guarantor, role: "guarantor" },
        ],
        due_day: 1,
        grace_days: 5,
        late_fee: { type: "percent", percent: "5", max_cents: 5_000 },
        deposit_cents: 120_000,
        recurring_charges: [{ kind: "parking", description: "Space P3", amount_cents: 7_500 }],
        pets: [
          {
            kind: "dog",
            name: "Rex",
            breed: "Beagle",
            weight_lbs: "24.5",
            pet_deposit_cents: 30_000,
            pet_rent_cents: 2_500,
          },
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const lease = leaseSchema.parse(res.json().lease);
    expect(lease).toMatchObject({
      status: "pending",
      tenant_names: "Jane Doe, John Roe",
      unit_names: "1, Parking P3",
      property_name: "Lease Lane 1",
      rent_cents: 80_000,
      deposit_cents: 120_000,
      balance_cents: 0,
      late_fee: { type: "percent", percent: "5", max_cents: 5_000, amount_cents: 0 },
    });
    expect(lease.parties.map((p) => [p.name, p.role, p.tenant_status])).toEqual([
      ["Jane Doe", "primary", "future"],
      ["John Roe", "co_tenant", "future"],
      ["Grace Guarantor", "guarantor", "future"],
    ]);
    expect(lease.units.map((u) => [u.name, u.starts_on, u.ends_on, u.holds])).toEqual([
      ["1", "2026-06-15", "2027-06-14", true],
      ["Parking P3", "2026-06-15", "2027-06-14", true],
    ]);
    expect(
      lease.recurring_charges.map((c) => [c.kind, c.amount_cents, c.start_date, c.end_date, c.next_period_start]),
    ).toEqual([
      ["rent", 80_000, "2026-06-15", "2027-06-14", null],
      ["parking", 7_500, "2026-06-15", "2027-06-14", null],
    ]);
    expect(lease.pets).toMatchObject([{ kind: "dog", name: "Rex", weight_lbs: "24.5", pet_deposit_cents: 30_000 }]);

    const list = await send("GET", `/leases?filters=${encodeURIComponent(JSON.stringify({ tenant_names: "jane" }))}`);
    expect(list.statusCode, list.body).toBe(200);
    const page = leaseListSchema.parse(list.json());
    expect(page.leases.map((l) => l.lease_no)).toEqual([lease.lease_no]);
    expect(page.total_count).toBe(1);

    const pets = await send("GET", "/lease-pets?sort_by=p.kind");
    expect(pets.statusCode, pets.body).toBe(200);
    expect(leasePetListSchema.parse(pets.json()).pets).toMatchObject([
      { lease_no: lease.lease_no, tenant_names: "Jane Doe, John Roe", unit_names: "1, Parking P3", breed: "Beagle" },
    ]);
  });

  it("keeps the lease's names when a tenant, unit, zone or property is renamed, whoever renames it", async () => {
    const tenantId = await addTenant(t, org, "Nina Old");
    const zone = await addZone(t, org, 2, "Storage S1");
    const made = await send("POST", "/leases", {
      payload: leaseForm(org, {
        tenantId,
        property: 2,
        unit: 1,
        units: [{ unit_id: org.unitIds[2]?.[1] ?? 0 }, { zone_id: zone }],
        start_date: "2040-01-01",
        end_date: "2040-12-31",
      }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().lease.id;
    await systemRows(t, sql`update tenants set name = 'Nina New' where id = ${tenantId}`);
    await systemRows(t, sql`update units set unit_number = '2B' where unit_id = ${org.unitIds[2]?.[1] ?? 0}`);
    await systemRows(t, sql`update zones set name = 'Storage S9' where id = ${zone}`);
    await systemRows(t, sql`update properties set name = 'Lease Lane Three' where id = ${org.propertyIds[2] ?? ""}`);
    const lease = leaseSchema.parse((await send("GET", `/leases/${id}`)).json().lease);
    expect([lease.tenant_names, lease.unit_names, lease.property_name]).toEqual([
      "Nina New",
      "2B, Storage S9",
      "Lease Lane Three",
    ]);
    await systemRows(t, sql`update units set unit_number = '2' where unit_id = ${org.unitIds[2]?.[1] ?? 0}`);
    await systemRows(t, sql`update properties set name = 'Lease Lane 3' where id = ${org.propertyIds[2] ?? ""}`);
    expect((await send("DELETE", `/leases/${id}`)).statusCode).toBe(204);
  });

  it("refuses a unit another lease holds on one of its days, naming the unit and days; consecutive leases are fine", async () => {
    const a = await addTenant(t, org, "Ann Early");
    const b = await addTenant(t, org, "Bob Later");
    const first = await send("POST", "/leases", {
      payload: leaseForm(org, { tenantId: a, property: 1, unit: 0, start_date: "2026-06-01", end_date: "2027-05-31" }),
    });
    expect(first.statusCode, first.body).toBe(201);
    const overlapping = await send("POST", "/leases", {
      payload: leaseForm(org, { tenantId: b, property: 1, unit: 0, start_date: "2027-05-31", end_date: "2028-05-30" }),
    });
    expect(overlapping.statusCode, overlapping.body).toBe(409);
    expect(overlapping.json().error.message).toBe(leaseMessages.unitLeased("1", "2026-06-01", "2027-05-31"));
    expect(overlapping.json().error.message).toBe("Unit 1 is already leased from 2026-06-01 to 2027-05-31");
    const consecutive = await send("POST", "/leases", {
      payload: leaseForm(org, { tenantId: b, property: 1, unit: 0, start_date: "2027-06-01", end_date: "2028-05-31" }),
    });
    expect(consecutive.statusCode, consecutive.body).toBe(201);
    // A month-to-month lease holds the unit with no end: a later one is refused.
    const open = await send("POST", "/leases", {
      payload: leaseForm(org, {
        tenantId: a,
        property: 1,
        unit: 1,
        term: "month_to_month",
        start_date: "2026-07-01",
        end_date: null,
      }),
    });
    expect(open.statusCode, open.body).toBe(201);
    const later = await send("POST", "/leases", {
      payload: leaseForm(org, { tenantId: b, property: 1, unit: 1, start_date: "2030-01-01", end_date: "2030-12-31" }),
    });
    expect(later.statusCode).toBe(409);
    expect(later.json().error.message).toBe("Unit 2 is already leased from 2026-07-01, month-to-month");
  });

  it("lets one of two leases racing for a unit on the same days win, and refuses the other", async () => {
    const a = await addTenant(t, org, "Racer One");
    const b = await addTenant(t, org, "Racer Two");
    const form = (tenantId: string) =>
      leaseForm(org, { tenantId, property: 2, unit: 0, start_date: "2045-01-01", end_date: "2045-12-31" });
    const answers = await Promise.all([
      send("POST", "/leases", { payload: form(a) }),
      send("POST", "/leases", { payload: form(b) }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(refused?.json().error.message).toBe("Unit 1 is already leased from 2045-01-01 to 2045-12-31");
    const won = answers.find((r) => r.statusCode === 201);
    expect((await send("DELETE", `/leases/${won?.json().lease.id}`)).statusCode).toBe(204);
  });

  it("refuses a unit of another property and answers the form's rules as field messages", async () => {
    const a = await addTenant(t, org, "Wrong Place");
    const res = await send("POST", "/leases", {
      payload: { ...leaseForm(org, { tenantId: a }), units: [{ unit_id: org.unitIds[2]?.[0] ?? 0 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(leaseMessages.unitOfOtherProperty("1", "Lease Lane 1"));
    const noPrimary = await send("POST", "/leases", {
      payload: leaseForm(org, { tenantId: a, parties: [{ tenant_id: a, role: "co_tenant" }], end_date: null }),
    });
    expect(noPrimary.statusCode).toBe(400);
    const fields = JSON.stringify(noPrimary.json().error.fields);
    expect(fields).toContain(leaseMessages.onePrimary);
    expect(fields).toContain(leaseMessages.endRequired);
    const foreignTenant = await addTenant(t, other, "Someone Else");
    const foreign = await send("POST", "/leases", { payload: leaseForm(org, { tenantId: foreignTenant }) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(leaseMessages.tenantUnknown);
  });

  it("answers 404 for another organization's lease, and deletes a lease with no postings", async () => {
    const a = await addTenant(t, other, "Other Tenant");
    const theirs = await send("POST", "/leases", {
      org,
      payload: leaseForm(other, { tenantId: a }),
    });
    // The other organization's property is not ours: refused as unknown.
    expect(theirs.statusCode).toBe(400);
    const made = await ledgerApi(
      () => t,
      () => other,
    )("POST", "/leases", { payload: leaseForm(other, { tenantId: a }) });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().lease.id;
    expect((await send("GET", `/leases/${id}`)).statusCode).toBe(404);
    expect((await send("PUT", `/leases/${id}`, { payload: leaseForm(org, { tenantId: a }) })).statusCode).toBe(404);
    expect((await send("DELETE", `/leases/${id}`)).statusCode).toBe(404);
    expect((await send("POST", `/leases/${id}/move-in`, { payload: {} })).statusCode).toBe(404);

    const mine = await addTenant(t, org, "Short Lived");
    const lease = await send("POST", "/leases", {
      payload: leaseForm(org, {
        tenantId: mine,
        property: 2,
        unit: 1,
        start_date: "2031-01-01",
        end_date: "2031-12-31",
      }),
    });
    expect(await tenantStatus(t, mine)).toBe("future");
    const gone = await send("DELETE", `/leases/${lease.json().lease.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await tenantStatus(t, mine)).toBe("none");
    expect((await send("GET", `/leases/${lease.json().lease.id}`)).statusCode).toBe(404);
    // Its history outlives it: who added it with what, and who deleted it.
    const history = historySchema.parse((await send("GET", `/leases/${lease.json().lease.id}/history`)).json()).history;
    expect(history.map((h) => h.action)).toEqual(["delete", "create"]);
    expect(history[1]?.changes.tenant_names).toEqual({ from: null, to: "Short Lived" });
    expect(history[1]?.changes.rent_cents).toEqual({ from: null, to: 80_000 });
    expect((await send("GET", `/leases/${id}/history`)).statusCode).toBe(404);
  });

  it("sorts by every column both ways, and pages after a row's key", async () => {
    for (const key of LEASE_SORT_KEYS) {
      for (const direction of ["asc", "desc"]) {
        const res = await send("GET", `/leases?sort_by=${key}&sort_direction=${direction}&limit=2`);
        expect(res.statusCode, `${key} ${direction}: ${res.body}`).toBe(200);
      }
    }
    for (const key of LEASE_PET_SORT_KEYS) {
      const res = await send("GET", `/lease-pets?sort_by=${key}&sort_direction=desc`);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
    }
    const page = leaseListSchema.parse((await send("GET", "/leases?sort_by=l.lease_no")).json());
    const all = page.leases;
    // Unfiltered, the total is the kept count: every lease, deleted ones not.
    expect(page.total_count).toBe(all.length);
    const next = await send("GET", `/leases?sort_by=l.lease_no&offset=1&limit=1&after=${all[0]?.id}`);
    expect(leaseListSchema.parse(next.json()).leases.map((l) => l.lease_no)).toEqual([all[1]?.lease_no]);
    // Every lease has its balance from the start: sorted by balance, none is missing.
    const byBalance = leaseListSchema.parse((await send("GET", "/leases?sort_by=b.balance_cents")).json());
    expect(byBalance.leases.map((l) => l.id).sort()).toEqual(all.map((l) => l.id).sort());
    const bad = await send("GET", "/leases?sort_by=l.status;drop");
    expect(bad.statusCode).toBe(400);
  });

  it("gives filters answered by the dictionary the rows and total of testing every lease, in pages as in one", async () => {
    const all = leaseListSchema.parse((await send("GET", "/leases?sort_by=l.lease_no")).json()).leases;
    expect(all.length).toBeGreaterThan(2);
    const q = (o: { filters?: object; conditions?: object[] }) =>
      `filters=${encodeURIComponent(JSON.stringify(o.filters ?? {}))}&conditions=${encodeURIComponent(JSON.stringify(o.conditions ?? []))}`;
    const rent = all[0]?.rent_cents ?? 0;
    const cases: [string, (l: (typeof all)[number]) => boolean][] = [
      [q({ filters: { tenant_names: "J" } }), (l) => l.tenant_names.toLowerCase().includes("j")],
      [q({ filters: { tenant_names: "oe" } }), (l) => l.tenant_names.toLowerCase().includes("oe")],
      [q({ filters: { unit_names: "1" } }), (l) => l.unit_names.includes("1")],
      [q({ filters: { status: "pend" } }), (l) => l.status.includes("pend")],
      // Money is typed as the grid shows it, in dollars ($1,250.00 is 125000 cents).
      [
        q({ conditions: [{ column: "rent_cents", op: "gte", value: String(rent / 100) }] }),
        (l) => l.rent_cents >= rent,
      ],
      [q({ filters: { rent_cents: formatCents(rent) } }), (l) => l.rent_cents === rent],
      [q({ filters: { deposit_cents: `<${(rent + 1) / 100}` } }), (l) => l.deposit_cents < rent + 1],
      [q({ conditions: [{ column: "tenant_names", op: "contains", value: "a" }] }), (l) => /a/i.test(l.tenant_names)],
    ];
    for (const [query, keeps] of cases) {
      const expected = all.filter(keeps).map((l) => l.id);
      const whole = leaseListSchema.parse((await send("GET", `/leases?sort_by=l.lease_no&${query}`)).json());
      expect(
        whole.leases.map((l) => l.id),
        query,
      ).toEqual(expected);
      expect(whole.total_count, query).toBe(expected.length);
      const paged: string[] = [];
      for (let offset = 0; offset < expected.length; offset += 1) {
        const page = leaseListSchema.parse(
          (await send("GET", `/leases?sort_by=l.lease_no&offset=${offset}&limit=1&${query}`)).json(),
        );
        expect(page.total_count, query).toBe(expected.length);
        paged.push(...page.leases.map((l) => l.id));
      }
      expect(paged, query).toEqual(expected);
    }
  });

  it("shows a property-scoped user only their properties' leases, and a Read-only user cannot create one", async () => {
    const a = await addTenant(t, org, "Scoped Sam");
    const inTwo = await send("POST", "/leases", {
      payload: leaseForm(org, { tenantId: a, property: 2, unit: 0, start_date: "2026-01-01", end_date: "2026-12-31" }),
    });
    expect(inTwo.statusCode, inTwo.body).toBe(201);
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [org.propertyIds[2] ?? ""]);
    const asScoped = ledgerApi(
      () => t,
      () => scoped,
    );
    const list = leaseListSchema.parse((await asScoped("GET", "/leases")).json());
    expect(list.leases.map((l) => l.property_name)).toEqual(["Lease Lane 3"]);
    const all = leaseListSchema.parse((await send("GET", "/leases")).json());
    const elsewhere = all.leases.find((l) => l.property_name !== "Lease Lane 3");
    expect((await asScoped("GET", `/leases/${elsewhere?.id}`)).statusCode).toBe(404);

    // A tenant living elsewhere (another property's active lease) stays current whatever a scoped
    // user does to a lease of theirs here: the status counts every lease of theirs, also those the
    // scoped user cannot see. The scoped user cannot pick such a tenant for a new lease (decision
    // 028: they see the tenants of their properties and those on no lease); an administrator can.
    const mover = await addTenant(t, org, "Mover Elsewhere");
    const living = await send("POST", "/leases", {
      payload: leaseForm(org, {
        tenantId: mover,
        property: 0,
        unit: 1,
        start_date: "2026-01-01",
        end_date: "2026-12-31",
      }),
    });
    expect((await send("POST", `/leases/${living.json().lease.id}/move-in`, { payload: {} })).statusCode).toBe(200);
    expect(await tenantStatus(t, mover)).toBe("current");
    const form = leaseForm(org, {
      tenantId: mover,
      property: 2,
      unit: 1,
      start_date: "2027-01-01",
      end_date: "2027-12-31",
    });
    const unseen = await asScoped("POST", "/leases", { payload: form });
    expect(unseen.statusCode).toBe(400);
    expect(unseen.json().error.fields).toEqual({ parties: [leaseMessages.tenantUnknown] });
    const signed = await send("POST", "/leases", { payload: form });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(await tenantStatus(t, mover)).toBe("current");
    expect((await asScoped("DELETE", `/leases/${signed.json().lease.id}`)).statusCode).toBe(204);
    expect(await tenantStatus(t, mover)).toBe("current");

    // Their own property only: another one is not theirs to lease.
    const outside = await asScoped("POST", "/leases", {
      payload: leaseForm(org, { tenantId: a, property: 0, unit: 1, start_date: "2033-01-01", end_date: "2033-12-31" }),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toBe(leaseMessages.propertyUnknown);

    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    const asReader = ledgerApi(
      () => t,
      () => readOnly,
    );
    expect((await asReader("GET", "/leases")).statusCode).toBe(200);
    const refused = await asReader("POST", "/leases", {
      payload: leaseForm(org, { tenantId: a, property: 2, unit: 1, start_date: "2032-01-01", end_date: "2032-12-31" }),
    });
    expect(refused.statusCode).toBe(403);
  });
});
