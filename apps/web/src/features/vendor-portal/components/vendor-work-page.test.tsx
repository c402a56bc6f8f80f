import type { VendorPortalView } from "@keyholder/contracts/vendor-portal";
import { vendorPortalMessages } from "@keyholder/contracts/vendor-portal";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { VendorWorkPage } from "./vendor-work-page.tsx";

const TOKEN = "tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF";
const view = (o: Partial<VendorPortalView> = {}): VendorPortalView => ({
  state: "open",
  expires_at: "2026-12-10T12:00:00.000Z",
  vendor_name: "Acme Plumbing",
  organization_name: "Harbor Homes",
  request: {
    request_no: 7,
    title: "Sink leaks",
    description: "Water under the sink",
    status: "assigned",
    priority: "urgent",
    category: "plumbing",
    property_name: "Harbor Lofts",
    address: "9 Elm St, Austin, TX 78702",
    location_name: "4B",
    due_on: "2026-11-28",
    permission_to_enter: true,
    pets_present: false,
    entry_notes: "Key in the lockbox",
    preferred_times: null,
    scheduled_start: null,
    scheduled_end: null,
  },
  work_order: null,
  comments: [
    {
      id: "1",
      body: "Shutoff valve behind the panel",
      author_kind: "staff",
      author_name: "Pat Manager",
      created_at: "2026-11-26T15:00:00.000Z",
    },
  ],
  photos: [],
  ...o,
});

let current: VendorPortalView | { status: number; message: string };
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  current = view();
  calls = [];
  setApiTransport({
    origin: "http://keyholder.test",
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if ("status" in current && typeof current.status === "number") {
        return new Response(JSON.stringify({ error: { code: "LINK_CLOSED", message: current.message } }), {
          status: current.status,
        });
      }
      if (url.endsWith("/decline")) {
        return new Response(JSON.stringify({ declined: true, message: vendorPortalMessages.declinedNow }));
      }
      if (url.endsWith("/accept")) current = { ...(current as VendorPortalView), state: "accepted" };
      return new Response(JSON.stringify(current));
    }) as typeof fetch,
  });
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <VendorWorkPage token={TOKEN} />
    </QueryClientProvider>,
  );

describe("the vendor's page behind their link", () => {
  it("shows the work and what was shared, and accepts it", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole("heading", { name: "#7 Sink leaks" });
    const where = screen.getByRole("region", { name: "Where" });
    expect(within(where).getByText("9 Elm St, Austin, TX 78702")).toBeTruthy();
    expect(screen.getByText("Key in the lockbox")).toBeTruthy();
    expect(screen.getByText("Shutoff valve behind the panel")).toBeTruthy();
    // Nothing to mark done before accepting.
    expect(screen.queryByRole("button", { name: "Mark Done" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Accept" }));
    await screen.findByText(vendorPortalMessages.accepted);
    expect(screen.getByRole("button", { name: "Mark Done" })).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.url.endsWith(`/vendor-portal/${TOKEN}/accept`))).toBe(true);
  });

  it("asks why before declining, then says the manager was told", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    const form = screen.getByRole("form", { name: "Decline" });
    await user.click(within(form).getByRole("button", { name: "Decline the Work" }));
    expect(within(form).getByText(vendorPortalMessages.reasonRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    await user.type(within(form).getByRole("textbox", { name: "Why do you decline?" }), "Fully booked");
    await user.click(within(form).getByRole("button", { name: "Decline the Work" }));
    await screen.findByText(vendorPortalMessages.declinedNow);
    expect(calls.find((c) => c.url.endsWith("/decline"))?.body).toEqual({ reason: "Fully booked" });
  });

  it("says plainly why a closed link does not open", async () => {
    current = { status: 410, message: vendorPortalMessages.expired };
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toBe(vendorPortalMessages.expired);
  });
});
