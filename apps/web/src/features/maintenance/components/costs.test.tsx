import type { MaintenanceRow } from "@keyholder/contracts/maintenance";
import type { RequestCosts } from "@keyholder/contracts/maintenance-costs";
import type { Permission } from "@keyholder/contracts/permissions";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { AuthProvider } from "../../../lib/auth/auth-context.tsx";
import { sessionFixture } from "../../../lib/auth/session-fixture.ts";
import { clearSession, writeSession } from "../../../lib/auth/session-storage.ts";
import { CostsSection } from "./costs.tsx";

const ID = "11111111-1111-4111-8111-111111111111";
const LEASE = "22222222-2222-4222-8222-222222222222";

const request = {
  id: ID,
  request_no: 42,
  title: "Kitchen sink leaks",
  status: "in_progress",
  tenant_name: "Maria Lopez",
  lease_id: LEASE,
  lease_no: 7,
} as MaintenanceRow;

const line = (o: Partial<RequestCosts["lines"][number]>): RequestCosts["lines"][number] => ({
  id: "33333333-3333-4333-8333-333333333333",
  kind: "labor",
  work_order_id: null,
  vendor_bill: null,
  description: "Plumber",
  quantity: "1.5",
  rate_cents: 8_500,
  amount_cents: 12_750,
  billable: false,
  incurred_on: "2026-11-26",
  created_date: "2026-11-26T12:00:00.000Z",
  ...o,
});

const costs = (o: Partial<RequestCosts> = {}): RequestCosts => ({
  request_id: ID,
  status: "in_progress",
  lease_id: LEASE,
  lease_no: 7,
  estimate_cents: null,
  not_to_exceed_cents: 100_000,
  lines: [
    line({}),
    line({
      id: "44444444-4444-4444-8444-444444444444",
      kind: "material",
      description: "P-trap",
      quantity: "3",
      rate_cents: 1_233,
      amount_cents: 3_699,
      billable: true,
    }),
  ],
  totals: { labor_cents: 12_750, material_cents: 3_699, other_cents: 0, total_cents: 16_449, billable_cents: 3_699 },
  billing: null,
  ...o,
});

let asked: string[];
let current: RequestCosts;

beforeEach(() => {
  // jsdom has no CSS.escape, which react-aria's modal uses to look for a CSP nonce.
  if (!globalThis.CSS?.escape) vi.stubGlobal("CSS", { escape: (s: string) => s.replace(/["\\]/g, "\\$&") });
  asked = [];
  current = costs();
  setApiTransport({
    origin: "http://keyholder.test",
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      asked.push(`${init?.method ?? "GET"} ${path}`);
      if (path.endsWith("/bill-to-resident")) {
        current = costs({ billing: { entry_id: 9, billed_cents: 3_699, billed_on: "2026-11-26", lease_id: LEASE } });
        return Promise.resolve(new Response(JSON.stringify({ costs: current, balance_cents: 3_699 }), { status: 201 }));
      }
      return Promise.resolve(new Response(JSON.stringify(current), { status: 200 }));
    }) as typeof fetch,
  });
});
afterEach(() => {
  cleanup();
  clearSession();
});

function renderCosts(permissions: Permission[]) {
  const session = sessionFixture();
  writeSession({ ...session, user: { ...session.user, permissions } });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider>
        <CostsSection request={request} canEdit={permissions.includes("maintenance.edit")} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe("a request's costs", () => {
  it("lists the lines and totals, and bills the resident after a confirmation naming the amount and lease", async () => {
    renderCosts(["maintenance.view", "maintenance.edit", "ledger.post"]);
    const table = await screen.findByRole("table", { name: "Cost lines" });
    expect(within(table).getByRole("rowheader", { name: "Plumber" })).toBeTruthy();
    expect(within(table).getByText("$127.50")).toBeTruthy();
    expect(within(table).getByText("$36.99")).toBeTruthy();
    expect(screen.getByText("$164.49")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Bill to Resident" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Post a charge of $36.99 to Lease 7 (Maria Lopez) for request #42?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Bill $36.99" }));
    expect(await screen.findByText(/Billed \$36\.99 on/)).toBeTruthy();
    expect(asked).toContain(`POST /api/v1/maintenance-requests/${ID}/bill-to-resident`);
    expect(screen.queryByRole("button", { name: "Bill to Resident" })).toBeNull();
  });

  it("offers no billing to a role that cannot post to the books, and no edits to a reader", async () => {
    const { unmount } = renderCosts(["maintenance.view", "maintenance.edit"]);
    await screen.findByRole("table", { name: "Cost lines" });
    expect(screen.getByRole("button", { name: "Add Cost" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Bill to Resident" })).toBeNull();
    unmount();
    renderCosts(["maintenance.view"]);
    await screen.findByRole("table", { name: "Cost lines" });
    expect(screen.queryByRole("button", { name: "Add Cost" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Edit/ })).toBeNull();
  });
});
