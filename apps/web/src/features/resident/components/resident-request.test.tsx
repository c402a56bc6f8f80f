import type { ResidentRequestDetail } from "@keyholder/contracts/resident";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { ResidentRequest } from "./resident-request.tsx";

const ID = "11111111-1111-4111-8111-111111111111";
const detail = (o: Partial<ResidentRequestDetail> = {}): ResidentRequestDetail => ({
  id: ID,
  request_no: 7,
  title: "Sink leaks",
  description: "Water under the sink",
  category: "plumbing",
  priority: "normal",
  status: "scheduled",
  due_on: "2026-12-05",
  scheduled_for: "2026-12-03T09:00",
  permission_to_enter: true,
  pets_present: false,
  entry_notes: null,
  preferred_times: null,
  created_date: "2026-11-28T15:00:00.000Z",
  last_modified_date: "2026-11-28T15:00:00.000Z",
  status_label: "Scheduled",
  priority_label: "Normal",
  category_label: "Plumbing",
  location: "Kitchen",
  scheduled_start: "2026-12-03T09:00",
  scheduled_end: "2026-12-03T11:30",
  assigned_to: "Drip Fixers",
  comments: [
    {
      id: "1",
      body: "A plumber comes Thursday",
      author_kind: "staff",
      author_name: "Pat Manager",
      mine: false,
      created_at: "2026-11-28T16:00:00.000Z",
    },
  ],
  photos: [],
  history: [
    { at: "2026-11-28T15:00:00.000Z", label: "Received" },
    { at: "2026-11-28T16:00:00.000Z", label: "Scheduled for Thu, Dec 3, 9:00 AM" },
  ],
  can_reply: true,
  ...o,
});

let current: ResidentRequestDetail;
let posted: unknown[];

beforeEach(() => {
  current = detail();
  posted = [];
  setApiTransport({
    origin: "http://keyholder.test",
    fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") {
        const body = JSON.parse(String(init.body)) as { body: string };
        posted.push(body);
        current = {
          ...current,
          comments: [
            ...current.comments,
            {
              id: "2",
              body: body.body,
              author_kind: "resident",
              author_name: "Rosa Diaz",
              mine: true,
              created_at: "2026-11-28T17:00:00.000Z",
            },
          ],
        };
        return new Response(JSON.stringify({ request: current }), { status: 201 });
      }
      return new Response(JSON.stringify({ request: current }), { status: 200 });
    }) as typeof fetch,
  });
});
afterEach(cleanup);

function page() {
  const root = createRootRoute();
  const route = createRoute({ getParentRoute: () => root, path: "/", component: () => <ResidentRequest id={ID} /> });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("a resident's request page", () => {
  it("shows when and who, the progress and the messages, and sends a reply", async () => {
    const user = userEvent.setup();
    page();
    await screen.findByRole("heading", { name: /Sink leaks/, level: 1 });
    expect(screen.getByText("Thu, Dec 3, 9:00 AM to 11:30 AM")).toBeTruthy();
    expect(screen.getByText("Drip Fixers")).toBeTruthy();
    expect(screen.getByText("Kitchen")).toBeTruthy();
    const progress = screen.getByRole("region", { name: "Progress" });
    expect(
      within(progress)
        .getAllByRole("listitem")
        .map((li) => li.firstChild?.textContent),
    ).toEqual(["Received", "Scheduled for Thu, Dec 3, 9:00 AM"]);
    expect(screen.getByText("No photos yet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add photo" })).toBeTruthy();

    // An empty message is refused before it is sent.
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Write the comment")).toBeTruthy();
    expect(posted).toEqual([]);
    await user.type(screen.getByLabelText("Write a message", { exact: false }), "Thursday works");
    await user.click(screen.getByRole("button", { name: "Send" }));
    const messages = screen.getByRole("list", { name: "Messages" });
    await within(messages).findByText("Thursday works");
    expect(posted).toEqual([{ body: "Thursday works" }]);
  });

  it("a closed request reads, with no reply box nor Add photo", async () => {
    current = detail({ status: "completed", status_label: "Completed", can_reply: false });
    page();
    await screen.findByText("This request is closed. If the problem is back, report it again.");
    expect(screen.queryByLabelText("Write a message", { exact: false })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add photo" })).toBeNull();
  });
});
