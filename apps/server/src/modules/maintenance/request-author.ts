import { maintenanceMessages } from "@keyholder/contracts/maintenance";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { userName } from "../history/list-history.ts";
import { rowsOf } from "./request-sql.ts";

/** Who writes on a request: a staff user now; the resident portal and the vendor link will pass theirs. */
export type RequestAuthor =
  | { kind: "staff"; orgId: string; userId: number }
  | { kind: "resident"; orgId: string; tenantId: string; name: string }
  | { kind: "vendor"; orgId: string; vendorId: string; name: string };

/** The author columns of a comment or a file, the name copied as it is now. */
export async function authorColumns(tx: Tx, author: RequestAuthor) {
  if (author.kind !== "staff") {
    return {
      authorKind: author.kind,
      authorTenantId: author.kind === "resident" ? author.tenantId : null,
      authorVendorId: author.kind === "vendor" ? author.vendorId : null,
      authorName: author.name,
    };
  }
  const [row] = await rowsOf<{
    user_id: number;
    username: string | null;
    first_name: string | null;
    last_name: string | null;
    preferred_name: string | null;
  }>(
    tx,
    sql`select u.id as user_id, u.username, p.first_name, p.last_name, p.preferred_name
      from users u left join persons p on p.organization_id = u.organization_id and p.id = u.person_id
      where u.id = ${author.userId}`,
  );
  return {
    authorKind: "staff" as const,
    authorUserId: author.userId,
    authorName: row ? userName(row) : `User ${author.userId}`,
  };
}

/**
 * Locks the request (in the caller's organization and, for a scoped user, their properties) so
 * two uploads at once count each other's files; 404 when it is not one the caller sees.
 */
export async function lockRequest(tx: Tx, requestId: string) {
  const [row] = await rowsOf(tx, sql`select 1 from maintenance_requests where id = ${requestId} for update`);
  if (!row) throw notFound(maintenanceMessages.notFound);
}

/** 404 unless the caller sees the request. */
export async function requireRequest(tx: Tx, requestId: string) {
  const [row] = await rowsOf(tx, sql`select 1 from maintenance_requests where id = ${requestId}`);
  if (!row) throw notFound(maintenanceMessages.notFound);
}
