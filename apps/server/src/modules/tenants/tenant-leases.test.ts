import { randomUUID } from "node:crypto";
import { leaseLedgerSchema } from "@keyholder/contracts/lease-ledger";
import { leaseSchema } from "@keyholder/contracts/leases";
import { tenantLeasesSchema, tenantListSchema, tenantRowSchema } from "@keyholder/contracts/tenants";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addTenant, leaseForm, leaseTestApp } from "../../../test/lease-fixture.ts";
import { type LedgerOrg, ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

type Session = { cookie: string };

const { t, org, send } = await leaseTestApp("Tenant Money");
const other = await ledgerOrganization(t, "Elsewhere Money");

/**
 * A tenant's leases and money (issue 27 items 7 and 13): every lease they are a party to with its
 * balance, what they owe over them (a balance left after move-out stays on the past tenant), on
 * their page and in the grid; a scoped user sees their properties' leases only; balances are the
 * books', so a role without them reads tenants without balances; another organization's tenant is
 * not there.
 */
describe("a tenant's leases and balance", () => {
  let maria = "";
  const ids = { ended: "", current: "", occupied: "" };
  // What each lease owes, added up here from what the test posts.
  const owed = { ended: 0, current: 0, occupied: 0 };

  const newLease = async (form: Parameters<typeof leaseForm>[1]) => {
    const res = await send("POST", "/leases", { payload: leaseForm(org, form) });
    expect(res.statusCode, res.body).toBe(201);
    return leaseSchema.parse(res.json().lease).id;
  };
  const charge = async (lease: string, cents: number, on: string) => {
    const res = await send("POST", `/leases/${lease}/charges`, {
      payload: {
        idempotency_key: randomUUID(),
        account_id: org.account("rent_income"),
        amount_cents: cents,
        posted_on: on,
        description: "Rent",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const pay = async (lease: string, cents: number, on: string) => {
    const res = await send("POST", `/leases/${lease}/payments`, {
      payload: {
        idempotency_key: randomUUID(),
        method: "check",
        reference: "2001",
        received_on: on,
        amount_cents: cents,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const leasesOf = async (tenant: string, as: Session = org) => {
    const res = await send("GET", `/tenants/${tenant}/leases`, { org: as as LedgerOrg });
    expect(res.statusCode, res.body).toBe(200);
    return tenantLeasesSchema.parse(res.json());
  };
  const tenantRow = async (tenant: string, as: Session = org) => {
    const res = await send("GET", `/tenants/${tenant}`, { org: as as LedgerOrg });
    expect(res.statusCode, res.body).toBe(200);
    return tenantRowSchema.parse(res.json());
  };
  const gridRow = async (name: string, as: Session = org) => {
    const res = await send("GET", `/tenants?filter_name=${encodeURIComponent(name)}`, { org: as as LedgerOrg });
    expect(res.statusCode, res.body).toBe(200);
    return tenantListSchema.parse(res.json()).tenants.find((r) => r.name === name);
  };

  beforeAll(async () => {
    maria = await addTenant(t, org, "Maria Balance");
    const sam = await addTenant(t, org, "Sam Primary");

    // Last year's lease of property 1, moved out with rent unpaid.
    ids.ended = await newLease({
      tenantId: maria,
      property: 0,
      unit: 0,
      start_date: "2025-01-01",
      end_date: "2025-12-31",
      rent_cents: 120_000,
    });
    await charge(ids.ended, 120_000, "2025-11-01");
    await charge(ids.ended, 120_000, "2025-12-01");
    await pay(ids.ended, 165_050, "2025-12-05");
    owed.ended = 120_000 + 120_000 - 165_050;
    await systemRows(
      t,
      sql`update leases set status = 'ended', move_out_date = '2025-12-31', moved_out_on = '2025-12-31'
        where organization_id = ${org.orgId} and id = ${ids.ended}`,
    );

    // This year's, of property 2, with Sam as its primary tenant and Maria a co-tenant, paid ahead.
    ids.current = await newLease({
      tenantId: sam,
      property: 1,
      unit: 0,
      start_date: "2026-01-01",
      end_date: "2026-12-31",
      rent_cents: 95_000,
      parties: [
        { tenant_id: sam, role: "primary" },
        { tenant_id: maria, role: "co_tenant" },
      ],
    });
    await charge(ids.current, 95_000, "2026-01-01");
    await pay(ids.current, 97_533, "2026-01-02");
    owed.current = 95_000 - 97_533;

    // One she only lives in: listed, its balance not hers.
    ids.occupied = await newLease({
      tenantId: sam,
      property: 1,
      unit: 1,
      start_date: "2026-02-01",
      end_date: "2027-01-31",
      parties: [
        { tenant_id: sam, role: "primary" },
        { tenant_id: maria, role: "occupant" },
      ],
    });
    await charge(ids.occupied, 40_001, "2026-02-01");
    owed.occupied = 40_001;
  });

  it("lists every lease she is a party to, newest first, each with its exact balance, and what she owes", async () => {
    const { leases, balance_cents } = await leasesOf(maria);
    expect(
      leases.map((l) => [l.id, l.role, l.status, l.property_name, l.start_date, l.end_date, l.balance_cents]),
    ).toEqual([
      [ids.occupied, "occupant", "pending", "Tenant Money 2", "2026-02-01", "2027-01-31", owed.occupied],
      [ids.current, "co_tenant", "pending", "Tenant Money 2", "2026-01-01", "2026-12-31", owed.current],
      [ids.ended, "primary", "ended", "Tenant Money 1", "2025-01-01", "2025-12-31", owed.ended],
    ]);
    expect(leases[2]).toMatchObject({ move_out_date: "2025-12-31", rent_cents: 120_000, unit_names: "1" });
    expect(leases.every((l) => Number.isInteger(l.lease_no) && l.lease_no > 0)).toBe(true);
    // The ended lease's unpaid rent stays owed (74,950 cents), less the current lease's credit.
    expect(balance_cents).toBe(owed.ended + owed.current);
    expect(balance_cents).toBe(72_417);

    // Each balance is the lease's own ledger's.
    for (const l of leases) {
      const ledger = leaseLedgerSchema.parse((await send("GET", `/leases/${l.id}/ledger`)).json());
      expect(ledger.balance_cents).toBe(l.balance_cents);
    }
  });

  it("shows what she owes on her record and on her row of the grid", async () => {
    expect((await tenantRow(maria)).balance_cents).toBe(owed.ended + owed.current);
    expect((await gridRow("Maria Balance"))?.balance_cents).toBe(owed.ended + owed.current);
    // Sam is primary on the current and occupied leases.
    expect((await gridRow("Sam Primary"))?.balance_cents).toBe(owed.current + owed.occupied);
  });

  it("follows a new posting: the balance is the maintained one, current as soon as it is posted", async () => {
    await pay(ids.ended, 10_000, "2026-03-01");
    owed.ended -= 10_000;
    const { leases, balance_cents } = await leasesOf(maria);
    expect(leases.find((l) => l.id === ids.ended)?.balance_cents).toBe(owed.ended);
    expect(balance_cents).toBe(owed.ended + owed.current);
    expect((await tenantRow(maria)).balance_cents).toBe(owed.ended + owed.current);
  });

  it("shows a user who works on one property that property's leases only", async () => {
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [org.propertyIds[0] ?? ""]);
    const { leases, balance_cents } = await leasesOf(maria, scoped);
    expect(leases.map((l) => l.id)).toEqual([ids.ended]);
    expect(balance_cents).toBe(owed.ended);
    expect((await tenantRow(maria, scoped)).balance_cents).toBe(owed.ended);
    expect((await gridRow("Maria Balance", scoped))?.balance_cents).toBe(owed.ended);

    const second = await ledgerUser(t, org, "READ_ONLY", [org.propertyIds[1] ?? ""]);
    expect((await leasesOf(maria, second)).leases.map((l) => l.id)).toEqual([ids.occupied, ids.current]);
    expect((await leasesOf(maria, second)).balance_cents).toBe(owed.current);
  });

  it("gives a role without the books the tenant without a balance, and not their leases' money", async () => {
    const staff = await ledgerUser(t, org, "STAFF");
    expect((await tenantRow(maria, staff)).balance_cents).toBeNull();
    expect((await gridRow("Maria Balance", staff))?.balance_cents).toBeNull();
    const res = await send("GET", `/tenants/${maria}/leases`, { org: staff });
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 for another organization's tenant, an unknown one, and 400 for a malformed id", async () => {
    for (const as of [other, org]) {
      const id = as === other ? maria : randomUUID();
      const res = await send("GET", `/tenants/${id}/leases`, { org: as });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
      expect(res.json().error.message).toBe("Tenant not found");
    }
    expect((await send("GET", `/tenants/${maria}`, { org: other })).statusCode).toBe(404);
    expect((await send("GET", "/tenants/not-a-uuid/leases")).statusCode).toBe(400);
  });
});
