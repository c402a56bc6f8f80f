import { randomUUID } from "node:crypto";
import { bankAccountSchema } from "@keyholder/contracts/bank-accounts";
import { leasePostingSchema } from "@keyholder/contracts/lease-ledger";
import { ownerStatementSchema } from "@keyholder/contracts/owner-statements";
import { ownerSchema } from "@keyholder/contracts/owners";
import { splitCents } from "@keyholder/contracts/split-cents";
import { vendorResponseSchema } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Statement Acres", { properties: 2 });
const other = await ledgerOrganization(t, "Other Statements");
const [alder, birch] = org.propertyIds as [string, string];

const created = async (path: string, payload: object) => {
  const res = await send("POST", path, { payload: { idempotency_key: randomUUID(), ...payload } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const addOwner = async (name: string) => ownerSchema.parse(await created("/owners", { name, kind: "person" }));
const statement = (query: string, as: { cookie: string } = org) =>
  send("GET", `/owner-statements?${query}`, { org: as });

describe("an owner's statement for a month (decision 044)", () => {
  it("adds up from the cash at the start to the cash at the end, holds back what is not the owners' and shares the rest", async () => {
    const trust = bankAccountSchema.parse(
      (await send("POST", "/bank-accounts", { payload: { name: "Owners Trust", kind: "trust" } })).json(),
    );
    const ann = await addOwner("Ann Owner");
    const bo = await addOwner("Bo Owner");
    const own = (property: string, owners: { owner_id: string; share_bp: number }[]) =>
      send("PUT", `/properties/${property}/owners`, { payload: { starts_on: "2026-01-01", owners } });
    expect(
      (
        await own(alder, [
          { owner_id: ann.id, share_bp: 6_000 },
          { owner_id: bo.id, share_bp: 4_000 },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await own(birch, [{ owner_id: ann.id, share_bp: 10_000 }])).statusCode).toBe(200);
    await created("/management-agreements", {
      property_id: alder,
      starts_on: "2026-01-01",
      fee_percent_bp: 1_000,
      fee_account_ids: [org.account("rent_income")],
      reserve_cents: 20_000,
    });

    // February: Ann puts $500 into Alder's trust cash.
    const put = 50_000;
    await created("/owner-contributions", {
      owner_id: ann.id,
      property_id: alder,
      bank_account_id: trust.id,
      received_on: "2026-02-10",
      amount_cents: put,
    });
    // March: rent of $1,000 charged and $1,100 paid ($100 ahead), deposited into trust; a $250
    // repair billed and $100 of it paid from trust; the 10% fee on the rent collected.
    const lease = await leaseFixture(t, org, { property: 0, name: "A-1" });
    const rent = 100_000;
    const paid = 110_000;
    await created(`/leases/${lease.id}/charges`, {
      account_id: org.account("rent_income"),
      amount_cents: rent,
      posted_on: "2026-03-01",
      description: "March rent",
    });
    const payment = leasePostingSchema.parse(
      await created(`/leases/${lease.id}/payments`, { method: "check", received_on: "2026-03-03", amount_cents: paid }),
    );
    await created("/bank-deposits", {
      memo: "",
      bank_account_id: trust.id,
      deposited_on: "2026-03-04",
      payment_ids: [payment.payment?.id],
    });
    const vendor = vendorResponseSchema.parse(
      (await send("POST", "/vendors", { payload: { name: "Fix Co", trades: ["plumbing"] } })).json(),
    ).vendor.id;
    const [repairs] = await systemRows<{ id: number }>(
      t,
      sql`select id from ledger_accounts where organization_id = ${org.orgId} and code = '5400'`,
    );
    const billed = 25_000;
    const bill = await created("/bills", {
      vendor_id: vendor,
      bill_date: "2026-03-10",
      lines: [{ account_id: repairs?.id, property_id: alder, description: "Door", amount_cents: billed }],
    });
    const billPaid = 10_000;
    await created("/bill-payments", {
      vendor_id: vendor,
      bank_account_id: trust.id,
      paid_on: "2026-03-20",
      method: "check",
      reference: "501",
      applications: [{ bill_id: bill.id, amount_cents: billPaid }],
    });
    const fee = Math.floor((rent * 1_000 + 5_000) / 10_000);
    await created("/management-fee-runs", { period_start: "2026-03-01", period_end: "2026-03-31" });

    const res = await statement(`owner_id=${ann.id}&period_start=2026-03-01&period_end=2026-03-31`);
    expect(res.statusCode, res.body).toBe(200);
    const march = ownerStatementSchema.parse(res.json());
    const alderRow = march.properties.find((p) => p.property.id === alder);
    const ending = put + paid - billPaid - fee;
    const held = 20_000 + (paid - rent) + (billed - billPaid);
    const [annPart] = splitCents(ending - held, [6_000, 4_000]) as [number, number];
    expect(alderRow).toMatchObject({
      share_bp: 6_000,
      beginning_cash_cents: put,
      income: [{ account: { id: org.account("rent_income") }, amount_cents: rent }],
      income_cents: rent,
      expenses: [{ account: { id: repairs?.id }, amount_cents: billed }],
      expenses_cents: billed,
      management_fees_cents: fee,
      contributions_cents: 0,
      distributions_cents: 0,
      other_cents: ending - put - (rent - billed - fee),
      ending_cash_cents: ending,
      reserve_cents: 20_000,
      deposits_held_cents: 0,
      prepaid_rent_cents: paid - rent,
      unpaid_bills_cents: billed - billPaid,
      available_cents: ending - held,
      owner_available_cents: annPart,
    });
    expect(march.properties.find((p) => p.property.id === birch)).toMatchObject({
      ending_cash_cents: 0,
      available_cents: 0,
    });
    expect(march.owner_available_cents).toBe(annPart);
    // Bo's part of the same property is the rest of it.
    const boMarch = ownerStatementSchema.parse(
      (await statement(`owner_id=${bo.id}&period_start=2026-03-01&period_end=2026-03-31`)).json(),
    );
    expect(boMarch.properties.map((p) => p.property.id)).toEqual([alder]);
    expect(boMarch.owner_available_cents).toBe(ending - held - annPart);
    // February alone: the contribution, nothing else.
    const feb = ownerStatementSchema.parse(
      (await statement(`owner_id=${ann.id}&period_start=2026-02-01&period_end=2026-02-28`)).json(),
    );
    expect(feb.properties.find((p) => p.property.id === alder)).toMatchObject({
      beginning_cash_cents: 0,
      contributions_cents: put,
      other_cents: 0,
      ending_cash_cents: put,
    });

    // The CSV: a line per figure, the amounts as typed.
    const csv = await statement(`owner_id=${ann.id}&period_start=2026-03-01&period_end=2026-03-31&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain(`Statement Acres 1,Ending cash,${(ending / 100).toFixed(2)}`);
    expect(csv.body).toContain(`Statement Acres 1,Available,${((ending - held) / 100).toFixed(2)}`);
    // The same statement among the reports, as Excel.
    const xlsx = await send(
      "GET",
      `/reports/owner-statement?owner_id=${ann.id}&period_start=2026-03-01&period_end=2026-03-31&format=xlsx`,
    );
    expect(xlsx.statusCode).toBe(200);
    expect((await xlsxRows(xlsx.rawPayload)).find((r) => r[1] === "Ending cash")).toEqual([
      "Statement Acres 1",
      "Ending cash",
      ending / 100,
    ]);
  });

  it("refuses a ragged period, another organization's owner and a user of some properties", async () => {
    const owner = await addOwner("Cy Owner");
    const ragged = await statement(`owner_id=${owner.id}&period_start=2026-03-02&period_end=2026-03-31`);
    expect(ragged.statusCode).toBe(400);
    expect(ragged.json().error.message).toBe(
      "A statement is for whole months: from a month's first day to a month's last day",
    );
    expect(
      (await statement(`owner_id=${owner.id}&period_start=2026-03-01&period_end=2026-03-31`, other)).statusCode,
    ).toBe(404);
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [alder]);
    expect(
      (await statement(`owner_id=${owner.id}&period_start=2026-03-01&period_end=2026-03-31`, scoped)).statusCode,
    ).toBe(403);
    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    expect(
      (await statement(`owner_id=${owner.id}&period_start=2026-03-01&period_end=2026-03-31`, readOnly)).statusCode,
    ).toBe(200);
  });
});
