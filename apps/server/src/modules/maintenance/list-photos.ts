import { API_PREFIX } from "@keyholder/contracts/http";
import type { CommentAudience } from "@keyholder/contracts/maintenance-comments";
import type { MaintenancePhoto } from "@keyholder/contracts/maintenance-photos";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { requireRequest } from "./request-author.ts";
import { rowsOf } from "./request-sql.ts";

/** Which of a request's files an audience sees: staff all, a resident or a vendor those shared with them. */
export const fileVisibleTo = (audience: CommentAudience): SQL =>
  audience === "staff" ? sql`true` : audience === "resident" ? sql`f.visible_to_resident` : sql`f.visible_to_vendor`;

/**
 * Where the workspace reads a file's bytes: through the session and the request's scope, never a
 * public address. The resident portal and the vendor link will answer their own addresses.
 */
export const requestFileUrl = (requestId: string, fileId: string, size: "full" | "thumb" = "full") =>
  `${API_PREFIX}/maintenance-requests/${requestId}/photos/${fileId}${size === "thumb" ? "?size=thumb" : ""}`;

const COLUMNS = sql`f.id, f.request_id, f.kind, f.content_type, f.byte_size, f.width, f.height,
  f.visible_to_resident, f.visible_to_vendor, f.author_kind, f.author_name,
  to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

export const photoOf = (r: Record<string, unknown>): MaintenancePhoto => {
  const requestId = String(r.request_id);
  const id = String(r.id);
  const image = r.kind === "image";
  return {
    id,
    request_id: requestId,
    kind: image ? "image" : "video",
    content_type: String(r.content_type),
    byte_size: Number(r.byte_size),
    width: r.width === null ? null : Number(r.width),
    height: r.height === null ? null : Number(r.height),
    url: requestFileUrl(requestId, id),
    thumbnail_url: image ? requestFileUrl(requestId, id, "thumb") : null,
    visible_to_resident: Boolean(r.visible_to_resident),
    visible_to_vendor: Boolean(r.visible_to_vendor),
    uploaded_by_kind: r.author_kind as MaintenancePhoto["uploaded_by_kind"],
    uploaded_by_name: String(r.author_name),
    created_at: String(r.created_at),
  };
};

/**
 * A request's photos and videos that `audience` sees, oldest first (the same audiences as
 * `listComments`). 404 when the caller does not see the request.
 */
export async function listPhotos(tx: Tx, requestId: string, audience: CommentAudience): Promise<MaintenancePhoto[]> {
  await requireRequest(tx, requestId);
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select ${COLUMNS} from maintenance_request_files f
      where f.request_id = ${requestId} and ${fileVisibleTo(audience)}
      order by f.created_at, f.id`,
  );
  return rows.map(photoOf);
}

/** One file of the request as `audience` sees it, or null. */
export async function readPhoto(
  tx: Tx,
  requestId: string,
  fileId: string,
  audience: CommentAudience,
): Promise<(MaintenancePhoto & { storage_key: string; thumbnail_key: string | null }) | null> {
  const [row] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select ${COLUMNS}, f.storage_key, f.thumbnail_key from maintenance_request_files f
      where f.request_id = ${requestId} and f.id = ${fileId} and ${fileVisibleTo(audience)}`,
  );
  if (!row) return null;
  return {
    ...photoOf(row),
    storage_key: String(row.storage_key),
    thumbnail_key: row.thumbnail_key === null ? null : String(row.thumbnail_key),
  };
}
