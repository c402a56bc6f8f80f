import { randomUUID } from "node:crypto";
import { balanceSheetSchema } from "@keyholder/contracts/balance-sheet";
import { depositRegisterSchema } from "@keyholder/contracts/deposit-register";
import { centsToInput, formatCents } from "@keyholder/contracts/money";
import { describe, expect, it } from "vitest";
import { leaseTestApp, movedInLeases } from "../../../test/lease-fixture.ts";
import { pdfPages, runBesideDownload, xlsxRows } from "../../../test/report-files.ts";
import { ledgerOrganization, ledgerUser } from "../ledger/ledger-fixture.ts";

// A background run reads one lease at a time here (a real one: 5,000), so its file is written in parts.
const { t, org, send } = await leaseTestApp("Deposit Dunes", { properties: 2, env: { REPORT_BATCH_ROWS: "1" } });
const other = await ledgerOrganization(t, "Other Deposits");
const [, p1] = org.propertyIds as [string, string];
const movedIn = movedInLeases({ t, org, send });
const register = async (query: string, as: { cookie: string } = org) => {
  const res = await send("GET", `/reports/deposit-register?${query}`, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return depositRegisterSchema.parse(res.json());
};
const post = async (path: string, payload: object) => {
  const res = await send("POST", path, { payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
};

// A and B at property 0 (from January and February), C at property 1 from January, moved out March 31;
// $100 taken into deposits held by a journal entry of no lease on February 15.
const a = await movedIn({ start_date: "2026-01-01", end_date: "2026-12-31", deposit_cents: 50_000 });
const b = await movedIn({ start_date: "2026-02-01", end_date: "2027-01-31", deposit_cents: 30_000 });
const c = await movedIn({ start_date: "2026-01-01", end_date: "2026-12-31", deposit_cents: 20_000 });
await post(`/leases/${c.id}/move-out`, { moved_out_on: "2026-03-31", forwarding_address: "2 Far Road" });
await post("/journal-entries", {
  idempotency_key: randomUUID(),
  posted_on: "2026-02-15",
  memo: "Deposit taken at the office",
  lines: [
    { account_id: org.account("operating_cash"), debit_cents: 10_000, credit_cents: 0 },
    { account_id: org.account("security_deposits_held"), debit_cents: 0, credit_cents: 10_000 },
  ],
});

describe("the deposit register (Reports > Financial)", () => {
  it("lists what each lease had on deposit on a day, and adds up to the deposits held on the balance sheet", async () => {
    const january = await register("as_of=2026-01-31");
    expect(january.rows.map((r) => [r.lease.id, r.security_cents, r.held_cents])).toEqual([
      [a.id, 50_000, 50_000],
      [c.id, 20_000, 20_000],
    ]);
    expect(january.not_on_a_lease_cents).toBe(0);
    // After C's move-out its deposit was applied and refunded; B's came in February.
    const april = await register("as_of=2026-04-15");
    expect(april.rows.map((r) => [r.lease.id, r.held_cents])).toEqual([
      [a.id, 50_000],
      [b.id, 30_000],
    ]);
    expect(april.totals).toEqual({ leases: 2, security_cents: 80_000, other_cents: 0, held_cents: 80_000 });
    expect(april.not_on_a_lease_cents).toBe(10_000);

    for (const day of ["2026-01-31", "2026-02-15", "2026-03-30", "2026-03-31", "2026-04-15"]) {
      const r = await register(`as_of=${day}`);
      const sheet = balanceSheetSchema.parse((await send("GET", `/reports/balance-sheet?as_of=${day}`)).json());
      const liability = sheet.liabilities
        .filter((l) =>
          [org.account("security_deposits_held"), org.account("other_deposits_held")].includes(l.account.id),
        )
        .reduce((s, l) => s + l.amount_cents, 0);
      expect(r.totals.held_cents + r.not_on_a_lease_cents, day).toBe(liability);
    }
  });

  it("keeps to a property, a user's properties and the organization", async () => {
    expect((await register(`as_of=2026-01-31&property_id=${p1}`)).rows.map((r) => r.lease.id)).toEqual([c.id]);
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p1]);
    expect((await register("as_of=2026-01-31", scoped)).rows.map((r) => r.lease.id)).toEqual([c.id]);
    expect((await register("as_of=2026-01-31", other)).rows).toEqual([]);
  });

  it("writes the register in the background in parts, row for row the register read whole", async () => {
    const runBoth = runBesideDownload({ t, org, send });
    const run = (as_of: string, format: string, as: { cookie: string } = org) =>
      runBoth("deposit-register", { as_of }, format, as);
    for (const day of ["2026-01-31", "2026-03-30", "2026-04-15"]) {
      const [file, direct] = await run(day, "csv");
      expect(file.body).toBe(direct.body);
    }
    const [april] = await run("2026-04-15", "csv");
    // A and B on deposit, the $100 of no lease, and the total of the three.
    const [held, loose] = [50_000 + 30_000, 10_000];
    expect(april.body).toContain(`"Total, 2 leases",,,,,${centsToInput(held)},0.00,${centsToInput(held)}\r\n`);
    expect(april.body).toContain(`Held on no lease,,,,,,,${centsToInput(loose)}\r\n`);
    expect(april.body).toContain(`Deposits held,,,,,,,${centsToInput(held + loose)}\r\n`);
    const [xlsx, directXlsx] = await run("2026-03-30", "xlsx");
    expect(await xlsxRows(xlsx.rawPayload)).toEqual(await xlsxRows(directXlsx.rawPayload));
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [p1]);
    const [theirs, theirsDirect] = await run("2026-01-31", "csv", scoped);
    expect(theirs.body).toBe(theirsDirect.body);
    expect(theirs.body).toContain('"Total, 1 lease"');
    expect(theirs.body).not.toMatch(/^Deposit Dunes 1,/m);
  });

  it("downloads as a PDF with the totals", async () => {
    const pdf = (
      await pdfPages((await send("GET", "/reports/deposit-register?as_of=2026-04-15&format=pdf")).rawPayload)
    ).join("\n");
    expect(pdf).toContain("Deposit register");
    expect(pdf).toContain("Held on no lease");
    expect(pdf).toContain(formatCents(80_000 + 10_000));
  });
});
