import type { MaintenanceComment } from "@keyholder/contracts/maintenance-comments";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { RequestComments } from "./comments.tsx";

const REQUEST = "11111111-1111-4111-8111-111111111111";
const comment = (o: Partial<MaintenanceComment>): MaintenanceComment => ({
  id: "1",
  request_id: REQUEST,
  body: "Checked the valve",
  visibility: "internal",
  author_kind: "staff",
  author_name: "Sam Staff",
  created_at: "2026-11-20T15:00:00.000Z",
  ...o,
});

let comments: MaintenanceComment[];
let posted: unknown[];

beforeEach(() => {
  comments = [
    comment({}),
    comment({ id: "2", body: "Coming Tuesday", visibility: "resident" }),
    comment({ id: "3", body: "Gate code 4411", visibility: "vendor" }),
  ];
  posted = [];
  setApiTransport({
    origin: "http://keyholder.test",
    fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        const saved = comment({ id: String(comments.length + 1), ...body });
        comments = [...comments, saved];
        return new Response(JSON.stringify({ comment: saved }), { status: 201 });
      }
      return new Response(JSON.stringify({ comments }), { status: 200 });
    }) as typeof fetch,
  });
});
afterEach(cleanup);

const renderComments = (canComment: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RequestComments requestId={REQUEST} canComment={canComment} />
    </QueryClientProvider>,
  );

describe("a request's comments on its view", () => {
  it("lists who, when and whom each is shared with, and adds one Internal unless another is chosen", async () => {
    const user = userEvent.setup();
    renderComments(true);
    await screen.findByText("Checked the valve");
    const list = screen.getByRole("list", { name: "Comments" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/Sam Staff.*Internal.*Checked the valve/),
      expect.stringMatching(/Shared with Resident.*Coming Tuesday/),
      expect.stringMatching(/Shared with Vendor.*Gate code 4411/),
    ]);
    const form = screen.getByRole("form", { name: "Add a comment" });
    const radios = within(form).getByRole("radiogroup", { name: "Who Can See It" });
    expect((within(radios).getByRole("radio", { name: /^Internal/ }) as HTMLInputElement).checked).toBe(true);

    // Nothing written: the field says so and nothing is sent.
    await user.click(within(form).getByRole("button", { name: "Add Comment" }));
    expect(await within(form).findByText("Write the comment")).toBeTruthy();
    expect(posted).toEqual([]);

    await user.type(within(form).getByRole("textbox", { name: "Comment" }), "Bring a 3/4 valve");
    // The keyboard reaches the choice: the arrow keys move within the group.
    within(radios)
      .getByRole("radio", { name: /^Internal/ })
      .focus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect((within(radios).getByRole("radio", { name: /^Shared with Vendor/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(form).getByRole("button", { name: "Add Comment" }));
    expect(await screen.findByText("Bring a 3/4 valve")).toBeTruthy();
    expect(posted).toEqual([{ body: "Bring a 3/4 valve", visibility: "vendor" }]);
    // The form is ready for the next one, Internal again.
    expect((within(form).getByRole("textbox", { name: "Comment" }) as HTMLTextAreaElement).value).toBe("");
    expect((within(radios).getByRole("radio", { name: /^Internal/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("offers no form to a role that may only read", async () => {
    renderComments(false);
    expect(await screen.findByText("Gate code 4411")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Add a comment" })).toBeNull();
  });
});
