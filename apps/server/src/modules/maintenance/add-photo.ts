import { randomUUID } from "node:crypto";
import {
  MAX_REQUEST_FILES,
  type MaintenancePhoto,
  maintenancePhotoMessages,
} from "@keyholder/contracts/maintenance-photos";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { maintenanceRequestFiles } from "../../db/schema/index.ts";
import { badRequest } from "../../lib/http-error.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import { readPhoto } from "./list-photos.ts";
import { authorColumns, lockRequest, type RequestAuthor } from "./request-author.ts";
import type { RequestMedia, VideoType } from "./request-media.ts";
import { rowsOf } from "./request-sql.ts";

const EXTENSION: Record<VideoType, string> = { "video/mp4": "mp4", "video/webm": "webm", "video/quicktime": "mov" };

/** 400 when the request already has as many files as it may (counted under the request's lock). */
export async function checkRoom(tx: Tx, requestId: string) {
  const [count] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from maintenance_request_files where request_id = ${requestId}`,
  );
  if (Number(count?.n ?? 0) >= MAX_REQUEST_FILES) {
    throw badRequest(maintenancePhotoMessages.tooMany, { file: [maintenancePhotoMessages.tooMany] });
  }
}

/**
 * Stores a request's photo or video and records it. Who sees it besides the staff: a resident's
 * own upload is shared with the resident and the vendor; a staff upload with the vendor (the
 * photos of the problem are what the vendor needs) unless `sharing` says otherwise.
 */
export async function addPhoto(
  tx: Tx,
  storage: Storage,
  author: RequestAuthor,
  requestId: string,
  media: RequestMedia,
  sharing: { visible_to_vendor?: boolean | undefined; visible_to_resident?: boolean | undefined } = {},
): Promise<MaintenancePhoto> {
  await lockRequest(tx, requestId);
  await checkRoom(tx, requestId);
  const id = randomUUID();
  const base = `org/${author.orgId}/maintenance/${requestId}/${id}`;
  const columns = await authorColumns(tx, author);
  let stored: { storageKey: string; thumbnailKey: string | null; contentType: string; byteSize: number };
  let size: { width: number | null; height: number | null };
  if (media.kind === "image") {
    stored = {
      storageKey: `${base}.webp`,
      thumbnailKey: `${base}-thumb.webp`,
      contentType: media.image.contentType,
      byteSize: media.image.data.length,
    };
    size = { width: media.image.width, height: media.image.height };
    await storage.put(stored.storageKey, media.image.data, media.image.contentType);
    await storage.put(`${base}-thumb.webp`, media.thumbnail.data, media.thumbnail.contentType);
  } else {
    stored = {
      storageKey: `${base}.${EXTENSION[media.contentType]}`,
      thumbnailKey: null,
      contentType: media.contentType,
      byteSize: media.data.length,
    };
    size = { width: null, height: null };
    await storage.put(stored.storageKey, media.data, media.contentType);
  }
  await tx.insert(maintenanceRequestFiles).values({
    organizationId: author.orgId,
    id,
    requestId,
    kind: media.kind,
    ...stored,
    ...size,
    visibleToResident: sharing.visible_to_resident ?? author.kind === "resident",
    visibleToVendor: sharing.visible_to_vendor ?? true,
    ...columns,
    lastModifiedBy: author.kind === "staff" ? author.userId : null,
  });
  const saved = await readPhoto(tx, requestId, id, "staff");
  if (!saved) throw new Error("file insert returned nothing");
  const { storage_key: _key, thumbnail_key: _thumb, ...photo } = saved;
  return photo;
}
