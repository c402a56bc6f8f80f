import { randomUUID } from "node:crypto";
import { bankAccountSchema } from "@keyholder/contracts/bank-accounts";
import { leasePostingSchema } from "@keyholder/contracts/lease-ledger";
import { journalEntrySchema } from "@keyholder/contracts/ledger";
import { ledgerLinesPageSchema } from "@keyholder/contracts/ledger-lines";
import {
  contributionSchema,
  distributionRunSchema,
  feeRunSchema,
  managementAgreementSchema,
  ownerSchema,
  ownershipSchema,
  ownersSchema,
  paidDistributionsSchema,
} from "@keyholder/contracts/owners";
import { billSchema } from "@keyholder/contracts/payables";
import { vendorResponseSchema } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Owner Acres", { properties: 3 });
const other = await ledgerOrganization(t, "Other Owners");
const [alder, birch, cedar] = org.propertyIds as [string, string, string];

const addOwner = async (name: string) => {
  const res = await send("POST", "/owners", {
    payload: { name, kind: "person", tax_classification: "individual", taxpayer_id: "123456789" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ownerSchema.parse(res.json());
};
const own = async (property: string, owners: { owner_id: string; share_bp: number }[], starts_on = "2026-01-01") =>
  send("PUT", `/properties/${property}/owners`, { payload: { starts_on, owners } });
/** An account's balance per property, summed from the raw lines. */
const perProperty = async (account: number) => {
  const rows = await systemRows<{ property_id: string | null; cents: string }>(
    t,
    sql`select property_id, sum(amount_cents) as cents from journal_lines
      where organization_id = ${org.orgId} and account_id = ${account} group by property_id`,
  );
  return Object.fromEntries(rows.map((r) => [r.property_id ?? "company", Number(r.cents)]));
};

const trust = bankAccountSchema.parse(
  (await send("POST", "/bank-accounts", { payload: { name: "Owners Trust", kind: "trust" } })).json(),
);

describe("owners: shares, contributions, netted distributions and the management-fee run (issue 29 item 5)", () => {
  it("keeps owners with their W-9 details and shares that add up to 100%", async () => {
    const xia = await addOwner("Xia Owner");
    expect(xia).toMatchObject({ taxpayer_id_last4: "6789", eligible_1099: true, properties: [] });
    const [sealed] = await systemRows<{ taxpayer_id_sealed: string }>(
      t,
      sql`select taxpayer_id_sealed from owners where id = ${xia.id}`,
    );
    expect(sealed?.taxpayer_id_sealed).not.toContain("123");
    const twice = await send("POST", "/owners", { payload: { name: "xia owner" } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields.name).toEqual(["An owner with this name exists already"]);

    const yves = await addOwner("Yves Owner");
    const short = await own(cedar, [
      { owner_id: xia.id, share_bp: 6_000 },
      { owner_id: yves.id, share_bp: 3_000 },
    ]);
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.owners).toEqual(["The shares must add up to 100%: they add up to 90%"]);
    const shared = await own(cedar, [
      { owner_id: xia.id, share_bp: 6_000 },
      { owner_id: yves.id, share_bp: 4_000 },
    ]);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(ownershipSchema.parse(shared.json()).owners.map((o) => [o.owner.name, o.share_bp])).toEqual([
      ["Xia Owner", 6_000],
      ["Yves Owner", 4_000],
    ]);
    // A new set of shares starts after the current one; the old one ends the day before.
    const earlier = await own(cedar, [{ owner_id: xia.id, share_bp: 10_000 }], "2026-01-01");
    expect(earlier.statusCode).toBe(400);
    const later = await own(cedar, [{ owner_id: yves.id, share_bp: 10_000 }], "2026-12-01");
    expect(later.statusCode, later.body).toBe(200);
    const [ended] = await systemRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from property_ownerships where property_id = ${cedar} and ends_on = '2026-11-30'`,
    );
    expect(ended?.n).toBe(2);

    // Another organization sees none of it; a user of some properties is refused.
    expect(ownersSchema.parse((await send("GET", "/owners", { org: other })).json()).owners).toEqual([]);
    expect(
      (
        await send("PUT", `/properties/${cedar}/owners`, {
          org: other,
          payload: { starts_on: "2026-01-01", owners: [{ owner_id: xia.id, share_bp: 10_000 }] },
        })
      ).statusCode,
    ).toBe(400);
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [alder]);
    const refused = await send("GET", "/owners", { org: scoped });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Owners are managed by users of every property");
    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    expect((await send("GET", "/owners", { org: readOnly })).statusCode).toBe(200);
    expect((await send("POST", "/owners", { org: readOnly, payload: { name: "Nope" } })).statusCode).toBe(403);
  });

  it("pays an owner $800 for $1,000 on one property and -$200 on another, once, and never more than is available", async () => {
    const zed = await addOwner("Zed Owner");
    expect((await own(alder, [{ owner_id: zed.id, share_bp: 10_000 }])).statusCode).toBe(200);
    expect((await own(birch, [{ owner_id: zed.id, share_bp: 10_000 }])).statusCode).toBe(200);

    // $1,000 put into Alder's trust cash by its owner.
    const contribution = await send("POST", "/owner-contributions", {
      payload: {
        idempotency_key: randomUUID(),
        owner_id: zed.id,
        property_id: alder,
        bank_account_id: trust.id,
        received_on: "2026-03-05",
        amount_cents: 100_000,
      },
    });
    expect(contribution.statusCode, contribution.body).toBe(201);
    const c = contributionSchema.parse(contribution.json());
    const cEntry = journalEntrySchema.parse((await send("GET", `/journal-entries/${c.entry_id}`)).json());
    expect(cEntry.lines.map((l) => [l.account_id, l.property_id, l.debit_cents - l.credit_cents, l.owner_id])).toEqual([
      [trust.ledger_account.id, alder, 100_000, zed.id],
      [org.account("owner_contributions"), alder, -100_000, zed.id],
    ]);
    const notOwned = await send("POST", "/owner-contributions", {
      payload: {
        idempotency_key: randomUUID(),
        owner_id: zed.id,
        property_id: cedar,
        bank_account_id: trust.id,
        received_on: "2026-03-05",
        amount_cents: 100,
      },
    });
    expect(notOwned.statusCode).toBe(400);

    // Birch owes a $200 bill it has no cash for.
    const vendorRes = await send("POST", "/vendors", { payload: { name: "Birch Roofing", trades: ["roofing"] } });
    const vendor = vendorResponseSchema.parse(vendorRes.json()).vendor.id;
    const [repairs] = await systemRows<{ id: number }>(
      t,
      sql`select id from ledger_accounts where organization_id = ${org.orgId} and code = '5400'`,
    );
    const billRes = await send("POST", "/bills", {
      payload: {
        idempotency_key: randomUUID(),
        vendor_id: vendor,
        bill_date: "2026-03-10",
        lines: [{ account_id: repairs?.id, property_id: birch, amount_cents: 20_000 }],
      },
    });
    expect(billRes.statusCode, billRes.body).toBe(201);
    billSchema.parse(billRes.json());

    const key = randomUUID();
    const body = { bank_account_id: trust.id, paid_on: "2026-03-31", idempotency_key: key };
    const previewRes = await send("POST", "/owner-distribution-runs", { payload: { ...body, preview: true } });
    expect(previewRes.statusCode, previewRes.body).toBe(200);
    const preview = distributionRunSchema.parse(previewRes.json());
    const zedPlan = preview.distributions.find((d) => d.owner.id === zed.id);
    expect(zedPlan).toMatchObject({ available_cents: 100_000 - 20_000, amount_cents: 80_000, entry_id: null });
    expect(preview.run_id).toBeNull();

    const tooMuch = await send("POST", "/owner-distribution-runs", {
      payload: { ...body, idempotency_key: randomUUID(), owners: [{ owner_id: zed.id, amount_cents: 80_001 }] },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe(
      "At most $800.00 is available for Zed Owner: paying more would leave their trust money negative",
    );

    const ran = await send("POST", "/owner-distribution-runs", { payload: body });
    expect(ran.statusCode, ran.body).toBe(201);
    const run = distributionRunSchema.parse(ran.json());
    const paid = run.distributions.find((d) => d.owner.id === zed.id);
    expect(paid?.amount_cents).toBe(80_000);
    const entry = journalEntrySchema.parse((await send("GET", `/journal-entries/${paid?.entry_id}`)).json());
    expect(entry.source).toBe("owner_distribution");
    const cash = await perProperty(trust.ledger_account.id);
    // Alder paid out its $1,000; $200 of it covers Birch, which can now pay its bill.
    expect(cash[alder]).toBe(0);
    expect(cash[birch]).toBe(20_000);
    expect((await perProperty(org.account("owner_distributions")))[alder]).toBe(100_000);
    expect((await perProperty(org.account("owner_distributions")))[birch]).toBe(-20_000);
    const byOwner = ledgerLinesPageSchema.parse(
      (
        await send(
          "GET",
          `/ledger/lines?${new URLSearchParams({ filters: JSON.stringify({ owner_name: "zed" }), conditions: "[]" })}`,
        )
      ).json(),
    );
    // The contribution's two lines and the distribution's four.
    expect(byOwner.total_count).toBe(2 + 4);

    const history = paidDistributionsSchema.parse((await send("GET", "/owner-distributions")).json()).distributions;
    expect(history.map((d) => [d.owner.name, d.amount_cents, d.paid_on, d.bank_account.id])).toContainEqual([
      "Zed Owner",
      80_000,
      "2026-03-31",
      trust.id,
    ]);
    expect(
      paidDistributionsSchema.parse((await send("GET", "/owner-distributions", { org: other })).json()).distributions,
    ).toEqual([]);
    // The same request again answers the run made; a new run has nothing left to pay Zed.
    const again = await send("POST", "/owner-distribution-runs", { payload: body });
    expect(again.statusCode).toBe(200);
    expect(distributionRunSchema.parse(again.json()).run_id).toBe(run.run_id);
    const next = distributionRunSchema.parse(
      (await send("POST", "/owner-distribution-runs", { payload: { ...body, idempotency_key: randomUUID() } })).json(),
    );
    expect(next.distributions.find((d) => d.owner.id === zed.id)?.amount_cents).toBe(0);
  });

  it("charges each managed property's fee for a month once, and refuses the month again or an overlapping range", async () => {
    const add = await send("POST", "/management-agreements", {
      payload: {
        property_id: alder,
        starts_on: "2026-01-01",
        fee_percent_bp: 800,
        fee_account_ids: [org.account("rent_income")],
        flat_per_unit_cents: 500,
        minimum_cents: 2_500,
        reserve_cents: 10_000,
      },
    });
    expect(add.statusCode, add.body).toBe(201);
    const overlap = await send("POST", "/management-agreements", {
      payload: {
        property_id: alder,
        starts_on: "2026-06-01",
        fee_percent_bp: 500,
        fee_account_ids: [org.account("rent_income")],
      },
    });
    expect(overlap.statusCode).toBe(409);
    expect(
      (
        await send("POST", "/management-agreements", {
          payload: { property_id: birch, starts_on: "2026-01-01", minimum_cents: 4_000 },
        })
      ).statusCode,
    ).toBe(201);

    // Rent of $1,503.33 earned at Alder in March (a manual entry keeps the test to the fee).
    const rent = 150_333;
    const posted = await send("POST", "/journal-entries", {
      payload: {
        idempotency_key: randomUUID(),
        posted_on: "2026-03-15",
        memo: "March rent",
        lines: [
          { account_id: org.account("operating_cash"), debit_cents: rent, credit_cents: 0, property_id: alder },
          { account_id: org.account("rent_income"), debit_cents: 0, credit_cents: rent, property_id: alder },
        ],
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const units = org.unitIds[0]?.length ?? 0;
    const expected = Math.floor((rent * 800 + 5_000) / 10_000) + 500 * units;

    const res = await send("POST", "/management-fee-runs", {
      payload: { period_start: "2026-03-01", period_end: "2026-03-31" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const fees = feeRunSchema.parse(res.json());
    const alderFee = fees.fees.find((f) => f.property.id === alder);
    expect(alderFee).toMatchObject({ income_cents: rent, fee_cents: expected });
    expect(fees.fees.find((f) => f.property.id === birch)?.fee_cents).toBe(4_000);
    expect(fees.total_cents).toBe(expected + 4_000);
    const entry = journalEntrySchema.parse((await send("GET", `/journal-entries/${alderFee?.entry_id}`)).json());
    expect(entry.lines.map((l) => [l.account_id, l.property_id, l.debit_cents - l.credit_cents])).toEqual([
      [org.account("management_fees"), alder, expected],
      [trust.ledger_account.id, alder, -expected],
      [org.account("operating_cash"), null, expected],
      [expect.any(Number), null, -expected],
    ]);

    const twice = await send("POST", "/management-fee-runs", {
      payload: { period_start: "2026-03-01", period_end: "2026-03-31" },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe("Owner Acres 1 has a management fee for some of these days already");
    const overlapping = await send("POST", "/management-fee-runs", {
      payload: { period_start: "2026-02-01", period_end: "2026-03-31" },
    });
    expect(overlapping.statusCode).toBe(409);
    const ragged = await send("POST", "/management-fee-runs", {
      payload: { period_start: "2026-04-02", period_end: "2026-04-30" },
    });
    expect(ragged.statusCode).toBe(400);
    // Ended: not before a fee charged under it, then from the day after a new one may start.
    const alderAgreement = managementAgreementSchema.parse(add.json());
    const early = await send("POST", `/management-agreements/${alderAgreement.id}/end`, {
      payload: { ends_on: "2026-03-15" },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      "Fees are charged under this agreement after 2026-03-15: it ends on or after their last day",
    );
    expect(
      (await send("POST", `/management-agreements/${alderAgreement.id}/end`, { payload: { ends_on: "2025-12-31" } }))
        .statusCode,
    ).toBe(400);
    const ended = await send("POST", `/management-agreements/${alderAgreement.id}/end`, {
      payload: { ends_on: "2026-05-31" },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(managementAgreementSchema.parse(ended.json()).ends_on).toBe("2026-05-31");
    const next = await send("POST", "/management-agreements", {
      payload: { property_id: alder, starts_on: "2026-06-01", minimum_cents: 5_000 },
    });
    expect(next.statusCode, next.body).toBe(201);
    const [count] = await systemRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from journal_entries where organization_id = ${org.orgId} and source = 'management_fee'`,
    );
    expect(count?.n).toBe(2);
  });

  it("charges a percent of the rent tenants paid in the month: not what was charged, credited or paid and returned", async () => {
    const add = await send("POST", "/management-agreements", {
      payload: {
        property_id: cedar,
        starts_on: "2026-01-01",
        fee_percent_bp: 1_000,
        fee_account_ids: [org.account("rent_income")],
      },
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(managementAgreementSchema.parse(add.json()).fee_basis).toBe("collected");
    const lease = await leaseFixture(t, org, { property: 2, name: "C-9" });
    const post = async (path: string, payload: object) => {
      const res = await send("POST", path, { payload: { idempotency_key: randomUUID(), ...payload } });
      expect(res.statusCode, res.body).toBe(201);
      return leasePostingSchema.parse(res.json());
    };
    const charge = (cents: number, on: string, account = org.account("rent_income")) =>
      post(`/leases/${lease.id}/charges`, {
        account_id: account,
        amount_cents: cents,
        posted_on: on,
        description: "Rent",
      });
    const pay = (cents: number, on: string) =>
      post(`/leases/${lease.id}/payments`, { method: "check", received_on: on, amount_cents: cents });
    const feeFor = async (month: string, last: string) => {
      const res = await send("POST", "/management-fee-runs", { payload: { period_start: month, period_end: last } });
      expect(res.statusCode, res.body).toBe(201);
      return feeRunSchema.parse(res.json()).fees.find((f) => f.property.id === cedar);
    };

    // April: rent $1,200 and a $50 late fee charged; $700 paid (oldest first: the rent); a $100
    // concession on the rent; $30 of rent received straight into cash (no charge).
    await charge(120_000, "2026-04-01");
    await charge(5_000, "2026-04-06", org.account("late_fee_income"));
    await pay(70_000, "2026-04-05");
    await post(`/leases/${lease.id}/credits`, {
      posted_on: "2026-04-10",
      amount_cents: 10_000,
      description: "Concession",
    });
    const direct = await send("POST", "/journal-entries", {
      payload: {
        idempotency_key: randomUUID(),
        posted_on: "2026-04-15",
        memo: "Rent received at the office",
        lines: [
          { account_id: org.account("operating_cash"), debit_cents: 3_000, credit_cents: 0, property_id: cedar },
          { account_id: org.account("rent_income"), debit_cents: 0, credit_cents: 3_000, property_id: cedar },
        ],
      },
    });
    expect(direct.statusCode, direct.body).toBe(201);
    // May: rent $1,200; $500 pays April's last $400 of rent, the fee, then $50 of May's rent; $1,150
    // pays the rest and comes back (NSF, a $25 fee) five days later; $2,000 pays May's $1,150 again
    // and the NSF fee, and the rest is prepaid.
    const nsfFee = 2_500;
    await charge(120_000, "2026-05-01");
    await pay(50_000, "2026-05-02");
    const bounced = await pay(115_000, "2026-05-20");
    const returned = await send("POST", `/payments/${bounced.payment?.id}/return`, {
      payload: { returned_on: "2026-05-25", nsf_fee_cents: nsfFee },
    });
    expect(returned.statusCode, returned.body).toBe(201);
    await pay(200_000, "2026-05-28");
    // June: the rent charged takes the prepaid rent.
    await charge(120_000, "2026-06-01");

    const aprilRent = 70_000 + 3_000;
    const mayRent = 40_000 + 5_000 + 115_000 - 115_000 + 115_000;
    const juneRent = 200_000 - 115_000 - nsfFee;
    const tenPercent = (cents: number) => Math.floor((cents * 1_000 + 5_000) / 10_000);
    expect(await feeFor("2026-04-01", "2026-04-30")).toMatchObject({
      income_cents: aprilRent,
      fee_cents: tenPercent(aprilRent),
    });
    expect(await feeFor("2026-05-01", "2026-05-31")).toMatchObject({
      income_cents: mayRent,
      fee_cents: tenPercent(mayRent),
    });
    expect(await feeFor("2026-06-01", "2026-06-30")).toMatchObject({
      income_cents: juneRent,
      fee_cents: tenPercent(juneRent),
    });

    // What the triggers kept equals the same built from the whole ledger.
    const kept = sql`select property_id, account_id, period_start::text, receivable_cents::text, collected_cents::text
      from ledger_property_cash_basis where organization_id = ${org.orgId} order by 1, 2, 3`;
    const before = await systemRows(t, kept);
    await systemRows(t, sql`select ledger_property_cash_basis_rebuild(${org.orgId}::uuid)`);
    expect(await systemRows(t, kept)).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });
});
