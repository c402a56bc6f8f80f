import { randomUUID } from "node:crypto";
import type { LedgerRole } from "@keyholder/contracts/ledger";
import { expect } from "vitest";
import type { LedgerOrg } from "../src/modules/ledger/ledger-fixture.ts";

type Send = (method: "POST", url: string, o: { payload: object }) => Promise<{ statusCode: number; body: string }>;

/**
 * A lease ledger's postings as the reports' tests make them through the API (each with a key of
 * its own): a charge to an income account on a day, and a payment received by check on a day.
 */
export function leasePostings(org: LedgerOrg, send: Send) {
  const post = async (path: string, payload: object) => {
    const res = await send("POST", path, { payload: { idempotency_key: randomUUID(), ...payload } });
    expect(res.statusCode, res.body).toBe(201);
  };
  return {
    charge: (lease: string, cents: number, on: string, role: LedgerRole = "rent_income") =>
      post(`/leases/${lease}/charges`, {
        account_id: org.account(role),
        amount_cents: cents,
        posted_on: on,
        description: "Charge",
      }),
    pay: (lease: string, cents: number, on: string) =>
      post(`/leases/${lease}/payments`, { method: "check", received_on: on, amount_cents: cents }),
  };
}
