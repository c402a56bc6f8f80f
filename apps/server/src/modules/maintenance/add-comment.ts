import type { MaintenanceComment, MaintenanceCommentForm } from "@keyholder/contracts/maintenance-comments";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { maintenanceRequestComments } from "../../db/schema/index.ts";
import { commentOf } from "./list-comments.ts";
import { authorColumns, type RequestAuthor, requireRequest } from "./request-author.ts";
import { rowsOf } from "./request-sql.ts";

/**
 * Adds a comment to a request with its visibility, the author's name copied as it is now. Comments
 * are append-only (UPDATE and DELETE are revoked): what was said to whom stays as it was said.
 */
export async function addComment(
  tx: Tx,
  author: RequestAuthor,
  requestId: string,
  form: MaintenanceCommentForm,
): Promise<MaintenanceComment> {
  await requireRequest(tx, requestId);
  const [inserted] = await tx
    .insert(maintenanceRequestComments)
    .values({
      organizationId: author.orgId,
      requestId,
      body: form.body,
      visibility: form.visibility,
      ...(await authorColumns(tx, author)),
    })
    .returning({ id: maintenanceRequestComments.id });
  const [row] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select c.id, c.request_id, c.body, c.visibility, c.author_kind, c.author_name,
        to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from maintenance_request_comments c where c.id = ${inserted?.id}`,
  );
  if (!row) throw new Error("comment insert returned nothing");
  return commentOf(row);
}
