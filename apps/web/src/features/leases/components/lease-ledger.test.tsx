import type { LeaseLedger } from "@keyholder/contracts/lease-ledger";
import { moneyMessages } from "@keyholder/contracts/money";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { LeaseLedgerPanel } from "./lease-ledger.tsx";

const LEASE = "33333333-3333-4333-8333-333333333333";
const PAYMENT = "44444444-4444-4444-8444-444444444444";

/** The lease as the API serves it: a rent charge, then whatever the test records. */
let ledger: LeaseLedger;
let posted: Record<string, unknown>[];

function fakeApi(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL(String(input));
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  if (url.pathname === "/api/v1/organization/settings")
    return json({ time_zone: "America/Chicago", nsf_fee_cents: 3500 });
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
          description: `Payment, check ${body.reference}`,
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
      <LeaseLedgerPanel leaseId={LEASE} canPost={canPost} />
    </QueryClientProvider>,
  );

describe("a lease's ledger panel", () => {
  it("records a payment typed in dollars as exact cents, once, and shows the balance it leaves", async () => {
    renderLedger();
    expect((await screen.findByText(/^Balance:/)).textContent).toBe("Balance: $1,450.00");
    expect(screen.getByRole("link", { name: "Download Statement (PDF)" }).getAttribute("href")).toBe(
      `/api/v1/leases/${LEASE}/statement.pdf`,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Record Payment" }));
    await user.type(screen.getByLabelText("Amount ($)"), "1,000.50");
    await user.type(screen.getByLabelText("Reference (check number, confirmation)"), "1001");
    await user.click(screen.getByRole("button", { name: "Record Payment" }));
    await waitFor(() => expect(screen.getByText(/^Balance:/).textContent).toBe("Balance: $449.50"));
    expect(posted).toEqual([expect.objectContaining({ method: "check", reference: "1001", amount_cents: 100_050 })]);
    expect(String(posted[0]?.idempotency_key)).toMatch(/^payments-/);
    expect(screen.getByRole("button", { name: "Return (NSF)" })).toBeTruthy();
  });

  it("refuses an amount that is not dollars and cents, posting nothing", async () => {
    renderLedger();
    await screen.findByText(/^Balance:/);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Record Payment" }));
    await user.type(screen.getByLabelText("Amount ($)"), "12.345");
    await user.click(screen.getByRole("button", { name: "Record Payment" }));
    expect(await screen.findByText(moneyMessages.dollars)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("offers no posting to a user who may only read", async () => {
    renderLedger(false);
    await screen.findByText(/^Balance:/);
    expect(screen.queryByRole("button", { name: "Record Payment" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Return (NSF)" })).toBeNull();
  });
});
