import type { Lease } from "@keyholder/contracts/leases";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { MoveOutForm } from "./move-out-form.tsx";

const LEASE = { id: "33333333-3333-4333-8333-333333333333", move_out_date: null } as unknown as Lease;
let posted: unknown[] = [];

function fakeApi(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL(String(input));
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  if (url.pathname.endsWith("/move-out") && init?.method === "POST") {
    posted.push(JSON.parse(String(init.body)));
    return json({ error: { code: "CONFLICT", message: "Stop here" } }, 409);
  }
  if (url.pathname.endsWith("/move-out"))
    return json({
      preview: {
        deposit_held_cents: 150_000,
        balance_cents: 20_000,
        // A month charged past the day asked: what crediting it back would be.
        unused_charges: url.searchParams.get("moved_out_on")
          ? [{ description: "Rent", from: "2026-06-21", to: "2026-06-30", amount_cents: 33_333 }]
          : [],
        state_code: "CA",
        statement_days: 21,
      },
      statement: null,
    });
  return json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
}

beforeEach(() => {
  posted = [];
  setApiTransport({ origin: "http://keyholder.test", fetch: fakeApi as typeof fetch });
});
afterEach(() => cleanup());

const figure = (label: string) => {
  const row = within(screen.getByRole("table", { name: "Deposit arithmetic" })).getByRole("row", {
    name: new RegExp(`^${label}`),
  });
  return within(row).getByRole("cell").textContent;
};

describe("the move-out form", () => {
  it("shows the deposit arithmetic in exact cents as final charges are typed and unused charges credited, and sends whole cents", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MoveOutForm lease={LEASE} onDone={() => {}} onCancel={() => {}} />
      </QueryClientProvider>,
    );
    await screen.findByRole("table", { name: "Deposit arithmetic" });
    expect(figure("Deposit held")).toBe("$1,500.00");
    expect(figure("Owed before move-out")).toBe("$200.00");
    expect(figure("Refund")).toBe("$1,300.00");
    expect(screen.getByText(/within 21 days of move-out \(CA\)/)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Add Final Charge" }));
    await user.type(screen.getByLabelText("Charge 1"), "Carpet damage");
    await user.type(screen.getByLabelText("Charge 1 Amount ($)"), "399.90");
    await user.click(screen.getByRole("button", { name: "Add Final Charge" }));
    await user.type(screen.getByLabelText("Charge 2"), "Cleaning");
    await user.type(screen.getByLabelText("Charge 2 Amount ($)"), "0.10");
    // $1,500.00 - ($200.00 + $399.90 + $0.10) = $900.00, never $899.9999...
    expect(figure("Final charges")).toBe("$400.00");
    expect(figure("Deposit applied")).toBe("$600.00");
    expect(figure("Refund")).toBe("$900.00");

    // Crediting the unused days of June takes $333.33 off what the deposit pays.
    await user.click(await screen.findByRole("checkbox", { name: "Credit charges for days after the move-out" }));
    expect(figure("Unused charges credited")).toBe("$333.33");
    expect(figure("Deposit applied")).toBe("$266.67");
    expect(figure("Refund")).toBe("$1,233.33");

    await user.type(screen.getByLabelText(/Forwarding Address/), "12 Elm Street");
    await user.click(screen.getByRole("button", { name: "Move Out" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      forwarding_address: "12 Elm Street",
      credit_unused_charges: true,
      final_charges: [
        { description: "Carpet damage", amount_cents: 39_990, account_id: null },
        { description: "Cleaning", amount_cents: 10, account_id: null },
      ],
    });
    await screen.findByText("Stop here");
  });
});
