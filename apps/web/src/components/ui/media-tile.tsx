import type { ReactNode } from "react";
import { formatDateTime } from "../../lib/format.ts";

/** What a tile needs of an uploaded photo or video (staff, resident and vendor views alike). */
export interface TileMedia {
  kind: "image" | "video";
  /** The full size, through the session or link (never a public address). */
  url: string;
  /** A small image; null for a video. */
  thumbnail_url: string | null;
  uploaded_by_name: string;
  created_at: string;
}

/**
 * One uploaded photo or video in a request's grid (decision 034, "Comments and photos"): its
 * thumbnail (a video a play mark with its name) opening the full size in a new tab, who added it
 * and when, and below that whatever the view adds (`children`). Goes in a `<ul>`.
 */
export function MediaTile({
  media,
  position,
  focusRing = "focus-visible:ring-brand-500",
  children,
}: {
  media: TileMedia;
  /** Its place in the list, from 1: it names the tile ("Photo 2") for a screen reader. */
  position: number;
  /** The focus ring's colour class, where a portal has its own (the resident's sky). */
  focusRing?: string;
  children?: ReactNode;
}) {
  const name = `${media.kind === "video" ? "Video" : "Photo"} ${position}`;
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800">
      <a
        href={media.url}
        target="_blank"
        rel="noreferrer"
        aria-label={`Open ${name} full size`}
        className={`outline-none focus-visible:ring-2 ${focusRing}`}
      >
        {media.thumbnail_url ? (
          <img
            src={media.thumbnail_url}
            alt={`${name}, by ${media.uploaded_by_name}`}
            className="aspect-[3/2] w-full object-cover"
          />
        ) : (
          <span className="flex aspect-[3/2] w-full items-center justify-center text-sm font-semibold text-slate-700 dark:text-slate-200">
            ▶ {name}
          </span>
        )}
      </a>
      <div className="flex flex-col gap-1 p-2 text-xs text-slate-600 dark:text-slate-400">
        <span>
          {media.uploaded_by_name}, {formatDateTime(media.created_at)}
        </span>
        {children}
      </div>
    </li>
  );
}
