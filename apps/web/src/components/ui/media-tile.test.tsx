import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MediaTile } from "./media-tile.tsx";

afterEach(() => cleanup());

const at = "2026-03-04T15:05:00Z";
const photo = {
  kind: "image",
  url: "/f/1",
  thumbnail_url: "/f/1?size=thumb",
  uploaded_by_name: "Ada Park",
  created_at: at,
} as const;
const video = { kind: "video", url: "/f/2", thumbnail_url: null, uploaded_by_name: "Bo Lee", created_at: at } as const;

describe("a request's photo or video tile", () => {
  it("shows a photo's thumbnail, named by its place and uploader, opening the full size in a new tab", () => {
    render(
      <ul>
        <MediaTile media={photo} position={1}>
          <span>Shared with the vendor</span>
        </MediaTile>
        <MediaTile media={video} position={2} />
      </ul>,
    );
    const open = screen.getByRole("link", { name: "Open Photo 1 full size" });
    expect(open.getAttribute("href")).toBe("/f/1");
    expect(open.getAttribute("target")).toBe("_blank");
    expect(within(open).getByRole("img", { name: "Photo 1, by Ada Park" }).getAttribute("src")).toBe("/f/1?size=thumb");
    const [first, second] = screen.getAllByRole("listitem");
    expect(first?.textContent).toContain("Ada Park, ");
    expect(first?.textContent).toContain("Shared with the vendor");
    // A video has no thumbnail: a play mark and its name.
    const playVideo = within(second as HTMLElement).getByRole("link", { name: "Open Video 2 full size" });
    expect(playVideo.textContent).toBe("▶ Video 2");
    expect(second?.textContent).toContain("Bo Lee, ");
  });
});
