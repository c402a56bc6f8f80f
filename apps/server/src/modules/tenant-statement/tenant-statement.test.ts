import { randomUUID } from "node:crypto";
import { tenantStatementSchema } from "@keyholder/contracts/tenant-statement";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { pdfPages, xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Statement Shores");
const other = await ledgerOrganization(t, "Other Statements");
const post = async (path: string, payload: object) => {
  const res = await send("POST", path, { payload: { idempotency_key: randomUUID(), ...payload } });
  expect(res.statusCode, res.body).toBe(201);
};

// May's $900 rent unpaid by June; June's $900 charged, $1,000 paid June 3.
const lease = await leaseFixture(t, org, { property: 0, name: "S-1" });
const charge = (cents: number, on: string) =>
  post(`/leases/${lease.id}/charges`, {
    account_id: org.account("rent_income"),
    amount_cents: cents,
    posted_on: on,
    description: "Rent",
  });
await charge(90_000, "2026-05-01");
await charge(90_000, "2026-06-01");
await post(`/leases/${lease.id}/payments`, { method: "check", received_on: "2026-06-03", amount_cents: 100_000 });

describe("the tenant statement among the reports", () => {
  it("brings May's balance forward, lists June's charges and payments, and totals what is due", async () => {
    const res = await send("GET", `/reports/tenant-statement?lease_id=${lease.id}&from=2026-06-01&to=2026-06-30`);
    expect(res.statusCode, res.body).toBe(200);
    const s = tenantStatementSchema.parse(res.json());
    expect(s).toMatchObject({
      opening_balance_cents: 90_000,
      charges_cents: 90_000,
      payments_cents: 100_000,
      closing_balance_cents: 90_000 + 90_000 - 100_000,
    });
    expect(s.rows.map((r) => [r.posted_on, r.charge_cents, r.payment_cents, r.balance_cents])).toEqual([
      ["2026-06-01", 90_000, 0, 180_000],
      ["2026-06-03", 0, 100_000, 80_000],
    ]);

    const xlsx = await send(
      "GET",
      `/reports/tenant-statement?lease_id=${lease.id}&from=2026-06-01&to=2026-06-30&format=xlsx`,
    );
    const rows = await xlsxRows(xlsx.rawPayload);
    expect(rows).toContainEqual(["Amount due: $800.00"]);
    expect(rows.find((r) => r[1] === "Totals for the period")?.slice(2)).toEqual([900, 1_000, 800]);
    // The lease's own statement.pdf is the same document.
    const pdf = await send("GET", `/leases/${lease.id}/statement.pdf?from=2026-06-01&to=2026-06-30`);
    const text = (await pdfPages(pdf.rawPayload)).join("\n");
    expect(text).toContain("Balance forward");
    expect(text).toContain("Amount due: $800.00");
  });

  it("refuses a period that ends before it starts and another organization's lease", async () => {
    const bad = await send("GET", `/reports/tenant-statement?lease_id=${lease.id}&from=2026-07-01&to=2026-06-01`);
    expect(bad.statusCode).toBe(400);
    expect((await send("GET", `/reports/tenant-statement?lease_id=${lease.id}`, { org: other })).statusCode).toBe(404);
    expect((await send("GET", "/reports/tenant-statement")).statusCode).toBe(400);
  });
});
