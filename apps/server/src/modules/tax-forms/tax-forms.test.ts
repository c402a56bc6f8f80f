import { randomUUID } from "node:crypto";
import { bankAccountSchema } from "@keyholder/contracts/bank-accounts";
import { ownerSchema } from "@keyholder/contracts/owners";
import { billSchema } from "@keyholder/contracts/payables";
import { splitCents } from "@keyholder/contracts/split-cents";
import { form1099SummarySchema } from "@keyholder/contracts/tax-forms";
import { vendorResponseSchema } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseTestApp } from "../../../test/lease-fixture.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Tax Terrace");
const other = await ledgerOrganization(t, "Other Taxes");
const [alder, birch] = org.propertyIds as [string, string];

describe("the year's 1099 summary (issue 29 item 8)", () => {
  it("sums vendors' non-card payments and owners' rents by their shares, against the year's threshold", async () => {
    const bank = bankAccountSchema.parse(
      (await send("POST", "/bank-accounts", { payload: { name: "Tax Operating", kind: "operating" } })).json(),
    );
    const [repairs] = await systemRows<{ id: number }>(
      t,
      sql`select id from ledger_accounts where organization_id = ${org.orgId} and code = '5400'`,
    );
    const vendor = async (name: string, eligible: boolean) =>
      vendorResponseSchema.parse(
        (await send("POST", "/vendors", { payload: { name, trades: ["general"], eligible_1099: eligible } })).json(),
      ).vendor.id;
    /** A bill of `cents` paid at once by `method` on `day`. */
    const paid = async (vendorId: string, cents: number, method: string, day: string) => {
      const bill = billSchema.parse(
        (
          await send("POST", "/bills", {
            payload: {
              idempotency_key: randomUUID(),
              vendor_id: vendorId,
              bill_date: day,
              lines: [{ account_id: repairs?.id, property_id: alder, amount_cents: cents }],
            },
          })
        ).json(),
      );
      const res = await send("POST", "/bill-payments", {
        payload: {
          idempotency_key: randomUUID(),
          vendor_id: vendorId,
          bank_account_id: bank.id,
          paid_on: day,
          method,
          reference: method === "check" ? randomUUID().slice(0, 8) : null,
          applications: [{ bill_id: bill.id, amount_cents: cents }],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const big = await vendor('=HYPERLINK("http://x")', true);
    const small = await vendor("Small Jobs", true);
    const exempt = await vendor("Big Corp Supply", false);
    const bigChecks = [150_000, 60_000];
    await paid(big, bigChecks[0] ?? 0, "check", "2026-02-10");
    await paid(big, bigChecks[1] ?? 0, "ach", "2026-07-01");
    await paid(big, 500_000, "card", "2026-08-01");
    await paid(big, 99_999, "check", "2025-12-31");
    await paid(small, 1_000, "ach", "2026-03-01");
    await paid(exempt, 900_000, "check", "2026-03-01");

    // Owners: Alder all Xia's; Birch 70/30 from March, all Yves's before.
    const owner = async (name: string) =>
      ownerSchema.parse((await send("POST", "/owners", { payload: { name, taxpayer_id: "12-3456789" } })).json()).id;
    const [xia, yves] = [await owner("Xia Tax"), await owner("Yves Tax")];
    const setOwners = (property: string, owners: { owner_id: string; share_bp: number }[], starts_on: string) =>
      send("PUT", `/properties/${property}/owners`, { payload: { starts_on, owners } });
    expect((await setOwners(alder, [{ owner_id: xia, share_bp: 10_000 }], "2025-01-01")).statusCode).toBe(200);
    expect((await setOwners(birch, [{ owner_id: yves, share_bp: 10_000 }], "2025-01-01")).statusCode).toBe(200);
    expect(
      (
        await setOwners(
          birch,
          [
            { owner_id: xia, share_bp: 7_000 },
            { owner_id: yves, share_bp: 3_000 },
          ],
          "2026-03-01",
        )
      ).statusCode,
    ).toBe(200);
    const rent = async (property: string, cents: number, day: string) => {
      const res = await send("POST", "/journal-entries", {
        payload: {
          idempotency_key: randomUUID(),
          posted_on: day,
          memo: "Rent",
          lines: [
            { account_id: org.account("operating_cash"), debit_cents: cents, credit_cents: 0, property_id: property },
            { account_id: org.account("rent_income"), debit_cents: 0, credit_cents: cents, property_id: property },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await rent(alder, 180_000, "2026-01-05");
    await rent(birch, 100_001, "2026-02-05");
    await rent(birch, 100_001, "2026-03-05");
    await rent(alder, 50_000, "2025-06-05");
    const [xiaBirch, yvesBirch] = splitCents(100_001, [7_000, 3_000]) as [number, number];
    const xiaRents = 180_000 + xiaBirch;
    const yvesRents = 100_001 + yvesBirch;

    const res = await send("GET", "/tax-forms/1099?year=2026");
    expect(res.statusCode, res.body).toBe(200);
    const summary = form1099SummarySchema.parse(res.json());
    expect(summary.threshold_cents).toBe(200_000);
    expect(summary.forms.map((f) => [f.form, f.payee_id, f.amount_cents])).toEqual([
      ["NEC", big, (bigChecks[0] ?? 0) + (bigChecks[1] ?? 0)],
      ["MISC", xia, xiaRents],
    ]);
    expect(summary.under_threshold.map((f) => [f.form, f.payee_id, f.amount_cents])).toEqual([
      ["NEC", small, 1_000],
      ["MISC", yves, yvesRents],
    ]);

    // A lower threshold for the year files them all; the CSV is safe in a spreadsheet.
    const set = await send("PUT", "/tax-forms/1099/thresholds/2026", { payload: { threshold_cents: 60_000 } });
    expect(set.statusCode, set.body).toBe(200);
    const csv = await send("GET", "/tax-forms/1099?year=2026&format=csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Form,Box,Payee type,Payee id,Name,Legal name,Tax classification,TIN last 4,Amount");
    expect(lines).toHaveLength(1 + 3);
    expect(lines[1]).toBe(`1099-NEC,1,vendor,${big},"'=HYPERLINK(""http://x"")",,,,2100.00`);
    expect(lines.some((l) => l.startsWith(`1099-MISC,1,owner,${yves},Yves Tax,,,6789,`))).toBe(true);

    // 2025: its own default threshold ($600) and its own payments.
    const last = form1099SummarySchema.parse((await send("GET", "/tax-forms/1099?year=2025")).json());
    expect(last.threshold_cents).toBe(60_000);
    expect(last.forms.map((f) => [f.payee_id, f.amount_cents])).toEqual([[big, 99_999]]);
    expect(last.under_threshold.map((f) => [f.payee_id, f.amount_cents])).toEqual([[xia, 50_000]]);

    expect((await send("GET", "/tax-forms/1099?year=1999")).statusCode).toBe(400);
    expect(
      form1099SummarySchema.parse((await send("GET", "/tax-forms/1099?year=2026", { org: other })).json()).forms,
    ).toEqual([]);
    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    expect((await send("GET", "/tax-forms/1099?year=2026", { org: readOnly })).statusCode).toBe(403);
  });
});
