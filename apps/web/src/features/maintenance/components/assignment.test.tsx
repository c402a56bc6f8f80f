import type { MaintenanceRow } from "@keyholder/contracts/maintenance";
import { assignmentMessages } from "@keyholder/contracts/maintenance-assignment";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { Assignment } from "./assignment.tsx";

const REQUEST = "11111111-1111-4111-8111-111111111111";
const QUIET = "22222222-2222-4222-8222-222222222222";
const ACME = "33333333-3333-4333-8333-333333333333";
const request: MaintenanceRow = {
  id: REQUEST,
  request_no: 42,
  title: "Sink leaks",
  description: null,
  status: "triaged",
  priority: "normal",
  category: "plumbing",
  channel: "phone",
  property_id: "44444444-4444-4444-8444-444444444444",
  property_name: "Harbor Lofts",
  building_id: null,
  building_name: null,
  unit_id: null,
  unit_name: null,
  zone_id: null,
  zone_name: null,
  location_name: null,
  due_on: "2026-12-01",
  overdue: false,
  permission_to_enter: false,
  pets_present: false,
  entry_notes: null,
  preferred_times: null,
  lease_id: null,
  lease_no: null,
  tenant_id: null,
  tenant_name: null,
  recorded_by_id: 5,
  recorded_by_name: "Olive Owner",
  assigned_user_id: null,
  assigned_to_name: null,
  vendor_id: null,
  vendor_name: null,
  vendor_accepted_at: null,
  scheduled_start: null,
  scheduled_end: null,
  reopened_count: 0,
  completed_at: null,
  created_by: 5,
  created_date: "2026-11-26T10:00:00.000Z",
  last_modified_by: 5,
  last_modified_date: "2026-11-26T10:00:00.000Z",
};

let posted: unknown[];

beforeEach(() => {
  posted = [];
  setApiTransport({
    origin: "http://keyholder.test",
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return new Response(
          JSON.stringify({
            request: { ...request, vendor_id: QUIET, vendor_name: "Quiet Handyman", status: "assigned" },
            warnings: [],
            vendor_link: {
              url: "http://keyholder.test/vendor/abc123",
              emailed: false,
              expires_at: "2026-12-10T00:00:00Z",
            },
          }),
        );
      }
      expect(String(input)).toContain(`/maintenance-requests/${REQUEST}/assignees`);
      return new Response(
        JSON.stringify({
          assignees: [{ id: 5, name: "Olive Owner", role: "Administrator", open_requests: 0 }],
          vendors: [
            {
              id: ACME,
              name: "Acme Plumbing",
              trade_matches: true,
              has_email: true,
              insurance_problem: "Insurance expired on 2020-01-31",
              open_requests: 1,
            },
            {
              id: QUIET,
              name: "Quiet Handyman",
              trade_matches: false,
              has_email: false,
              insurance_problem: null,
              open_requests: 0,
            },
          ],
        }),
      );
    }) as typeof fetch,
  });
});
afterEach(cleanup);

const renderAssignment = (onChanged = vi.fn()) => {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Assignment request={request} onChanged={onChanged} />
    </QueryClientProvider>,
  );
  return onChanged;
};

describe("Assign on a request's view, to a vendor", () => {
  it("warns of a vendor's expired insurance before saving, in the option and under the field", async () => {
    const user = userEvent.setup();
    renderAssignment();
    const select = screen.getByRole("combobox", { name: "Assigned To" });
    await screen.findByRole("option", { name: "Acme Plumbing · Vendor · ⚠ Insurance expired on 2020-01-31" });
    await user.selectOptions(select, `vendor:${ACME}`);
    expect(screen.getByText(/Warning: Insurance expired on 2020-01-31\. You can still assign them\./)).toBeTruthy();
    expect(screen.getByText(/They will be emailed a link/)).toBeTruthy();
  });

  it("gives the link to share when the vendor has no email, and closes on Done", async () => {
    const user = userEvent.setup();
    const onChanged = renderAssignment();
    await screen.findByRole("option", { name: "Quiet Handyman · Vendor (other trade)" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Assigned To" }), `vendor:${QUIET}`);
    expect(screen.getByText(/No email on file: you will get a link to share with them\./)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save Assignment" }));
    const result = await screen.findByRole("region", { name: "Vendor link" });
    expect(posted).toEqual([
      {
        assigned_user_id: null,
        vendor_id: QUIET,
        scheduled_start: null,
        scheduled_end: null,
        note: null,
        instructions: null,
        not_to_exceed_cents: null,
      },
    ]);
    expect(within(result).getByText(assignmentMessages.vendorNoEmail("Quiet Handyman"))).toBeTruthy();
    expect((within(result).getByRole("textbox", { name: "Link to share" }) as HTMLInputElement).value).toBe(
      "http://keyholder.test/vendor/abc123",
    );
    expect(onChanged).not.toHaveBeenCalled();
    await user.click(within(result).getByRole("button", { name: "Done" }));
    expect(onChanged).toHaveBeenCalledWith({ id: REQUEST, name: "#42 Sink leaks" });
  });
});

describe("Assign: the new work order's terms", () => {
  it("asks a new assignee's instructions and not-to-exceed amount, and sends them in cents", async () => {
    const user = userEvent.setup();
    renderAssignment();
    await screen.findByRole("option", { name: "Olive Owner · Administrator · 0 open" });
    expect(screen.queryByRole("textbox", { name: "Not to Exceed ($)" })).toBeNull();
    await user.selectOptions(screen.getByRole("combobox", { name: "Assigned To" }), `vendor:${QUIET}`);
    await user.type(screen.getByRole("textbox", { name: "Work Order Instructions" }), "Replace the P-trap");
    const limit = screen.getByRole("textbox", { name: "Not to Exceed ($)" });
    await user.type(limit, "twelve");
    await user.click(screen.getByRole("button", { name: "Save Assignment" }));
    expect(posted).toEqual([]);
    expect(screen.getByText("Enter an amount in dollars and cents")).toBeTruthy();
    await user.clear(limit);
    await user.type(limit, "1,250.50");
    await user.click(screen.getByRole("button", { name: "Save Assignment" }));
    await screen.findByRole("region", { name: "Vendor link" });
    expect(posted).toMatchObject([
      { vendor_id: QUIET, instructions: "Replace the P-trap", not_to_exceed_cents: 1250 * 100 + 50 },
    ]);
  });

  it("does not ask them again when the assignee stays the same", async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Assignment request={{ ...request, vendor_id: ACME, vendor_name: "Acme Plumbing" }} onChanged={vi.fn()} />
      </QueryClientProvider>,
    );
    await screen.findByRole("option", { name: "Olive Owner · Administrator · 0 open" });
    expect(screen.queryByRole("textbox", { name: "Work Order Instructions" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Not to Exceed ($)" })).toBeNull();
  });
});
