import { randomUUID } from "node:crypto";
import { nightlyDiagnosticsSchema } from "@keyholder/contracts/diagnostics";
import type { LedgerRole } from "@keyholder/contracts/ledger";
import { NOTICE_KINDS, noticeListSchema } from "@keyholder/contracts/notices";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEnv } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
import { type LedgerOrg, ledgerApi, ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

// One app on a fresh database whose clock the test moves from night to night; jobs run when drained.
const database = await createTestDatabase();
let clock = new Date("2026-05-04T15:00:00Z");
const env = testEnv({ JOB_WORKER: "false" });
const app = await buildApp({ env, database, webDist: "/nonexistent", now: () => clock });
await app.ready();
const t = { app, db: database.db, env, close: () => app.close() };
afterAll(async () => {
  await app.close();
  await database.close();
});

const org = await ledgerOrganization(t, "Nightly Books");
const clean = await ledgerOrganization(t, "Quiet Books");
const send = ledgerApi(
  () => t,
  () => org,
);

const night = async () => {
  await app.jobs.tick();
  await app.jobs.drain();
};
const nightly = async (as: LedgerOrg = org) => {
  const res = await send("GET", "/diagnostics/nightly", { org: as });
  expect(res.statusCode, res.body).toBe(200);
  return nightlyDiagnosticsSchema.parse(res.json()).last;
};
const booksNotices = async () =>
  noticeListSchema
    .parse((await send("GET", "/notices")).json())
    .notices.filter((n) => n.kind === NOTICE_KINDS.booksProblems);
const post = async (cents: number, debit: LedgerRole, credit: LedgerRole) => {
  const res = await send("POST", "/journal-entries", {
    payload: {
      posted_on: "2026-05-04",
      idempotency_key: randomUUID(),
      lines: [
        { account_id: org.account(debit), debit_cents: cents },
        { account_id: org.account(credit), credit_cents: cents },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
};

describe("the nightly check of the books (issue 29 item 7)", () => {
  it("checks every organization with books once a night, keeps what it found and tells administrators", async () => {
    expect(await nightly()).toBeNull();
    // Something left in the clearing account.
    await post(9_999, "clearing", "operating_cash");
    await night();
    const first = await nightly();
    expect(first?.problems.map((p) => [p.code, p.amount_cents])).toEqual([["clearing_not_zero", 9_999]]);
    expect(first?.checked_at).toBe(clock.toISOString());
    const [notice] = await booksNotices();
    expect(notice).toMatchObject({
      title: "The nightly check found a problem in the books",
      subject: { type: "books", id: "books" },
    });
    // Nothing posted: no books to check.
    expect(await nightly(clean)).toBeNull();

    // Later ticks of the same day queue nothing more.
    await night();
    await night();
    const jobs = await systemRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from jobs where organization_id = ${org.orgId} and kind = 'books-check'`,
    );
    expect(Number(jobs[0]?.n)).toBe(1);

    // Put right, the next night finds nothing and the notice goes.
    await post(9_999, "operating_cash", "clearing");
    clock = new Date("2026-05-05T15:00:00Z");
    await night();
    const second = await nightly();
    expect(second?.problems).toEqual([]);
    expect(second?.checked_at).toBe(clock.toISOString());
    expect(await booksNotices()).toEqual([]);
  });

  it("is for administrators only", async () => {
    const manager = await ledgerUser(t, org, "PROPERTY_MANAGER");
    expect((await send("GET", "/diagnostics/nightly", { org: manager })).statusCode).toBe(403);
  });
});
