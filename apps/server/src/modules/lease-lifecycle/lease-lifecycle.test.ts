import { randomUUID } from "node:crypto";
import { addDays, addMonths, todayIn } from "@keyholder/contracts/civil-date";
import {
  depositStatementSchema,
  lifecycleLeaseResponseSchema,
  moveOutResponseSchema,
  renewalAcceptResponseSchema,
  renewalBulkResultSchema,
  renewalOfferListSchema,
  renewalOfferSchema,
  renewalRentCents,
} from "@keyholder/contracts/lease-lifecycle";
import { leaseSchema } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseTestApp, movedInLeases, prorated, tenantStatus } from "../../../test/lease-fixture.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Lifecycle Lofts", { properties: 6 });
const other = await ledgerOrganization(t, "Elsewhere Estates");

/** Notice, renewal and move-out (issue 27 item 13, decision 032), as an API client sees them. */
describe("lease notice, renewal and move-out", () => {
  const movedIn = movedInLeases({ t, org, send });
  const pay = async (lease: string, cents: number, on: string) => {
    const res = await send("POST", `/leases/${lease}/payments`, {
      payload: { idempotency_key: randomUUID(), method: "check", received_on: on, amount_cents: cents },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const readLease = async (id: string) => leaseSchema.parse((await send("GET", `/leases/${id}`)).json().lease);
  /** What the lease's lines on an account (by role) add up to (debit positive). */
  const onAccount = async (lease: string, role: string) => {
    const [row] = await systemRows<{ cents: string | number }>(
      t,
      sql`select coalesce(sum(l.amount_cents), 0) as cents from journal_lines l
        join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
        where l.organization_id = ${org.orgId} and l.lease_id = ${lease} and a.role = ${role}`,
    );
    return Number(row?.cents);
  };
  const rentChargeOf = async (lease: string) =>
    (
      await systemRows<{ id: string }>(
        t,
        sql`select id from recurring_charges where lease_id = ${lease} and kind = 'rent'`,
      )
    )[0]?.id;
  const entriesOf = async (lease: string) =>
    (
      await systemRows<{ key: string }>(
        t,
        sql`select distinct e.idempotency_key as key from journal_entries e
          join journal_lines l on l.organization_id = e.organization_id and l.entry_id = e.id
          where l.lease_id = ${lease} order by 1`,
      )
    ).map((r) => r.key);

  it("moves out: the deposit pays the damages and unpaid rent, the rest is refunded, the lease ends at zero", async () => {
    const deposit = 150_000;
    const rent = 100_000;
    const lease = await movedIn({
      start_date: "2026-06-01",
      end_date: "2027-05-31",
      rent_cents: rent,
      deposit_cents: deposit,
    });
    // Everything paid but $200.00 of the first month's rent.
    const unpaid = 20_000;
    await pay(lease.id, rent - unpaid + deposit, "2026-06-03");
    expect((await readLease(lease.id)).balance_cents).toBe(unpaid);

    const damages = 40_000;
    const body = {
      moved_out_on: "2026-06-30",
      forwarding_address: "12 Elm Street, Springfield, IL 62704",
      final_charges: [{ description: "Carpet damage", amount_cents: damages }],
    };
    const res = await send("POST", `/leases/${lease.id}/move-out`, { payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const { lease: ended, statement } = moveOutResponseSchema.parse(res.json());
    const refund = deposit - damages - unpaid;
    expect(refund).toBe(90_000);
    expect(statement).toMatchObject({
      deposit_held_cents: deposit,
      prior_balance_cents: unpaid,
      applied_cents: damages + unpaid,
      refund_cents: refund,
      balance_left_cents: 0,
      forwarding_address: body.forwarding_address,
      moved_out_on: "2026-06-30",
    });
    expect(statement.final_charges.map((c) => [c.description, c.amount_cents])).toEqual([["Carpet damage", damages]]);
    // The fixture's properties have no address: the default 30 days.
    expect(statement.statement_days).toBe(30);
    expect(statement.statement_due_on).toBe(addDays("2026-06-30", 30));
    expect(ended.status).toBe("ended");
    expect(ended.moved_out_on).toBe("2026-06-30");
    expect(ended.balance_cents).toBe(0);
    expect(ended.units.map((u) => u.ends_on)).toEqual(["2026-06-30"]);
    expect(await onAccount(lease.id, "security_deposits_held")).toBe(0);
    expect(await onAccount(lease.id, "operating_cash")).toBe(-refund);
    expect(await onAccount(lease.id, "accounts_receivable")).toBe(0);
    expect(await tenantStatus(t, lease.tenantId)).toBe("past");
    const [unit] = await systemRows<{ date_available: string; occupied: boolean }>(
      t,
      sql`select date_available::text as date_available, occupied from units where unit_id = ${lease.unitId}`,
    );
    expect(unit?.date_available).toBe("2026-07-01");
    // The ledger says it: no open charge left.
    const ledger = (await send("GET", `/leases/${lease.id}/ledger`)).json() as {
      open_charges: unknown[];
      rows: { type: string; description: string }[];
    };
    expect(ledger.open_charges).toEqual([]);
    // Move-in's and move-out's rows say what they are, not "adjustment".
    const types = ledger.rows.map((r) => r.type);
    expect(types).not.toContain("adjustment");
    expect(types.filter((t) => t === "move_out")).toHaveLength(2);
    expect(ledger.rows.find((r) => r.description === "Carpet damage")?.type).toBe("move_out");

    // Twice (a double click, a retry): the first answer, nothing posted again.
    const keys = await entriesOf(lease.id);
    expect(keys.filter((k) => k.startsWith(`move_out:${lease.id}:`)).sort()).toEqual(
      [
        `move_out:${lease.id}:charge:1`,
        `move_out:${lease.id}:deposit_applied`,
        `move_out:${lease.id}:deposit_refund`,
      ].sort(),
    );
    const again = await send("POST", `/leases/${lease.id}/move-out`, { payload: body });
    expect(again.statusCode, again.body).toBe(200);
    expect(moveOutResponseSchema.parse(again.json()).statement).toEqual(statement);
    expect(await entriesOf(lease.id)).toEqual(keys);

    // The itemized statement, as JSON and as a PDF.
    const got = await send("GET", `/leases/${lease.id}/move-out`);
    expect(depositStatementSchema.parse(got.json().statement)).toEqual(statement);
    const pdf = await send("GET", `/leases/${lease.id}/deposit-statement.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // Read-only reads the statement, cannot move out or give notice.
    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    expect((await send("GET", `/leases/${lease.id}/deposit-statement.pdf`, { org: readOnly })).statusCode).toBe(200);
    const refused = await send("POST", `/leases/${lease.id}/move-out`, { org: readOnly, payload: body });
    expect(refused.statusCode).toBe(403);
    // Another organization's lease is not there.
    const foreign = await send("POST", `/leases/${lease.id}/move-out`, { org: other, payload: body });
    expect(foreign.statusCode).toBe(404);
    expect((await send("GET", `/leases/${lease.id}/deposit-statement.pdf`, { org: other })).statusCode).toBe(404);
    expect(
      (
        await send("POST", `/leases/${lease.id}/notice`, {
          org: other,
          payload: { notice_given_on: "2026-06-01", move_out_date: "2026-06-30" },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("credits the days of a month already charged after the move-out when asked, and refunds them with the deposit", async () => {
    const deposit = 120_000;
    const rent = 150_000;
    const lease = await movedIn({
      start_date: "2026-06-01",
      end_date: "2027-05-31",
      rent_cents: rent,
      deposit_cents: deposit,
    });
    await pay(lease.id, rent + deposit, "2026-06-02");
    // June is charged in full; moving out on the 20th leaves the 21st to the 30th unused.
    const credit = prorated(rent, 10, 30);
    const preview = (await send("GET", `/leases/${lease.id}/move-out?moved_out_on=2026-06-20`)).json().preview;
    expect(preview.unused_charges).toEqual([
      { description: expect.any(String), from: "2026-06-21", to: "2026-06-30", amount_cents: credit },
    ]);
    // Without a day asked, nothing to credit is said; a bad day is a 400, not a 500.
    expect((await send("GET", `/leases/${lease.id}/move-out`)).json().preview.unused_charges).toEqual([]);
    expect((await send("GET", `/leases/${lease.id}/move-out?moved_out_on=June`)).statusCode).toBe(400);

    const res = await send("POST", `/leases/${lease.id}/move-out`, {
      payload: {
        moved_out_on: "2026-06-20",
        forwarding_address: "4 Birch Road, Springfield, IL 62704",
        credit_unused_charges: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { statement, lease: ended } = moveOutResponseSchema.parse(res.json());
    expect(statement.credits.map((c) => c.amount_cents)).toEqual([credit]);
    expect(statement.final_charges).toEqual([]);
    expect(statement).toMatchObject({ applied_cents: 0, refund_cents: deposit + credit, balance_left_cents: 0 });
    expect(ended.balance_cents).toBe(0);
    expect(await onAccount(lease.id, "rent_income")).toBe(-(rent - credit));
    expect(await onAccount(lease.id, "operating_cash")).toBe(-(deposit + credit));
    expect(await entriesOf(lease.id)).toContain(
      `move_out:${lease.id}:unused:${await rentChargeOf(lease.id)}:2026-06-01`,
    );
    // The statement downloads with the credit on it.
    const pdf = await send("GET", `/leases/${lease.id}/deposit-statement.pdf`);
    expect(pdf.statusCode).toBe(200);
  });

  it("credits nothing for days after the move-out unless asked", async () => {
    const rent = 90_000;
    const lease = await movedIn({
      start_date: "2026-06-01",
      end_date: "2027-05-31",
      rent_cents: rent,
      deposit_cents: 0,
    });
    const res = await send("POST", `/leases/${lease.id}/move-out`, {
      payload: { moved_out_on: "2026-06-10", forwarding_address: "9 Pine Lane, Springfield, IL 62704" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { statement, lease: ended } = moveOutResponseSchema.parse(res.json());
    expect(statement.credits).toEqual([]);
    expect(ended.balance_cents).toBe(rent);
    expect(await onAccount(lease.id, "rent_income")).toBe(-rent);
  });

  it("keeps what the deposit does not cover on the ended lease, collectible, its tenant past", async () => {
    const deposit = 50_000;
    const rent = 100_000;
    const lease = await movedIn({
      start_date: "2026-07-01",
      end_date: "2027-06-30",
      rent_cents: rent,
      deposit_cents: deposit,
    });
    const cleaning = 10_000;
    const res = await send("POST", `/leases/${lease.id}/move-out`, {
      payload: {
        moved_out_on: "2026-07-20",
        forwarding_address: "PO Box 9, Austin, TX 78701",
        final_charges: [{ description: "Cleaning", amount_cents: cleaning, account_id: org.account("other_income") }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { lease: ended, statement } = moveOutResponseSchema.parse(res.json());
    // Owed: the July rent, the deposit itself (never paid) and the cleaning; the deposit pays $500.00 of it.
    const owed = rent + deposit + cleaning;
    expect(statement.applied_cents).toBe(deposit);
    expect(statement.refund_cents).toBe(0);
    expect(statement.balance_left_cents).toBe(owed - deposit);
    expect(ended.status).toBe("ended");
    expect(ended.balance_cents).toBe(owed - deposit);
    expect(await onAccount(lease.id, "security_deposits_held")).toBe(0);
    expect(await tenantStatus(t, lease.tenantId)).toBe("past");
    const tenant = await systemRows<{ status: string }>(
      t,
      sql`select status from tenants where id = ${lease.tenantId}`,
    );
    expect(tenant[0]?.status).toBe("past");
    // Still collectible: a payment after move-out pays it down.
    await pay(lease.id, 10_000, "2026-08-01");
    expect((await readLease(lease.id)).balance_cents).toBe(owed - deposit - 10_000);
  });

  it("refunds a credit the lease held with the deposit, by the state's deadline (California: 21 days)", async () => {
    const deposit = 100_000;
    const rent = 100_000;
    const lease = await movedIn({
      start_date: "2026-08-01",
      end_date: "2027-07-31",
      rent_cents: rent,
      deposit_cents: deposit,
    });
    const [address] = await systemRows<{ id: number }>(
      t,
      sql`insert into addresses (organization_id, address_line_1, city, state_id, zipcode)
        values (${org.orgId}, '1 Ocean Ave', 'Santa Monica', (select id from us_states where state_code = 'CA'), '90401')
        returning id`,
    );
    const [property] = await systemRows<{ property_id: string }>(
      t,
      sql`update properties set address_id = ${address?.id} where id = (select property_id from leases where id = ${lease.id})
        returning id as property_id`,
    );
    expect(property).toBeDefined();
    // Paid the month, the deposit and $300.00 ahead: a credit (prepaid rent).
    const ahead = 30_000;
    await pay(lease.id, rent + deposit + ahead, "2026-08-02");
    const cleaning = 5_000;
    const res = await send("POST", `/leases/${lease.id}/move-out`, {
      payload: {
        moved_out_on: "2026-08-31",
        forwarding_address: "9 Pine Road, Fresno, CA 93701",
        final_charges: [{ description: "Cleaning", amount_cents: cleaning }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { lease: ended, statement } = moveOutResponseSchema.parse(res.json());
    // The credit pays the cleaning; what is left of it and the whole deposit come back.
    expect(statement).toMatchObject({
      prior_balance_cents: -ahead,
      applied_cents: 0,
      refund_cents: deposit + ahead - cleaning,
      balance_left_cents: 0,
      state_code: "CA",
      statement_days: 21,
      statement_due_on: "2026-09-21",
    });
    expect(ended.balance_cents).toBe(0);
    expect(await onAccount(lease.id, "security_deposits_held")).toBe(0);
    expect(await onAccount(lease.id, "prepaid_rent")).toBe(0);
    expect(await onAccount(lease.id, "operating_cash")).toBe(-(deposit + ahead - cleaning));
    expect(await entriesOf(lease.id)).toContain(`refund:${lease.id}:move_out`);
    const pdf = await send("GET", `/leases/${lease.id}/deposit-statement.pdf`);
    expect(pdf.statusCode).toBe(200);
  });

  it("records a notice: move-out date, units held through it and available the next day, the tenant on notice; withdrawn, active again", async () => {
    const lease = await movedIn({ start_date: "2026-05-01", end_date: "2027-04-30", rent_cents: 90_000 });
    const res = await send("POST", `/leases/${lease.id}/notice`, {
      payload: { notice_given_on: "2026-11-01", move_out_date: "2027-01-31" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const onNotice = lifecycleLeaseResponseSchema.parse(res.json()).lease;
    expect(onNotice.status).toBe("notice");
    expect(onNotice.move_out_date).toBe("2027-01-31");
    expect(onNotice.notice_given_on).toBe("2026-11-01");
    expect(onNotice.units.map((u) => u.ends_on)).toEqual(["2027-01-31"]);
    expect(onNotice.recurring_charges.map((c) => c.end_date)).toEqual(["2027-01-31"]);
    expect(await tenantStatus(t, lease.tenantId)).toBe("notice");
    const unit = async () =>
      (
        await systemRows<{ date_available: string | null; occupied: boolean }>(
          t,
          sql`select date_available::text as date_available, occupied from units where unit_id = ${lease.unitId}`,
        )
      )[0];
    expect(await unit()).toEqual({ date_available: "2027-02-01", occupied: true });
    const history = (await send("GET", `/leases/${lease.id}/history`)).json();
    expect(JSON.stringify(history)).toContain("2027-01-31");

    const withdrawn = await send("DELETE", `/leases/${lease.id}/notice`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const active = lifecycleLeaseResponseSchema.parse(withdrawn.json()).lease;
    expect(active.status).toBe("active");
    expect(active.move_out_date).toBeNull();
    expect(active.units.map((u) => u.ends_on)).toEqual(["2027-04-30"]);
    expect(active.recurring_charges.map((c) => c.end_date)).toEqual(["2027-04-30"]);
    expect(await tenantStatus(t, lease.tenantId)).toBe("current");
    expect((await unit())?.date_available).toBeNull();
    // No notice to withdraw now.
    expect((await send("DELETE", `/leases/${lease.id}/notice`)).statusCode).toBe(409);

    // A manager of another property does not see it.
    const elsewhere = await ledgerUser(t, org, "PROPERTY_MANAGER", [org.propertyIds[5] ?? ""]);
    const hidden = await send("POST", `/leases/${lease.id}/notice`, {
      org: elsewhere,
      payload: { notice_given_on: "2026-11-01", move_out_date: "2027-01-31" },
    });
    expect(hidden.statusCode).toBe(404);

    // On notice again, then renewed: active, the notice gone, the units no longer offered.
    await send("POST", `/leases/${lease.id}/notice`, {
      payload: { notice_given_on: "2026-11-02", move_out_date: "2027-02-28" },
    });
    expect((await unit())?.date_available).toBe("2027-03-01");
    const offered = await send("POST", `/leases/${lease.id}/renewal-offers`, {
      payload: { term: "month_to_month", rent_change: { type: "amount", rent_cents: 95_000 } },
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const offer = renewalOfferSchema.parse(offered.json());
    expect(offer).toMatchObject({ starts_on: "2027-05-01", ends_on: null, rent_cents: 95_000 });
    const accepted = await send("POST", `/leases/${lease.id}/renewal-offers/${offer.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const renewed = renewalAcceptResponseSchema.parse(accepted.json()).lease;
    expect(renewed).toMatchObject({ status: "active", term: "month_to_month", end_date: null, move_out_date: null });
    expect(renewed.units.map((u) => u.ends_on)).toEqual([null]);
    expect(renewed.recurring_charges.map((c) => [c.start_date, c.end_date, c.amount_cents])).toEqual([
      ["2026-05-01", "2027-04-30", 90_000],
      ["2027-05-01", null, 95_000],
    ]);
    expect((await unit())?.date_available).toBeNull();
    expect(await tenantStatus(t, lease.tenantId)).toBe("current");
  });

  it("renews the same lease: no postings, balance and credit unchanged, the new rent from the new term's first day", async () => {
    const rent = 123_456;
    const lease = await movedIn({
      start_date: "2026-01-01",
      end_date: "2026-12-31",
      rent_cents: rent,
      deposit_cents: 100_000,
    });
    // Overpaid: the lease holds a credit (prepaid rent) the renewal must carry.
    await pay(lease.id, 300_000, "2026-01-02");
    const before = await readLease(lease.id);
    expect(before.balance_cents).toBe(rent + 100_000 - 300_000);
    const keysBefore = await entriesOf(lease.id);

    const offered = await send("POST", `/leases/${lease.id}/renewal-offers`, {
      payload: { term: "fixed", months: 12, rent_change: { type: "percent", percent: "3" } },
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const offer = renewalOfferSchema.parse(offered.json());
    // $1,234.56 x 1.03 = $1,271.5968, rounded to the dollar: $1,272.00 (integer arithmetic, half up).
    const expected = Math.floor((rent * 103 + 5_000) / 10_000) * 100;
    expect(expected).toBe(127_200);
    expect(offer).toMatchObject({
      status: "offered",
      starts_on: "2027-01-01",
      ends_on: "2027-12-31",
      current_rent_cents: rent,
      rent_cents: expected,
    });
    expect(renewalRentCents(rent, { type: "percent", percent: "3" })).toBe(expected);
    const list = renewalOfferListSchema.parse((await send("GET", `/leases/${lease.id}/renewal-offers`)).json());
    expect(list.offers.map((o) => o.id)).toEqual([offer.id]);

    const accepted = await send("POST", `/leases/${lease.id}/renewal-offers/${offer.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { lease: renewed, offer: done } = renewalAcceptResponseSchema.parse(accepted.json());
    expect(done.status).toBe("accepted");
    expect(renewed.id).toBe(lease.id);
    expect(renewed.status).toBe("active");
    expect(renewed.end_date).toBe("2027-12-31");
    expect(renewed.balance_cents).toBe(before.balance_cents);
    expect(await entriesOf(lease.id)).toEqual(keysBefore);
    expect(await onAccount(lease.id, "security_deposits_held")).toBe(-100_000);
    const rents = renewed.recurring_charges
      .filter((c) => c.kind === "rent")
      .map((c) => [c.start_date, c.end_date, c.amount_cents]);
    expect(rents).toEqual([
      ["2026-01-01", "2026-12-31", rent],
      ["2027-01-01", "2027-12-31", expected],
    ]);
    expect(renewed.units.map((u) => u.ends_on)).toEqual(["2027-12-31"]);
    // Accepting again answers the same; a decided offer cannot be declined.
    expect((await send("POST", `/leases/${lease.id}/renewal-offers/${offer.id}/accept`)).statusCode).toBe(200);
    expect((await send("POST", `/leases/${lease.id}/renewal-offers/${offer.id}/decline`)).statusCode).toBe(409);
  });

  it("offers renewals in bulk to the leases ending in the window, once, and records a decline", async () => {
    const today = todayIn("America/New_York");
    const end = addDays(today, 40);
    const start = addDays(addMonths(end, -12), 1);
    const soon = await movedIn({ start_date: start, end_date: end, rent_cents: 80_000, property: 5, unit: 0 });
    const late = await movedIn({
      start_date: start,
      end_date: addDays(today, 200),
      rent_cents: 80_000,
      property: 5,
      unit: 1,
    });
    const bulk = async () => {
      const res = await send("POST", "/renewal-offers/bulk", {
        payload: {
          within_days: 60,
          property_id: org.propertyIds[5],
          term: "fixed",
          months: 12,
          rent_change: { type: "fixed_increase", amount_cents: 5_000 },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return renewalBulkResultSchema.parse(res.json());
    };
    const first = await bulk();
    expect(first.offers.map((o) => [o.lease_id, o.starts_on, o.rent_cents])).toEqual([
      [soon.id, addDays(end, 1), 85_000],
    ]);
    expect(first.offers.some((o) => o.lease_id === late.id)).toBe(false);
    const second = await bulk();
    expect(second).toEqual({ offers: [], skipped: 1 });

    const offerId = first.offers[0]?.id;
    const declined = await send("POST", `/leases/${soon.id}/renewal-offers/${offerId}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(renewalOfferSchema.parse(declined.json()).status).toBe("declined");
    expect((await readLease(soon.id)).end_date).toBe(end);
    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    const listed = await send("GET", "/renewal-offers?status=declined", { org: readOnly });
    expect(listed.statusCode).toBe(200);
    expect(renewalOfferListSchema.parse(listed.json()).offers.map((o) => o.id)).toContain(offerId);
    expect(
      (
        await send("POST", "/renewal-offers/bulk", {
          org: readOnly,
          payload: { within_days: 30, term: "month_to_month", rent_change: { type: "amount", rent_cents: 1 } },
        })
      ).statusCode,
    ).toBe(403);
  });
});
