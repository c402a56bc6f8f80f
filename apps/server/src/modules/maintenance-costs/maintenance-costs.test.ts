import { historySchema } from "@keyholder/contracts/history";
import { leaseLedgerSchema } from "@keyholder/contracts/lease-ledger";
import { type MaintenanceFormInput, maintenanceResponseSchema } from "@keyholder/contracts/maintenance";
import {
  billToResidentResponseSchema,
  type CostLineInput,
  maintenanceCostsSummarySchema,
  requestCostsSchema,
} from "@keyholder/contracts/maintenance-costs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { type LedgerOrg, ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Maintenance Costs");
const other = await ledgerOrganization(t, "Other Costs");

/** Cents of quantity (in hundredths) × rate, half up: computed here, not by the code under test. */
const cents = (hundredths: number, rate: number) => Math.floor((hundredths * rate + 50) / 100);

describe("maintenance costs and billing the resident", () => {
  const form = (o: Partial<MaintenanceFormInput> = {}): MaintenanceFormInput => ({
    property_id: org.propertyIds[0] ?? "",
    category: "plumbing",
    priority: "normal",
    title: "Kitchen sink leaks",
    channel: "phone",
    ...o,
  });
  const create = async (o: Partial<MaintenanceFormInput> = {}, as: LedgerOrg = org) => {
    const res = await send("POST", "/maintenance-requests", { payload: form(o), org: as });
    expect(res.statusCode, res.body).toBe(201);
    return maintenanceResponseSchema.parse(res.json()).request;
  };
  const move = async (id: string, status: string) => {
    const res = await send("POST", `/maintenance-requests/${id}/status`, { payload: { status } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const line = (o: Partial<CostLineInput> = {}): CostLineInput => ({
    kind: "labor",
    description: "Plumber",
    quantity: "1.5",
    rate_cents: 8_500,
    billable: false,
    ...o,
  });
  const add = async (id: string, l: CostLineInput) => {
    const res = await send("POST", `/maintenance-requests/${id}/costs`, { payload: l });
    expect(res.statusCode, res.body).toBe(201);
    return requestCostsSchema.parse(res.json());
  };
  /** A line refused with 409: the error's message. */
  const refusedLine = async (id: string, l: CostLineInput) => {
    const res = await send("POST", `/maintenance-requests/${id}/costs`, { payload: l });
    expect(res.statusCode, res.body).toBe(409);
    return String(res.json().error.message);
  };
  const limits = async (id: string, nte: number | null, estimate: number | null = null) => {
    const res = await send("PUT", `/maintenance-requests/${id}/cost-limits`, {
      payload: { estimate_cents: estimate, not_to_exceed_cents: nte },
    });
    return res;
  };
  const balance = async (lease: string) => {
    const res = await send("GET", `/leases/${lease}/ledger`);
    expect(res.statusCode, res.body).toBe(200);
    return leaseLedgerSchema.parse(res.json());
  };

  it("computes each line once, half up, and totals labor, material and what the resident pays", async () => {
    const r = await create();
    await add(r.id, line());
    const after = await add(
      r.id,
      line({ kind: "material", description: "Trap", quantity: "3", rate_cents: 1_233, billable: true }),
    );
    const labor = cents(150, 8_500);
    const trap = cents(300, 1_233);
    expect(labor).toBe(12_750);
    expect(trap).toBe(3_699);
    expect(after.lines.map((l) => [l.kind, l.quantity, l.amount_cents, l.billable])).toEqual([
      ["labor", "1.5", labor, false],
      ["material", "3", trap, true],
    ]);
    expect(after.totals).toEqual({
      labor_cents: labor,
      material_cents: trap,
      other_cents: 0,
      total_cents: labor + trap,
      billable_cents: trap,
    });
    // 0.33 × 50¢ = 16.5¢, rounded up once.
    const [first] = after.lines;
    const saved = await send("PUT", `/maintenance-requests/${r.id}/costs/${first?.id}`, {
      payload: line({ kind: "other", quantity: "0.33", rate_cents: 50 }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(requestCostsSchema.parse(saved.json()).totals.other_cents).toBe(cents(33, 50));
    expect(cents(33, 50)).toBe(17);
    const removed = await send("DELETE", `/maintenance-requests/${r.id}/costs/${first?.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(requestCostsSchema.parse(removed.json()).totals.total_cents).toBe(trap);
    // A bad quantity names the field; a closed request's costs do not change.
    const bad = await send("POST", `/maintenance-requests/${r.id}/costs`, { payload: line({ quantity: "1.555" }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.quantity).toBeDefined();
    await move(r.id, "canceled");
    expect(await refusedLine(r.id, line())).toBe("The request is completed or canceled: reopen it to change its costs");
  });

  it("puts a request on hold for approval when its costs exceed the not-to-exceed amount", async () => {
    const r = await create();
    await move(r.id, "triaged");
    const set = await limits(r.id, 100_000, 80_000);
    expect(set.statusCode, set.body).toBe(200);
    const under = await add(r.id, line({ quantity: "4", rate_cents: 12_500 }));
    expect(under.status).toBe("triaged");
    const over = await add(r.id, line({ quantity: "6", rate_cents: 12_500 }));
    expect(cents(400, 12_500) + cents(600, 12_500)).toBe(125_000);
    expect(over).toMatchObject({ status: "on_hold", not_to_exceed_cents: 100_000, estimate_cents: 80_000 });
    const history = historySchema.parse((await send("GET", `/maintenance-requests/${r.id}/history`)).json()).history;
    expect(history[0]?.changes).toEqual({
      status: { from: "triaged", to: "on_hold" },
      note: { from: null, to: "Costs $1,250.00 exceed the not-to-exceed amount of $1,000.00: approval needed" },
    });
    // Approval: a manager takes it off hold; more costs do not hold it again until the limit is crossed anew.
    await move(r.id, "in_progress");
    expect((await add(r.id, line({ quantity: "1", rate_cents: 1_000 }))).status).toBe("in_progress");
    // A limit set below the costs holds it too.
    expect((await limits(r.id, 200_000)).statusCode).toBe(200);
    expect(requestCostsSchema.parse((await limits(r.id, 50_000)).json()).status).toBe("on_hold");

    // A new request cannot be held (triage first): the line over its limit is refused, nothing saved.
    const fresh = await create();
    expect((await limits(fresh.id, 10_000)).statusCode).toBe(200);
    expect(await refusedLine(fresh.id, line({ quantity: "2", rate_cents: 10_000 }))).toBe(
      "Costs $200.00 would exceed the not-to-exceed amount of $100.00: triage the request first (so it can be put on hold for approval), or raise the limit",
    );
    const costs = requestCostsSchema.parse((await send("GET", `/maintenance-requests/${fresh.id}/costs`)).json());
    expect(costs.lines).toEqual([]);
    expect(costs.status).toBe("new");
  });

  it("bills the resident once however often it is saved, on the lease ledger", async () => {
    const lease = await leaseFixture(t, org, { property: 0, name: "Bill Me" });
    const r = await create({ lease_id: lease.id, tenant_id: lease.tenantId });
    await add(r.id, line());
    await add(r.id, line({ kind: "material", quantity: "3", rate_cents: 1_233, billable: true }));
    await add(r.id, line({ kind: "other", description: "Disposal", quantity: "1", rate_cents: 2_500, billable: true }));
    const billable = cents(300, 1_233) + cents(100, 2_500);
    const before = (await balance(lease.id)).balance_cents;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await send("POST", `/maintenance-requests/${r.id}/bill-to-resident`);
      statuses.push(res.statusCode);
      const body = billToResidentResponseSchema.parse(res.json());
      expect(body.costs.billing).toMatchObject({ billed_cents: billable, lease_id: lease.id });
      expect(body.balance_cents).toBe(before + billable);
    }
    expect(statuses).toEqual([201, 200, 200]);
    const ledger = await balance(lease.id);
    expect(ledger.balance_cents).toBe(before + billable);
    const charges = ledger.rows.filter((row) => row.charge_cents > 0);
    expect(charges.map((c) => c.charge_cents)).toEqual([billable]);
    const [entries] = await systemRows<{ n: number | string }>(
      t,
      sql`select count(*) as n from journal_entries where organization_id = ${org.orgId}
        and idempotency_key = ${`maintenance-bill:${r.id}`}`,
    );
    expect(Number(entries?.n)).toBe(1);
    // Billable lines changed after billing: refused, saying what was billed.
    await add(r.id, line({ quantity: "1", rate_cents: 100, billable: true }));
    const again = await send("POST", `/maintenance-requests/${r.id}/bill-to-resident`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(
      /^Already billed \$61\.99 on \d{4}-\d{2}-\d{2}; credit the lease to change it$/,
    );
    expect(billable).toBe(6_199);

    // No lease: a clear refusal.
    const unlinked = await create();
    await add(unlinked.id, line({ billable: true }));
    const noLease = await send("POST", `/maintenance-requests/${unlinked.id}/bill-to-resident`);
    expect(noLease.statusCode).toBe(409);
    expect(noLease.json().error.message).toBe("Link the request to a lease to bill the resident");

    // The costs per property, for the accounting's vendor bills.
    const summary = await send("GET", `/maintenance-costs?property_id=${org.propertyIds[0]}`);
    expect(summary.statusCode, summary.body).toBe(200);
    const [oak] = maintenanceCostsSummarySchema.parse(summary.json()).properties;
    expect(oak?.billed_cents).toBe(billable);
    expect(oak?.billable_cents).toBeGreaterThanOrEqual(billable + 100);
  });

  it("needs ledger.post to bill, maintenance.edit to change costs; another organization's or property's request is 404", async () => {
    const lease = await leaseFixture(t, org, { property: 0, name: "Guarded" });
    const r = await create({ lease_id: lease.id, tenant_id: lease.tenantId });
    await add(r.id, line({ billable: true }));

    const staff = await ledgerUser(t, org, "STAFF");
    const staffBill = await send("POST", `/maintenance-requests/${r.id}/bill-to-resident`, { org: staff });
    expect(staffBill.statusCode).toBe(403);
    expect(staffBill.json().error.message).toBe("As Staff, you cannot post to the books");
    // Staff work the costs themselves.
    const staffLine = await send("POST", `/maintenance-requests/${r.id}/costs`, { org: staff, payload: line() });
    expect(staffLine.statusCode, staffLine.body).toBe(201);

    const reader = await ledgerUser(t, org, "READ_ONLY");
    expect((await send("GET", `/maintenance-requests/${r.id}/costs`, { org: reader })).statusCode).toBe(200);
    for (const [method, url] of [
      ["POST", `/maintenance-requests/${r.id}/costs`],
      ["PUT", `/maintenance-requests/${r.id}/cost-limits`],
      ["POST", `/maintenance-requests/${r.id}/bill-to-resident`],
    ] as const) {
      const res = await send(method, url, { org: reader, payload: method === "PUT" ? {} : line() });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }

    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [org.propertyIds[1] ?? ""]);
    for (const as of [other, scoped]) {
      expect((await send("GET", `/maintenance-requests/${r.id}/costs`, { org: as })).statusCode).toBe(404);
      expect((await send("POST", `/maintenance-requests/${r.id}/costs`, { org: as, payload: line() })).statusCode).toBe(
        404,
      );
      expect((await send("POST", `/maintenance-requests/${r.id}/bill-to-resident`, { org: as })).statusCode).toBe(404);
      const summary = maintenanceCostsSummarySchema.parse(
        (await send("GET", "/maintenance-costs", { org: as })).json(),
      );
      expect(summary.properties.map((p) => p.property_id)).not.toContain(org.propertyIds[0]);
    }
    const costs = requestCostsSchema.parse((await send("GET", `/maintenance-requests/${r.id}/costs`)).json());
    expect(costs.lines).toHaveLength(2);
    expect(costs.billing).toBeNull();
  });
  it("is refused like every posting when today's accounting period is closed", async () => {
    const lease = await leaseFixture(t, org, { property: 0, name: "Closed Month" });
    const r = await create({ lease_id: lease.id, tenant_id: lease.tenantId });
    await add(r.id, line({ billable: true }));
    const month = sql`(select date_trunc('month', (now() at time zone o.time_zone))::date from organizations o where o.id = ${org.orgId})`;
    await systemRows(
      t,
      sql`insert into accounting_periods (organization_id, starts_on, ends_on, status)
        values (${org.orgId}, ${month}, (${month} + interval '1 month' - interval '1 day')::date, 'closed')
        on conflict (organization_id, starts_on) do update set status = 'closed'`,
    );
    const refused = await send("POST", `/maintenance-requests/${r.id}/bill-to-resident`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("PERIOD_CLOSED");
    const costs = requestCostsSchema.parse((await send("GET", `/maintenance-requests/${r.id}/costs`)).json());
    expect(costs.billing).toBeNull();
    await systemRows(t, sql`update accounting_periods set status = 'open' where organization_id = ${org.orgId}`);
  });
  it("totals the costs per property over a span of days, for the vendor bills", async () => {
    const pine = org.propertyIds[1] ?? "";
    const r = await create({ property_id: pine });
    await add(r.id, line({ incurred_on: "2026-03-02" }));
    await add(
      r.id,
      line({ kind: "material", quantity: "3", rate_cents: 1_233, billable: true, incurred_on: "2026-03-30" }),
    );
    await add(r.id, line({ kind: "other", quantity: "1", rate_cents: 999, incurred_on: "2026-04-01" }));
    const summary = async (query: string) => {
      const res = await send("GET", `/maintenance-costs?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return maintenanceCostsSummarySchema.parse(res.json()).properties;
    };
    const march = await summary(`property_id=${pine}&from=2026-03-01&to=2026-03-31`);
    expect(march).toEqual([
      {
        property_id: pine,
        property_name: "Maintenance Costs 2",
        requests: 1,
        labor_cents: cents(150, 8_500),
        material_cents: cents(300, 1_233),
        other_cents: 0,
        total_cents: cents(150, 8_500) + cents(300, 1_233),
        billable_cents: cents(300, 1_233),
        billed_cents: 0,
      },
    ]);
    const all = await summary("from=2026-03-01&to=2026-04-30");
    expect(all.find((p) => p.property_id === pine)?.total_cents).toBe(
      cents(150, 8_500) + cents(300, 1_233) + cents(100, 999),
    );
    expect(await summary(`property_id=${pine}&from=2026-05-01`)).toEqual([]);
  });
  it("posts one charge when Bill to resident is pressed twice at once", async () => {
    const lease = await leaseFixture(t, org, { property: 0, name: "Double Click" });
    const r = await create({ lease_id: lease.id, tenant_id: lease.tenantId });
    await add(r.id, line({ quantity: "2", rate_cents: 4_950, billable: true }));
    const both = await Promise.all([
      send("POST", `/maintenance-requests/${r.id}/bill-to-resident`),
      send("POST", `/maintenance-requests/${r.id}/bill-to-resident`),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 201]);
    const ledger = await balance(lease.id);
    expect(ledger.rows.filter((row) => row.charge_cents > 0).map((row) => row.charge_cents)).toEqual([
      cents(200, 4_950),
    ]);
    expect(ledger.balance_cents).toBe(cents(200, 4_950));
  });
});
