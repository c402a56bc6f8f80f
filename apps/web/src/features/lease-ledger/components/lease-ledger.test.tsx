import type { LeaseLedger as Ledger } from "@keyholder/contracts/lease-ledger";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { LeaseLedger } from "./lease-ledger.tsx";
import { centsOf } from "./record-payment.tsx";

const LEASE = "33333333-3333-4333-8333-333333333333";
const PAYMENT = "44444444-4444-4444-8444-444444444444";

/** The lease as the API serves it: a rent charge, then whatever the test records. */
let ledger: Ledger;
let posted: unknown[];

function fakeApi(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL(String(input));
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  if (url.pathname === `/api/v1/leases/${LEASE}/ledger`) return json(ledger);
  if (url.pathname === `/api/v1/leases/${LEASE}/payments` && init?.method === "POST") {
    const body = JSON.parse(String(init.body));
    posted.push(body);
    const balance = ledger.balance_cents - body.amount_cents;
    ledger = {
      ...ledger,
      balance_cents: balance,
      closing_balance_cents: balance,
      rows: [
        ...ledger.rows,
        {
          entry_id: 2,
          posted_on: body.received_on,
          type: "payment",
          description: "Payment, check 1001",
          charge_cents: 0,
          payment_cents: body.amount_cents,
          balance_cents: balance,
          payment_id: PAYMENT,
          returned: false,
        },
      ],
    };
    return json({ entry_id: 2, payment: null, balance_cents: balance }, 201);
  }
  return json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
}

beforeEach(() => {
  posted = [];
  ledger = {
    lease_id: LEASE,
    from: null,
    to: null,
    opening_balance_cents: 0,
    rows: [
      {
        entry_id: 1,
        posted_on: "2026-11-01",
        type: "charge",
        description: "Rent, November 2026",
        charge_cents: 145_000,
        payment_cents: 0,
        balance_cents: 145_000,
        payment_id: null,
        returned: false,
      },
    ],
    closing_balance_cents: 145_000,
    balance_cents: 145_000,
    open_charges: [],
    credit_cents: 0,
  };
  setApiTransport({ origin: "http://keyholder.test", fetch: fakeApi as typeof fetch });
});
afterEach(cleanup);

const renderLedger = (canPost = true) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LeaseLedger leaseId={LEASE} today="2026-11-26" canPost={canPost} />
    </QueryClientProvider>,
  );

describe("a lease's tenant ledger", () => {
  it("reads dollars as typed into whole cents, refusing what is not an amount", () => {
    expect(centsOf("1,450.50")).toBe(145_050);
    expect(centsOf("$0.29")).toBe(29);
    expect(centsOf("12.")).toBe(1_200);
    expect(centsOf("")).toBeUndefined();
    for (const text of ["1.234", "-5", "1,45", "abc"]) expect(centsOf(text)).toBe("invalid");
  });

  it("records a payment and shows the balance it leaves", async () => {
    renderLedger();
    expect(await screen.findByText("Balance due $1,450.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download statement (PDF)" }).getAttribute("href")).toBe(
      `/api/v1/leases/${LEASE}/statement.pdf`,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Amount"), "1,000.50");
    await user.type(screen.getByLabelText("Reference"), "1001");
    await user.click(screen.getByRole("button", { name: "Record payment" }));
    await waitFor(() => expect(screen.getByText("Balance due $449.50")).toBeTruthy());
    expect(posted).toEqual([
      expect.objectContaining({ method: "check", reference: "1001", received_on: "2026-11-26", amount_cents: 100_050 }),
    ]);
    expect(screen.getByRole("button", { name: "Returned (NSF)" })).toBeTruthy();
  });

  it("asks for an amount before recording, and shows no posting to a user who may only read", async () => {
    renderLedger();
    await screen.findByText("Balance due $1,450.00");
    await userEvent.setup().click(screen.getByRole("button", { name: "Record payment" }));
    expect(await screen.findByText("Enter the amount received")).toBeTruthy();
    expect(posted).toEqual([]);
    cleanup();
    renderLedger(false);
    await screen.findByText("Balance due $1,450.00");
    expect(screen.queryByRole("button", { name: "Record payment" })).toBeNull();
  });
});
