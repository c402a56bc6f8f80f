import type { MaintenancePhoto } from "@keyholder/contracts/maintenance-photos";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { RequestPhotos } from "./photos.tsx";

const REQUEST = "11111111-1111-4111-8111-111111111111";
const base = `/api/v1/maintenance-requests/${REQUEST}/photos`;
const file = (o: Partial<MaintenancePhoto>): MaintenancePhoto => ({
  id: "22222222-2222-4222-8222-222222222222",
  request_id: REQUEST,
  kind: "image",
  content_type: "image/webp",
  byte_size: 1000,
  width: 2560,
  height: 1707,
  url: `${base}/22222222-2222-4222-8222-222222222222`,
  thumbnail_url: `${base}/22222222-2222-4222-8222-222222222222?size=thumb`,
  visible_to_resident: false,
  visible_to_vendor: true,
  uploaded_by_kind: "staff",
  uploaded_by_name: "Sam Staff",
  created_at: "2026-11-20T15:00:00.000Z",
  ...o,
});

let photos: MaintenancePhoto[];
let patched: unknown[];

beforeEach(() => {
  photos = [
    file({}),
    file({
      id: "33333333-3333-4333-8333-333333333333",
      kind: "video",
      content_type: "video/mp4",
      width: null,
      height: null,
      url: `${base}/33333333-3333-4333-8333-333333333333`,
      thumbnail_url: null,
      uploaded_by_kind: "resident",
      uploaded_by_name: "Rita Resident",
    }),
  ];
  patched = [];
  setApiTransport({
    origin: "http://keyholder.test",
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "PATCH") {
        const body = JSON.parse(String(init.body));
        patched.push(body);
        const id = new URL(String(input)).pathname.split("/").pop();
        photos = photos.map((p) => (p.id === id ? { ...p, ...body } : p));
        return new Response(JSON.stringify(photos.find((p) => p.id === id)), { status: 200 });
      }
      return new Response(JSON.stringify({ photos }), { status: 200 });
    }) as typeof fetch,
  });
});
afterEach(cleanup);

const renderPhotos = (canUpload: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RequestPhotos requestId={REQUEST} canUpload={canUpload} />
    </QueryClientProvider>,
  );

describe("a request's photos on its view", () => {
  it("shows thumbnails that open the full size, videos as links, and shares a photo with the vendor or not", async () => {
    const user = userEvent.setup();
    renderPhotos(true);
    const thumb = await screen.findByRole("img", { name: "Photo 1, by Sam Staff" });
    expect(thumb.getAttribute("src")).toBe(photos[0]?.thumbnail_url);
    expect(screen.getByRole("link", { name: "Open Photo 1 full size" }).getAttribute("href")).toBe(photos[0]?.url);
    expect(screen.getByRole("link", { name: "Open Video 2 full size" }).getAttribute("href")).toBe(photos[1]?.url);
    expect(screen.getByRole("button", { name: "Add Photos or Videos" })).toBeTruthy();

    const region = screen.getByRole("region", { name: "Photos" });
    const shares = within(region).getAllByRole("checkbox", { name: "Shared with the vendor" });
    expect(shares.map((c) => (c as HTMLInputElement).checked)).toEqual([true, true]);
    await user.click(shares[0] as HTMLElement);
    expect(patched).toEqual([{ visible_to_vendor: false }]);
    await expect
      .poll(() =>
        within(region)
          .getAllByRole("checkbox", { name: "Shared with the vendor" })
          .map((c) => (c as HTMLInputElement).checked),
      )
      .toEqual([false, true]);
  });

  it("offers a role that may only read no upload and no sharing", async () => {
    renderPhotos(false);
    await screen.findByRole("img", { name: "Photo 1, by Sam Staff" });
    expect(screen.queryByRole("button", { name: "Add Photos or Videos" })).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.getAllByText("Shared with the vendor").length).toBe(2);
  });
});
