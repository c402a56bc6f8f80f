import type { CommentAudience, MaintenanceComment } from "@keyholder/contracts/maintenance-comments";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { requireRequest } from "./request-author.ts";
import { rowsOf } from "./request-sql.ts";

/**
 * The comments of a request that `audience` may read, oldest first (decision 034, "Comments and
 * photos"): the staff read every comment; a resident only those shared with the resident, a vendor
 * only those shared with the vendor. An internal comment is never in a resident's or a vendor's
 * list. The one filter every reader goes through: the resident portal and the vendor link call
 * this with their audience. 404 when the caller does not see the request.
 */
export async function listComments(
  tx: Tx,
  requestId: string,
  audience: CommentAudience,
): Promise<MaintenanceComment[]> {
  await requireRequest(tx, requestId);
  const visible = audience === "staff" ? sql`true` : sql`c.visibility = ${audience}`;
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select c.id, c.request_id, c.body, c.visibility, c.author_kind, c.author_name,
        to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from maintenance_request_comments c
      where c.request_id = ${requestId} and ${visible}
      order by c.id`,
  );
  return rows.map(commentOf);
}

export const commentOf = (r: Record<string, unknown>): MaintenanceComment => ({
  id: String(r.id),
  request_id: String(r.request_id),
  body: String(r.body),
  visibility: r.visibility as MaintenanceComment["visibility"],
  author_kind: r.author_kind as MaintenanceComment["author_kind"],
  author_name: String(r.author_name),
  created_at: String(r.created_at),
});
