import type { WorkOrder } from "@keyholder/contracts/maintenance-work-orders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { WorkOrdersSection } from "./work-orders.tsx";

const ID = "11111111-1111-4111-8111-111111111111";
const OPEN = "22222222-2222-4222-8222-222222222222";
const OLD = "33333333-3333-4333-8333-333333333333";

const order = (o: Partial<WorkOrder>): WorkOrder => ({
  id: OPEN,
  request_id: ID,
  request_no: 42,
  work_order_no: 2,
  label: "WO 42-2",
  assignee_kind: "vendor",
  assigned_user_id: null,
  vendor_id: "44444444-4444-4444-8444-444444444444",
  assignee_name: "Rapid Rooter",
  instructions: "Replace the P-trap",
  scheduled_start: "2026-12-03T09:00",
  scheduled_end: null,
  not_to_exceed_cents: 40_000,
  status: "open",
  close_reason: null,
  cost_total_cents: 0,
  created_by: 1,
  created_at: "2026-11-26T12:00:00.000Z",
  updated_at: "2026-11-26T12:00:00.000Z",
  closed_at: null,
  ...o,
});

let asked: { method: string; path: string; body: unknown }[];
let orders: WorkOrder[];

beforeEach(() => {
  // jsdom has no CSS.escape, which react-aria's modal uses to look for a CSP nonce.
  if (!globalThis.CSS?.escape) vi.stubGlobal("CSS", { escape: (s: string) => s.replace(/["\\]/g, "\\$&") });
  // Nor ResizeObserver, which the dialog uses to see whether its body scrolls.
  if (!globalThis.ResizeObserver)
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  asked = [];
  orders = [
    order({}),
    order({
      id: OLD,
      work_order_no: 1,
      label: "WO 42-1",
      assignee_kind: "staff",
      assigned_user_id: 5,
      vendor_id: null,
      assignee_name: "Sam Tech",
      instructions: "Kitchen sink leaks",
      not_to_exceed_cents: null,
      status: "canceled",
      close_reason: "Reassigned to Rapid Rooter",
      closed_at: "2026-11-26T13:00:00.000Z",
    }),
  ];
  setApiTransport({
    origin: "http://keyholder.test",
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      const method = init?.method ?? "GET";
      asked.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path.endsWith("/vendor-link"))
        return Promise.resolve(
          new Response(
            JSON.stringify({
              work_order: orders[0],
              vendor_link: { url: "http://x/vendor/abc", emailed: true, expires_at: "2026-12-10T12:00:00.000Z" },
            }),
          ),
        );
      if (method === "PUT") {
        const body = JSON.parse(String(init?.body));
        orders = [{ ...(orders[0] as WorkOrder), ...body }, ...orders.slice(1)];
        return Promise.resolve(new Response(JSON.stringify({ work_order: orders[0] })));
      }
      return Promise.resolve(new Response(JSON.stringify({ work_orders: orders })));
    }) as typeof fetch,
  });
});
afterEach(cleanup);

const renderSection = (canEdit: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WorkOrdersSection requestId={ID} version="v1" canEdit={canEdit} />
    </QueryClientProvider>,
  );

describe("a request's work orders", () => {
  it("lists them newest first with status, schedule, instructions and limit; edits the open one", async () => {
    renderSection(true);
    const open = await screen.findByRole("listitem", { name: "WO 42-2, Rapid Rooter" });
    expect(within(open).getByText("Open")).toBeTruthy();
    expect(within(open).getByText("Replace the P-trap")).toBeTruthy();
    expect(within(open).getByText("$400.00")).toBeTruthy();
    const old = screen.getByRole("listitem", { name: "WO 42-1, Sam Tech" });
    expect(within(old).getByText("Canceled")).toBeTruthy();
    expect(within(old).getByText(/Reassigned to Rapid Rooter/)).toBeTruthy();
    // Only the open one is editable; a closed one offers nothing.
    expect(within(old).queryByRole("button")).toBeNull();

    await userEvent.click(within(open).getByRole("button", { name: "Edit WO 42-2" }));
    const dialog = await screen.findByRole("dialog");
    const limit = within(dialog).getByRole("textbox", { name: "Not to Exceed ($)" });
    await userEvent.clear(limit);
    await userEvent.type(limit, "abc");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Work Order" }));
    expect(await within(dialog).findByText("Enter an amount in dollars and cents")).toBeTruthy();
    await userEvent.clear(limit);
    await userEvent.type(limit, "550");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Work Order" }));
    expect(await screen.findByText("$550.00")).toBeTruthy();
    expect(asked.find((a) => a.method === "PUT")?.body).toEqual({
      instructions: "Replace the P-trap",
      not_to_exceed_cents: 55_000,
    });
  });

  it("resends a vendor's link and says so; a reader gets no actions", async () => {
    const { unmount } = renderSection(true);
    const open = await screen.findByRole("listitem", { name: "WO 42-2, Rapid Rooter" });
    await userEvent.click(within(open).getByRole("button", { name: "Resend link for WO 42-2 to Rapid Rooter" }));
    expect(await screen.findByText(/A new link was emailed to Rapid Rooter/)).toBeTruthy();
    expect(asked.some((a) => a.method === "POST" && a.path.endsWith(`/work-orders/${OPEN}/vendor-link`))).toBe(true);
    unmount();
    renderSection(false);
    await screen.findByRole("listitem", { name: "WO 42-2, Rapid Rooter" });
    expect(screen.queryByRole("button")).toBeNull();
  });
});
