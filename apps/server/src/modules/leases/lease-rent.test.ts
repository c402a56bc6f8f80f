import { leaseMessages, leaseSchema } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addTenant, leaseForm, leaseTestApp, prorated } from "../../../test/lease-fixture.ts";
import { systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Rent Row");

describe("a lease's rent over time", () => {
  const rents = (lease: {
    recurring_charges: { kind: string; amount_cents: number; start_date: string; end_date: string | null }[];
  }) => lease.recurring_charges.filter((c) => c.kind === "rent").map((c) => [c.amount_cents, c.start_date, c.end_date]);

  it("changes the rent from a day as a new row, charges each part of that month for its days, refuses overlaps", async () => {
    const tenantId = await addTenant(t, org, "Rita Renter");
    const form = leaseForm(org, { tenantId, start_date: "2026-01-01", end_date: "2026-12-31", rent_cents: 100_000 });
    const created = await send("POST", "/leases", { payload: form });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().lease.id;

    // Before move-in the form replaces the rent outright: nothing of it is charged.
    const pending = await send("PUT", `/leases/${id}`, { payload: { ...form, rent_cents: 101_000 } });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(rents(leaseSchema.parse(pending.json().lease))).toEqual([[101_000, "2026-01-01", "2026-12-31"]]);
    const back = await send("PUT", `/leases/${id}`, { payload: form });
    expect(back.statusCode, back.body).toBe(200);
    expect((await send("POST", `/leases/${id}/move-in`, { payload: {} })).statusCode).toBe(200);

    // Moved in: a new rent needs the day it takes effect.
    const undated = await send("PUT", `/leases/${id}`, { payload: { ...form, rent_cents: 110_000 } });
    expect(undated.statusCode).toBe(400);
    expect(undated.json().error.message).toBe(leaseMessages.effectiveDateRequired);

    const changed = await send("PUT", `/leases/${id}`, {
      payload: { ...form, rent_cents: 110_000, effective_date: "2026-03-15" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(rents(leaseSchema.parse(changed.json().lease))).toEqual([
      [100_000, "2026-01-01", "2026-03-14"],
      [110_000, "2026-03-15", "2026-12-31"],
    ]);

    // A raise scheduled for October, then one from July that would reach it: refused, one rent a day.
    const october = await send("PUT", `/leases/${id}`, {
      payload: { ...form, rent_cents: 120_000, effective_date: "2026-10-01" },
    });
    expect(october.statusCode, october.body).toBe(200);
    const july = await send("PUT", `/leases/${id}`, {
      payload: { ...form, rent_cents: 115_000, effective_date: "2026-07-01" },
    });
    expect(july.statusCode, july.body).toBe(409);
    expect(july.json().error.message).toBe(
      leaseMessages.rentOverlap("2026-07-01", { from: "2026-10-01", cents: 120_000 }),
    );
    expect(july.json().error.message).toBe(
      "The rent from 2026-07-01 overlaps the rent of $1,200.00 from 2026-10-01: a lease has one rent on any day",
    );
    const kept = leaseSchema.parse((await send("GET", `/leases/${id}`)).json().lease);
    expect(rents(kept)).toEqual([
      [100_000, "2026-01-01", "2026-03-14"],
      [110_000, "2026-03-15", "2026-09-30"],
      [120_000, "2026-10-01", "2026-12-31"],
    ]);

    // A save without a date that shows today's rent or the scheduled one changes no rent.
    for (const rent_cents of [kept.rent_cents, 120_000]) {
      const undated = await send("PUT", `/leases/${id}`, { payload: { ...form, rent_cents } });
      expect(undated.statusCode, undated.body).toBe(200);
      expect(rents(leaseSchema.parse(undated.json().lease))).toEqual(rents(kept));
    }
    expect(kept.recurring_charges.filter((c) => c.in_effect)).toHaveLength(1);

    // The charge run: March in two parts, 14 and 17 of 31 days, each rounded once.
    const run = await send("POST", "/charge-runs", { payload: { through: "2026-04-30" } });
    expect(run.statusCode).toBe(202);
    await t.app.jobs.drain();
    const posted = await systemRows<{ posted_on: string; cents: string }>(
      t,
      sql`select e.posted_on::text as posted_on, l.amount_cents as cents from journal_entries e
        join journal_lines l on l.organization_id = e.organization_id and l.entry_id = e.id and l.line_no = 1
        where l.lease_id = ${id} and e.source = 'recurring_charge' order by e.posted_on, l.amount_cents`,
    );
    expect(posted.map((p) => [p.posted_on, Number(p.cents)])).toEqual([
      ["2026-01-01", 100_000],
      ["2026-02-01", 100_000],
      ["2026-03-01", prorated(100_000, 14, 31)],
      ["2026-03-15", prorated(110_000, 17, 31)],
      ["2026-04-01", 110_000],
    ]);

    // A month charged already stays as charged.
    const late = await send("PUT", `/leases/${id}`, {
      payload: { ...form, rent_cents: 90_000, effective_date: "2026-04-10" },
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.message).toBe(leaseMessages.alreadyCharged("April 2026"));

    // Ending the lease before months already charged is refused; a longer lease extends its last rent.
    const shorter = await send("PUT", `/leases/${id}`, {
      payload: { ...form, rent_cents: 120_000, end_date: "2026-03-31" },
    });
    expect(shorter.statusCode, shorter.body).toBe(409);
    expect(shorter.json().error.message).toBe(leaseMessages.alreadyCharged("April 2026"));
    const longer = await send("PUT", `/leases/${id}`, {
      payload: { ...form, rent_cents: 120_000, end_date: "2027-06-30" },
    });
    expect(longer.statusCode, longer.body).toBe(200);
    const extended = leaseSchema.parse(longer.json().lease);
    expect(rents(extended).at(-1)).toEqual([120_000, "2026-10-01", "2027-06-30"]);
    expect(extended.units.map((u) => [u.starts_on, u.ends_on])).toEqual([["2026-01-01", "2027-06-30"]]);
  });

  it("refuses two rents of one lease on one day in the database itself", async () => {
    const tenantId = await addTenant(t, org, "Direct Writer");
    const created = await send("POST", "/leases", {
      payload: leaseForm(org, { tenantId, unit: 1, start_date: "2026-01-01", end_date: "2026-12-31" }),
    });
    const lease = leaseSchema.parse(created.json().lease);
    const rent = lease.recurring_charges[0];
    await expect(
      systemRows(
        t,
        sql`insert into recurring_charges (organization_id, lease_id, property_id, account_id, kind, amount_cents, start_date,
            next_period_start, late_fee_next_period)
          select organization_id, lease_id, property_id, account_id, 'rent', 1, '2026-06-01', 'infinity', 'infinity'
          from recurring_charges where id = ${rent?.id}`,
      ),
    ).rejects.toMatchObject({ cause: { code: "23P01", constraint: "recurring_charges_one_rent" } });
  });
});
