import { randomUUID } from "node:crypto";
import { type LedgerLineRow, ledgerLinesPageSchema } from "@keyholder/contracts/ledger-lines";
import { describe, expect, it } from "vitest";
import { leaseFixture, leaseTestApp } from "../../../test/lease-fixture.ts";
import { ledgerApi, ledgerOrganization, ledgerUser } from "./ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Transactions Court");
const other = await ledgerOrganization(t, "Other Registers");

const query = (o: { filters?: object; conditions?: object[]; sort?: string; direction?: string } = {}) =>
  `/ledger/lines?${new URLSearchParams({
    filters: JSON.stringify(o.filters ?? {}),
    conditions: JSON.stringify(o.conditions ?? []),
    ...(o.sort ? { sort_by: o.sort } : {}),
    ...(o.direction ? { sort_direction: o.direction } : {}),
  })}`;
const lines = async (path: string, as = org) => {
  const res = await send("GET", path, { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return ledgerLinesPageSchema.parse(res.json());
};
const journal = (postedOn: string, cents: number, property: number, memo: string) =>
  send("POST", "/journal-entries", {
    payload: {
      posted_on: postedOn,
      memo,
      idempotency_key: randomUUID(),
      lines: [
        {
          account_id: org.account("operating_cash"),
          debit_cents: cents,
          property_id: org.propertyIds[property],
          unit_id: org.unitIds[property]?.[1],
          memo: "Cash in",
        },
        { account_id: org.account("rent_income"), credit_cents: cents, property_id: org.propertyIds[property] },
      ],
    },
  });

// Set up once: two journal entries on two properties and a charge and payment on a lease.
const lease = await leaseFixture(t, org, { property: 1, name: "Lina Ledger" });
expect((await journal("2026-03-02", 123_456, 0, "Opening cash")).statusCode).toBe(201);
expect((await journal("2026-03-05", 50_000, 1, "Parking income")).statusCode).toBe(201);
const charged = await send("POST", `/leases/${lease.id}/charges`, {
  payload: {
    idempotency_key: randomUUID(),
    account_id: org.account("rent_income"),
    amount_cents: 145_000,
    posted_on: "2026-03-01",
    description: "March rent",
  },
});
expect(charged.statusCode, charged.body).toBe(201);
const all = (await lines("/ledger/lines")).lines;

/** Accounting > Transactions (issue 29 item 1): every journal line on the shared grid. */
describe("GET /ledger/lines", () => {
  it("lists every line newest first, each a debit or a credit, balanced in total", () => {
    expect(all).toHaveLength(6);
    expect(all.map((l) => l.posted_on)).toEqual([...all.map((l) => l.posted_on)].sort().reverse());
    for (const l of all) expect(l.debit_cents > 0 !== l.credit_cents > 0).toBe(true);
    const debits = all.reduce((s, l) => s + l.debit_cents, 0);
    expect(debits).toBe(123_456 + 50_000 + 145_000);
    expect(all.reduce((s, l) => s + l.credit_cents, 0)).toBe(debits);
  });

  it("names each line's account, property, unit, lease and tenant, and its memo or else its entry's", () => {
    const cashIn = all.find((l) => l.debit_cents === 123_456);
    expect(cashIn).toMatchObject({
      posted_on: "2026-03-02",
      source: "manual",
      account_code: "1010",
      property_name: "Transactions Court 1",
      unit_number: "2",
      lease_no: null,
      memo: "Cash in",
    } satisfies Partial<LedgerLineRow>);
    const income = all.find((l) => l.credit_cents === 123_456);
    expect(income?.memo).toBe("Opening cash");
    const rent = all.find((l) => l.source === "charge" && l.debit_cents === 145_000);
    expect(rent).toMatchObject({ tenant_name: "Lina Ledger", unit_number: "Lina Ledger", memo: "March rent" });
    expect(rent?.lease_no).toEqual(expect.any(Number));
  });

  it("filters by any column (money in dollars, kinds by their label) and sorts by any, the total with them", async () => {
    const cases: [ReturnType<typeof query>, (l: LedgerLineRow) => boolean][] = [
      [query({ filters: { debit_cents: "$1,234.56" } }), (l) => l.debit_cents === 123_456],
      [query({ filters: { credit_cents: ">1000" } }), (l) => l.credit_cents > 100_000],
      [query({ filters: { source: "journal" } }), (l) => l.source === "manual"],
      [query({ filters: { property_name: "court 2" } }), (l) => l.property_name === "Transactions Court 2"],
      [query({ filters: { tenant_name: "lina" } }), (l) => l.tenant_name === "Lina Ledger"],
      [query({ filters: { memo: "parking" } }), (l) => l.memo === "Parking income"],
      [query({ filters: { account_code: "4" } }), (l) => l.account_code.includes("4")],
      [
        query({ conditions: [{ column: "posted_on", op: "before", value: "2026-03-03" }] }),
        (l) => l.posted_on < "2026-03-03",
      ],
    ];
    for (const [path, keeps] of cases) {
      const page = await lines(path);
      const expected = all.filter(keeps);
      expect(expected.length, path).toBeGreaterThan(0);
      expect(page.lines.map((l) => l.key).sort(), path).toEqual(expected.map((l) => l.key).sort());
      expect(page.total_count, path).toBe(expected.length);
    }
    const byDebit = await lines(query({ sort: "debit", direction: "desc" }));
    expect(byDebit.lines.map((l) => l.debit_cents)).toEqual(all.map((l) => l.debit_cents).sort((a, b) => b - a));
    const byAccount = await lines(query({ sort: "a.code", direction: "asc" }));
    expect(byAccount.lines.map((l) => l.account_code)).toEqual(all.map((l) => l.account_code).sort());
  });

  it("reads the next page after the last line the client has, without gaps or repeats", async () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (let offset = 0; offset < all.length; offset += 2) {
      const page = await lines(`/ledger/lines?limit=2&offset=${offset}${after ? `&after=${after}` : ""}`);
      seen.push(...page.lines.map((l) => l.key));
      after = page.lines.at(-1)?.key;
    }
    expect(seen).toEqual(all.map((l) => l.key));
  });

  it("refuses a sort or filter it does not know (400)", async () => {
    expect((await send("GET", "/ledger/lines?sort_by=amount_cents;drop")).statusCode).toBe(400);
    expect((await send("GET", `/ledger/lines?filters=${encodeURIComponent('{"nope":"1"}')}`)).statusCode).toBe(400);
  });

  it("shows another organization none of these, and a property-scoped user only their property's lines", async () => {
    expect((await lines("/ledger/lines", other)).lines).toEqual([]);
    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [org.propertyIds[1] ?? ""]);
    const asScoped = ledgerApi(
      () => t,
      () => scoped,
    );
    const page = ledgerLinesPageSchema.parse((await asScoped("GET", "/ledger/lines")).json());
    expect(page.lines.map((l) => l.key).sort()).toEqual(
      all
        .filter((l) => l.property_id === org.propertyIds[1])
        .map((l) => l.key)
        .sort(),
    );
    expect(page.total_count).toBe(page.lines.length);
    const staff = await ledgerUser(t, org, "STAFF");
    expect((await send("GET", "/ledger/lines", { org: staff })).statusCode).toBe(403);
  });
});
