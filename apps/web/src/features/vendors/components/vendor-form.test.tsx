import type { VendorRow } from "@keyholder/contracts/vendors";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { VendorForm } from "./vendor-form.tsx";

const ACCOUNTS = [
  { id: 41, code: "4010", name: "Rent", type: "income" },
  { id: 54, code: "5410", name: "Plumbing", type: "expense" },
  { id: 55, code: "5500", name: "Cleaning", type: "expense" },
].map((a) => ({ ...a, normal_balance: "debit", role: null, lease_ledger: false, is_active: true, balance_cents: 0 }));

const ROW: VendorRow = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Rapid Rooter",
  trades: ["plumbing"],
  contact_name: "Sam Rivera",
  email: null,
  phone: null,
  alternate_phone: null,
  address_line_1: null,
  address_line_2: null,
  city: null,
  state_code: null,
  zipcode: null,
  legal_name: "Rapid Rooter LLC",
  tax_classification: "llc",
  taxpayer_id_last4: "6789",
  eligible_1099: true,
  insurance_provider: null,
  insurance_policy_number: null,
  insurance_expires_on: "2020-01-15",
  insurance_problem: "Insurance expired on 2020-01-15",
  insurance_expired: true,
  default_expense_account_id: 54,
  default_expense_account_name: "5410 Plumbing",
  notes: null,
  created_by: 1,
  created_date: "2026-01-01T00:00:00.000Z",
  last_modified_by: 1,
  last_modified_date: "2026-01-01T00:00:00.000Z",
};

let saved: unknown[] = [];

function fakeApi(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL(String(input));
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  if (url.pathname.endsWith("/ledger/accounts")) return json({ accounts: ACCOUNTS });
  if (url.pathname.includes("/vendors") && (init?.method === "PUT" || init?.method === "POST")) {
    const body = JSON.parse(String(init.body));
    saved.push(body);
    return json({ vendor: { ...ROW, name: body.name } });
  }
  return json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
}

beforeEach(() => {
  saved = [];
  setApiTransport({ origin: "http://keyholder.test", fetch: fakeApi as typeof fetch });
});
afterEach(() => cleanup());

const renderForm = (mode: "add" | "edit" | "view", row: VendorRow | null, onSaved = vi.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <VendorForm mode={mode} row={row} onSaved={onSaved} onCancel={() => {}} onEdit={() => {}} />
    </QueryClientProvider>,
  );
const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe("the vendor form", () => {
  it("never holds the taxpayer id: an edit starts it empty, says which is on file, and sends none when left so", async () => {
    const onSaved = vi.fn();
    renderForm("edit", ROW, onSaved);
    expect(input("Taxpayer ID (EIN or SSN)").value).toBe("");
    expect(screen.getByText(/On file: •••-••-6789/)).toBeTruthy();
    // Only expense accounts are offered.
    await waitFor(() => expect(screen.getByRole("option", { name: "5500 Cleaning" })).toBeTruthy());
    expect(screen.queryByRole("option", { name: "4010 Rent" })).toBeNull();
    fireEvent.change(input("Name"), { target: { value: "Rapid Rooter Inc" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved).toEqual([
      expect.objectContaining({ name: "Rapid Rooter Inc", taxpayer_id: null, default_expense_account_id: 54 }),
    ]);
  });

  it("refuses a malformed EIN under its field, before anything is sent", async () => {
    renderForm("add", null);
    fireEvent.change(input("Name"), { target: { value: "Ace Locks" } });
    fireEvent.change(input("Taxpayer ID (EIN or SSN)"), { target: { value: "12-345" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await screen.findByText("Enter an EIN as 12-3456789 or an SSN as 123-45-6789");
    expect(saved).toEqual([]);
  });

  it("shows the taxpayer id by its last four digits and warns of the expired insurance in the view", () => {
    renderForm("view", ROW);
    expect(screen.getByText("•••-••-6789")).toBeTruthy();
    expect(screen.getByText("Insurance expired")).toBeTruthy();
    expect(screen.getByText("Insurance expired on 2020-01-15")).toBeTruthy();
  });
});
