import {
  type MaintenancePhoto,
  type MaintenancePhotoSharing,
  maintenancePhotoMessages,
} from "@keyholder/contracts/maintenance-photos";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { photoOf } from "./list-photos.ts";
import { requireRequest } from "./request-author.ts";
import { rowsOf } from "./request-sql.ts";

/** Shares a request's photo with the vendor or the resident, or stops sharing it (the staff always see it). */
export async function sharePhoto(
  tx: Tx,
  actor: Actor,
  requestId: string,
  fileId: string,
  sharing: MaintenancePhotoSharing,
): Promise<MaintenancePhoto> {
  await requireRequest(tx, requestId);
  const [row] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`update maintenance_request_files f set
        visible_to_vendor = coalesce(${sharing.visible_to_vendor ?? null}::boolean, f.visible_to_vendor),
        visible_to_resident = coalesce(${sharing.visible_to_resident ?? null}::boolean, f.visible_to_resident),
        last_modified_by = ${actor.userId}, last_modified_date = now()
      where f.request_id = ${requestId} and f.id = ${fileId}
      returning f.id, f.request_id, f.kind, f.content_type, f.byte_size, f.width, f.height,
        f.visible_to_resident, f.visible_to_vendor, f.author_kind, f.author_name,
        to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`,
  );
  if (!row) throw notFound(maintenancePhotoMessages.notFound);
  return photoOf(row);
}
