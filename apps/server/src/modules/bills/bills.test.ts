import { randomUUID } from "node:crypto";
import { bankAccountSchema } from "@keyholder/contracts/bank-accounts";
import { journalEntrySchema } from "@keyholder/contracts/ledger";
import { ledgerLinesPageSchema } from "@keyholder/contracts/ledger-lines";
import { maintenanceResponseSchema } from "@keyholder/contracts/maintenance";
import { requestCostsSchema } from "@keyholder/contracts/maintenance-costs";
import { billPaymentSchema, billSchema, billsSchema } from "@keyholder/contracts/payables";
import { splitCents } from "@keyholder/contracts/split-cents";
import { vendorResponseSchema } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseTestApp } from "../../../test/lease-fixture.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Payable Place");
const other = await ledgerOrganization(t, "Other Payables");
const [p1, p2] = org.propertyIds as [string, string];

const code = async (c: string) => {
  const [row] = await systemRows<{ id: number }>(
    t,
    sql`select id from ledger_accounts where organization_id = ${org.orgId} and code = ${c}`,
  );
  return Number(row?.id);
};
const vendor = async (name: string, as: { cookie: string } = org) => {
  const res = await send("POST", "/vendors", { payload: { name, trades: ["plumbing"] }, org: as });
  expect(res.statusCode, res.body).toBe(201);
  return vendorResponseSchema.parse(res.json()).vendor.id;
};
/** What an account holds per property, summed from the raw lines. */
const held = async (account: number) => {
  const rows = await systemRows<{ property_id: string | null; cents: string }>(
    t,
    sql`select property_id, sum(amount_cents) as cents from journal_lines
      where organization_id = ${org.orgId} and account_id = ${account} group by property_id`,
  );
  return Object.fromEntries(
    rows.flatMap((r) => (Number(r.cents) ? [[r.property_id ?? "company", Number(r.cents)]] : [])),
  );
};

describe("accounts payable: bills, vendor credits and bill payments (issue 29 item 4)", () => {
  const bill = (payload: Record<string, unknown>, as: { cookie: string } = org) =>
    send("POST", "/bills", { payload: { idempotency_key: randomUUID(), ...payload }, org: as });
  const pay = (payload: Record<string, unknown>) =>
    send("POST", "/bill-payments", { payload: { idempotency_key: randomUUID(), ...payload } });

  it("posts a bill per property, pays it in two parts shared by what each property owes, and each property pays its own", async () => {
    const plumber = await vendor("Pipe Pros");
    const [repairs, plumbing, payable] = [await code("5400"), await code("5410"), org.account("accounts_payable")];
    const trustRes = await send("POST", "/bank-accounts", { payload: { name: "AP Trust", kind: "trust" } });
    const trust = bankAccountSchema.parse(trustRes.json());
    const apBefore = await held(payable);

    const key = randomUUID();
    const payload = {
      idempotency_key: key,
      vendor_id: plumber,
      bill_date: "2026-05-04",
      reference: "INV-77",
      lines: [
        {
          account_id: plumbing,
          property_id: p1,
          unit_id: org.unitIds[0]?.[0],
          description: "Sink",
          amount_cents: 70_000,
        },
        { account_id: repairs, property_id: p2, description: "Door", amount_cents: 30_000 },
      ],
    };
    const first = await bill(payload);
    expect(first.statusCode, first.body).toBe(201);
    const entered = billSchema.parse(first.json());
    expect(entered).toMatchObject({
      kind: "bill",
      vendor: { id: plumber, name: "Pipe Pros" },
      due_date: "2026-06-03",
      total_cents: 100_000,
      open_cents: 100_000,
      status: "open",
    });
    const again = await bill(payload);
    expect(again.statusCode).toBe(200);
    expect(billSchema.parse(again.json()).id).toBe(entered.id);
    const entry = journalEntrySchema.parse((await send("GET", `/journal-entries/${entered.entry_id}`)).json());
    expect(entry.source).toBe("bill");
    expect(entry.lines.map((l) => [l.account_id, l.property_id, l.debit_cents, l.credit_cents, l.vendor_id])).toEqual([
      [plumbing, p1, 70_000, 0, plumber],
      [repairs, p2, 30_000, 0, plumber],
      [payable, p1, 0, 70_000, plumber],
      [payable, p2, 0, 30_000, plumber],
    ]);
    const apAfter = await held(payable);
    expect((apAfter[p1] ?? 0) - (apBefore[p1] ?? 0)).toBe(-70_000);
    expect((apAfter[p2] ?? 0) - (apBefore[p2] ?? 0)).toBe(-30_000);

    // The same invoice number twice from one vendor is refused.
    const dup = await bill({ ...payload, idempotency_key: randomUUID(), reference: "inv-77" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe("This vendor's bill inv-77 is entered already");

    // A part paid by check: shared 70/30 as the properties owe.
    const part = 60_000;
    const [part1, part2] = splitCents(part, [70_000, 30_000]) as [number, number];
    const cashBefore = await held(trust.ledger_account.id);
    const firstPay = await pay({
      vendor_id: plumber,
      bank_account_id: trust.id,
      paid_on: "2026-05-10",
      method: "check",
      reference: "1001",
      applications: [{ bill_id: entered.id, amount_cents: part }],
    });
    expect(firstPay.statusCode, firstPay.body).toBe(201);
    const paid = billPaymentSchema.parse(firstPay.json());
    expect(paid).toMatchObject({ total_cents: part, method: "check", reference: "1001" });
    const payEntry = journalEntrySchema.parse((await send("GET", `/journal-entries/${paid.entry_id}`)).json());
    const payLines = payEntry.lines.map((l) => [l.account_id, l.property_id, l.debit_cents - l.credit_cents]);
    expect(payLines).toHaveLength(4);
    expect(payLines).toEqual(
      expect.arrayContaining([
        [payable, p1, part1],
        [trust.ledger_account.id, p1, -part1],
        [payable, p2, part2],
        [trust.ledger_account.id, p2, -part2],
      ]),
    );
    expect(billSchema.parse((await send("GET", `/bills/${entered.id}`)).json())).toMatchObject({
      status: "partly_paid",
      applied_cents: part,
      open_cents: 100_000 - part,
    });

    // More than is left, a check number used, a bill of another vendor: refused, nothing posted.
    const over = await pay({
      vendor_id: plumber,
      bank_account_id: trust.id,
      paid_on: "2026-05-11",
      method: "ach",
      applications: [{ bill_id: entered.id, amount_cents: 100_000 - part + 1 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields["applications.0.amount_cents"]).toEqual([
      `At most $${((100_000 - part) / 100).toFixed(2)} is left to pay on this bill`,
    ]);
    const sameCheck = await pay({
      vendor_id: plumber,
      bank_account_id: trust.id,
      paid_on: "2026-05-11",
      method: "check",
      reference: "1001",
      applications: [{ bill_id: entered.id, amount_cents: 1 }],
    });
    expect(sameCheck.statusCode).toBe(400);
    expect(sameCheck.json().error.fields.reference).toEqual(["Check 1001 is used already in this bank account"]);
    const stranger = await vendor("Someone Else");
    const wrongVendor = await pay({
      vendor_id: stranger,
      bank_account_id: trust.id,
      paid_on: "2026-05-11",
      method: "ach",
      applications: [{ bill_id: entered.id, amount_cents: 1 }],
    });
    expect(wrongVendor.statusCode).toBe(400);

    // The rest by ACH: each property's share is exactly what it still owed.
    const rest = await pay({
      vendor_id: plumber,
      bank_account_id: trust.id,
      paid_on: "2026-05-20",
      method: "ach",
      reference: "TRACE-9",
      applications: [{ bill_id: entered.id, amount_cents: 100_000 - part }],
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const final = await held(trust.ledger_account.id);
    expect((final[p1] ?? 0) - (cashBefore[p1] ?? 0)).toBe(-70_000);
    expect((final[p2] ?? 0) - (cashBefore[p2] ?? 0)).toBe(-30_000);
    expect(await held(payable)).toEqual(apBefore);
    expect(billSchema.parse((await send("GET", `/bills/${entered.id}`)).json()).status).toBe("paid");
    // Transactions finds the vendor's lines by name: the bill's four and the two payments' four each
    // (the void below adds its own).
    const byVendor = ledgerLinesPageSchema.parse(
      (
        await send(
          "GET",
          `/ledger/lines?${new URLSearchParams({ filters: JSON.stringify({ vendor_name: "pipe pros" }), conditions: "[]" })}`,
        )
      ).json(),
    );
    expect(byVendor.total_count).toBe(4 + 4 + 4);
    expect(byVendor.lines.every((l) => l.vendor_id === plumber && l.vendor_name === "Pipe Pros")).toBe(true);

    // The ACH payment voided: its part of the bill owed again, its cash back, once.
    const restPayment = billPaymentSchema.parse(rest.json());
    const voidedPayment = await send("POST", `/bill-payments/${restPayment.id}/void`, { payload: {} });
    expect(voidedPayment.statusCode, voidedPayment.body).toBe(201);
    expect(billPaymentSchema.parse(voidedPayment.json()).void_entry_id).not.toBeNull();
    expect((await send("POST", `/bill-payments/${restPayment.id}/void`, { payload: {} })).statusCode).toBe(200);
    expect(billSchema.parse((await send("GET", `/bills/${entered.id}`)).json())).toMatchObject({
      status: "partly_paid",
      open_cents: 100_000 - part,
    });
    const afterVoid = await held(trust.ledger_account.id);
    expect((afterVoid[p1] ?? 0) - (cashBefore[p1] ?? 0)).toBe(-part1);
    expect((afterVoid[p2] ?? 0) - (cashBefore[p2] ?? 0)).toBe(-part2);
    // Paid again: each property's share is again exactly what it still owed.
    const again2 = await pay({
      vendor_id: plumber,
      bank_account_id: trust.id,
      paid_on: "2026-05-21",
      method: "ach",
      applications: [{ bill_id: entered.id, amount_cents: 100_000 - part }],
    });
    expect(again2.statusCode, again2.body).toBe(201);
    expect(await held(payable)).toEqual(apBefore);

    // Paid: not voided, and its entry is not reversed alone.
    const voidPaid = await send("POST", `/bills/${entered.id}/void`, { payload: {} });
    expect(voidPaid.statusCode).toBe(409);
    expect(voidPaid.json().error.message).toBe("This bill has payments: void them first");
    const reversed = await send("POST", `/journal-entries/${entered.entry_id}/reverse`, { payload: {} });
    expect(reversed.statusCode).toBe(409);
  });

  it("uses a vendor credit with a bill of the same property, never to pay another property's bill", async () => {
    const cleaner = await vendor("Spotless Co");
    const cleaning = await code("5500");
    const operatingRes = await send("POST", "/bank-accounts", { payload: { name: "AP Operating", kind: "operating" } });
    const operating = bankAccountSchema.parse(operatingRes.json());
    const enter = async (kind: string, property: string, cents: number, reference: string) => {
      const res = await bill({
        kind,
        vendor_id: cleaner,
        bill_date: "2026-06-01",
        reference,
        lines: [{ account_id: cleaning, property_id: property, amount_cents: cents }],
      });
      expect(res.statusCode, res.body).toBe(201);
      return billSchema.parse(res.json());
    };
    const bill1 = await enter("bill", p1, 50_000, "C-1");
    const bill2 = await enter("bill", p2, 20_000, "C-2");
    const credit = await enter("credit", p1, 8_000, "CM-1");
    const creditEntry = journalEntrySchema.parse((await send("GET", `/journal-entries/${credit.entry_id}`)).json());
    expect(creditEntry.source).toBe("vendor_credit");
    expect(creditEntry.lines.map((l) => [l.account_id, l.debit_cents - l.credit_cents])).toEqual([
      [cleaning, -8_000],
      [org.account("accounts_payable"), 8_000],
    ]);
    const owed = billsSchema.parse((await send("GET", `/bills?status=unpaid&vendor_id=${cleaner}`)).json());
    expect(owed.total_open_cents).toBe(50_000 + 20_000 - 8_000);
    expect(owed.bills.map((b) => b.reference)).toEqual(["C-1", "C-2", "CM-1"]);

    const crossed = await pay({
      vendor_id: cleaner,
      bank_account_id: operating.id,
      paid_on: "2026-06-05",
      method: "ach",
      applications: [
        { bill_id: bill2.id, amount_cents: 20_000 },
        { bill_id: credit.id, amount_cents: 8_000 },
      ],
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.message).toBe(
      "A credit pays only bills of its own property: it would pay another property's bill with this property's money",
    );
    const netted = await pay({
      vendor_id: cleaner,
      bank_account_id: operating.id,
      paid_on: "2026-06-05",
      method: "card",
      applications: [
        { bill_id: bill1.id, amount_cents: 50_000 },
        { bill_id: credit.id, amount_cents: 8_000 },
      ],
    });
    expect(netted.statusCode, netted.body).toBe(201);
    const payment = billPaymentSchema.parse(netted.json());
    expect(payment.total_cents).toBe(42_000);
    expect(payment.applications.map((a) => [a.reference, a.amount_cents])).toEqual([
      ["C-1", 50_000],
      ["CM-1", 8_000],
    ]);
    const after = billsSchema.parse((await send("GET", `/bills?status=unpaid&vendor_id=${cleaner}`)).json());
    expect(after.bills.map((b) => b.reference)).toEqual(["C-2"]);
    expect(after.total_open_cents).toBe(20_000);

    // An unpaid bill is voided by a reversal; its number can then be entered again.
    const voided = await send("POST", `/bills/${bill2.id}/void`, { payload: {} });
    expect(voided.statusCode, voided.body).toBe(201);
    const v = billSchema.parse(voided.json());
    expect(v).toMatchObject({ status: "void", open_cents: 0 });
    const reversal = journalEntrySchema.parse((await send("GET", `/journal-entries/${v.void_entry_id}`)).json());
    expect(reversal.reverses_entry_id).toBe(bill2.entry_id);
    expect((await send("POST", `/bills/${bill2.id}/void`, { payload: {} })).statusCode).toBe(200);
    expect((await enter("bill", p2, 21_000, "C-2")).status).toBe("open");
  });

  it("bills a maintenance request's costs once, and refuses accounts, units and vendors that do not fit", async () => {
    const plumber = await vendor("Cost Plumbing");
    const created = await send("POST", "/maintenance-requests", {
      payload: { property_id: p1, category: "plumbing", priority: "normal", title: "Leak", channel: "phone" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = maintenanceResponseSchema.parse(created.json()).request;
    const costs = requestCostsSchema.parse(
      (
        await send("POST", `/maintenance-requests/${request.id}/costs`, {
          payload: { kind: "labor", description: "Plumber", quantity: "2", rate_cents: 9_000, billable: false },
        })
      ).json(),
    );
    const cost = costs.lines[0];
    const line = {
      account_id: await code("5410"),
      property_id: p1,
      amount_cents: cost?.amount_cents,
      maintenance_cost_id: cost?.id,
    };
    const billed = await bill({
      vendor_id: plumber,
      bill_date: "2026-07-01",
      maintenance_request_id: request.id,
      lines: [line],
    });
    expect(billed.statusCode, billed.body).toBe(201);
    expect(billSchema.parse(billed.json())).toMatchObject({ maintenance_request_id: request.id, total_cents: 18_000 });
    const twice = await bill({
      vendor_id: plumber,
      bill_date: "2026-07-02",
      maintenance_request_id: request.id,
      lines: [line],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe("A maintenance cost chosen is billed already, or is not of this request");
    // The request's costs name the bill; a bill voided frees its costs to be billed again.
    const first = billSchema.parse(billed.json());
    const costsOf = async () =>
      requestCostsSchema.parse((await send("GET", `/maintenance-requests/${request.id}/costs`)).json()).lines[0];
    expect((await costsOf())?.vendor_bill).toEqual({
      id: first.id,
      vendor_name: "Cost Plumbing",
      reference: first.reference,
      bill_date: "2026-07-01",
    });
    expect((await send("POST", `/bills/${first.id}/void`, { payload: {} })).statusCode).toBe(201);
    expect((await costsOf())?.vendor_bill).toBeNull();
    const again = await bill({
      vendor_id: plumber,
      bill_date: "2026-07-03",
      maintenance_request_id: request.id,
      lines: [line],
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await costsOf())?.vendor_bill?.id).toBe(billSchema.parse(again.json()).id);

    const refused = await bill({
      vendor_id: plumber,
      bill_date: "2026-07-01",
      lines: [
        { account_id: org.account("rent_income"), property_id: p1, amount_cents: 100 },
        { account_id: await code("5410"), property_id: p2, unit_id: org.unitIds[0]?.[0], amount_cents: 100 },
        { account_id: org.account("trust_cash"), amount_cents: 100 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      "lines.0.account_id": ["Choose an active expense or asset account"],
      "lines.1.unit_id": ["This unit is not of the line's property"],
      "lines.2.account_id": ["Choose an active expense or asset account"],
    });
    const outsider = await bill({ vendor_id: plumber, bill_date: "2026-07-01", lines: [line] }, other);
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.fields.vendor_id).toEqual(["This vendor is not one of the organization's"]);
    expect(billsSchema.parse((await send("GET", "/bills", { org: other })).json()).bills).toEqual([]);
    const mine = billsSchema.parse((await send("GET", "/bills")).json()).bills[0];
    expect((await send("GET", `/bills/${mine?.id}`, { org: other })).statusCode).toBe(404);

    // A read-only user reads; a user of one property sees that property's bills only.
    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    expect((await send("GET", "/bills", { org: readOnly })).statusCode).toBe(200);
    expect((await bill({ vendor_id: plumber, bill_date: "2026-07-01", lines: [line] }, readOnly)).statusCode).toBe(403);
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p2]);
    const seen = billsSchema.parse((await send("GET", "/bills", { org: scoped })).json()).bills;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((b) => b.lines.every((l) => l.property?.id === p2))).toBe(true);
  });
});
