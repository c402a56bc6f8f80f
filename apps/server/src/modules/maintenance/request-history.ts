import type { HistoryEntry } from "@keyholder/contracts/history";
import { maintenanceMessages } from "@keyholder/contracts/maintenance";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { userName } from "../history/list-history.ts";
import { rowsOf } from "./request-sql.ts";

interface EventRow {
  id: string | number;
  from_status: string | null;
  to_status: string;
  note: string | null;
  assigned_from: string | null;
  assigned_to: string | null;
  changed_at: string;
  changed_by_name: string | null;
  changed_by_vendor_id: string | null;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
}

/**
 * A request's status history, newest first, in the shape every History dialog reads: each change
 * is an entry whose `status` went from one to the other, whose `assigned_to` says who has the work
 * when that changed, with its `note`; the first is the creation.
 */
export async function requestHistory(tx: Tx, id: string): Promise<{ history: HistoryEntry[] }> {
  const [request] = await rowsOf(tx, sql`select 1 from maintenance_requests where id = ${id}`);
  if (!request) throw notFound(maintenanceMessages.notFound);
  const rows = await rowsOf<EventRow>(
    tx,
    sql`select e.id, e.from_status, e.to_status, e.note, e.assigned_from, e.assigned_to, e.changed_by_name,
        e.changed_by_vendor_id,
        to_char(e.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as changed_at,
        u.id as user_id, u.username, p.first_name, p.last_name, p.preferred_name
      from maintenance_request_events e
      left join users u on u.organization_id = e.organization_id and u.id = e.changed_by
      left join persons p on p.organization_id = u.organization_id and p.id = u.person_id
      where e.request_id = ${id}
      order by e.id desc`,
  );
  return {
    history: rows.map((r) => ({
      id: Number(r.id),
      action: r.from_status === null ? "create" : "update",
      changed_at: r.changed_at,
      // A vendor acting through their link, or a resident through the portal, has no staff account:
      // their name as it was, marked as whose.
      changed_by:
        r.user_id !== null
          ? { id: Number(r.user_id), name: userName(r) }
          : r.changed_by_name
            ? { id: null, name: `${r.changed_by_name} (${r.changed_by_vendor_id ? "vendor" : "resident"})` }
            : null,
      changes: {
        // An assignment of work under way leaves the status as it was: only the assignee changed.
        ...(r.from_status !== r.to_status ? { status: { from: r.from_status, to: r.to_status } } : {}),
        ...(r.assigned_to !== null ? { assigned_to: { from: r.assigned_from, to: r.assigned_to } } : {}),
        ...(r.note ? { note: { from: null, to: r.note } } : {}),
      },
    })),
  };
}
