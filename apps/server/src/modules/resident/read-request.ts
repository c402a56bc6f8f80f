import {
  isClosedStatus,
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_PRIORITY_LABELS,
  MAINTENANCE_STATUS_LABELS,
  type MaintenancePriority,
  type MaintenanceStatus,
  maintenanceMessages,
} from "@keyholder/contracts/maintenance";
import type { ResidentRequestDetail } from "@keyholder/contracts/resident";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { listComments } from "../maintenance/list-comments.ts";
import { listPhotos } from "../maintenance/list-photos.ts";
import { rowsOf } from "../maintenance/request-sql.ts";
import { readResidentRequest } from "./list-requests.ts";

/**
 * Runs `fn` as keyholder_app in the resident's transaction (same organization), then back as
 * keyholder_resident. Only after the request was read as the resident (so it is theirs): for the
 * writes (decision 036, "Writes") and the assignee's name, which lives in rows a resident may not read.
 */
export async function asApp<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('role', 'keyholder_app', true)`);
  try {
    return await fn();
  } finally {
    await tx.execute(sql`select set_config('role', 'keyholder_resident', true)`);
  }
}

/** The request as the resident sees it (their lease's, by the policies), or 404. */
export async function requireResidentRequest(tx: Tx, orgId: string, id: string) {
  const found = await readResidentRequest(tx, orgId, id);
  if (!found) throw notFound(maintenanceMessages.notFound);
  return found;
}

const photoUrl = (requestId: string, fileId: string, thumb = false) =>
  `/api/v1/resident/maintenance-requests/${requestId}/photos/${fileId}${thumb ? "?size=thumb" : ""}`;

const when = (local: string) => {
  const [date, time] = local.split("T");
  const [y, m, d] = (date ?? "").split("-").map(Number);
  const [hh, mm] = (time ?? "00:00").split(":").map(Number);
  const day = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
  const h = hh ?? 0;
  const clock = `${((h + 11) % 12) + 1}:${String(mm ?? 0).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
  return `${day}, ${clock}`;
};

/** The plain line of a status change as a resident reads it. */
function historyLabel(status: MaintenanceStatus, scheduled: string | null, latestScheduled: boolean) {
  switch (status) {
    case "new":
      return "Received";
    case "triaged":
      return "Reviewed";
    case "assigned":
      return "Assigned";
    case "scheduled":
      return latestScheduled && scheduled ? `Scheduled for ${when(scheduled)}` : "Scheduled";
    case "in_progress":
      return "Work started";
    case "on_hold":
      return "On hold";
    case "completed":
      return "Completed";
    case "canceled":
      return "Canceled";
  }
}

/**
 * One request of the resident's leases with what they follow it by. Runs as keyholder_resident:
 * another lease's request, comment or photo is no row (404); comments and photos go through the
 * maintenance module's `listComments` / `listPhotos` with the resident audience.
 */
export async function readResidentRequestDetail(
  tx: Tx,
  resident: { orgId: string; tenantId: string },
  id: string,
): Promise<ResidentRequestDetail> {
  const request = await requireResidentRequest(tx, resident.orgId, id);
  const [extra] = await rowsOf<{
    start: string | null;
    end: string | null;
    assigned_user_id: unknown;
    vendor_id: unknown;
  }>(
    tx,
    sql`select to_char(r.scheduled_start at time zone o.time_zone, 'YYYY-MM-DD"T"HH24:MI') as start,
        to_char(r.scheduled_end at time zone o.time_zone, 'YYYY-MM-DD"T"HH24:MI') as end,
        r.assigned_user_id, r.vendor_id
      from maintenance_requests r join organizations o on o.id = r.organization_id
      where r.id = ${id}`,
  );
  // Who comes: a first name (the preferred one when set) or the vendor's name, nothing else of them.
  let assignedTo: string | null = null;
  if (extra?.assigned_user_id != null || extra?.vendor_id != null) {
    assignedTo = await asApp(tx, async () => {
      const [who] = await rowsOf<{ name: string | null }>(
        tx,
        sql`select coalesce(v.name, nullif(p.preferred_name, ''), nullif(p.first_name, ''), 'A technician') as name
          from maintenance_requests r
          left join vendors v on v.organization_id = r.organization_id and v.id = r.vendor_id
          left join users u on u.organization_id = r.organization_id and u.id = r.assigned_user_id
          left join persons p on p.organization_id = u.organization_id and p.id = u.person_id
          where r.id = ${id}`,
      );
      return who?.name ?? null;
    });
  }
  const events = await rowsOf<{ to_status: MaintenanceStatus; at: string }>(
    tx,
    sql`select e.to_status, to_char(e.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from maintenance_request_events e where e.request_id = ${id} order by e.id`,
  );
  const lastScheduled = events.map((e) => e.to_status).lastIndexOf("scheduled");
  const comments = await listComments(tx, id, "resident");
  const photos = await listPhotos(tx, id, "resident");
  const description = request.description ?? "";
  const where = /^Where: (.+?)(?:\n\n|$)/s.exec(description);
  return {
    ...request,
    description: where ? description.slice(where[0].length).trim() || null : request.description,
    status_label: MAINTENANCE_STATUS_LABELS[request.status],
    priority_label: MAINTENANCE_PRIORITY_LABELS[request.priority as MaintenancePriority] ?? request.priority,
    category_label: MAINTENANCE_CATEGORY_LABELS[request.category],
    location: where?.[1] ?? null,
    scheduled_start: extra?.start ?? null,
    scheduled_end: extra?.end ?? null,
    assigned_to: assignedTo,
    comments: comments.map((c) => {
      return {
        id: c.id,
        body: c.body,
        author_kind: c.author_kind,
        author_name: c.author_name,
        mine: c.author_kind === "resident",
        created_at: c.created_at,
      };
    }),
    photos: photos.map((p) => ({
      id: p.id,
      kind: p.kind,
      content_type: p.content_type,
      url: photoUrl(id, p.id),
      thumbnail_url: p.kind === "image" ? photoUrl(id, p.id, true) : null,
      uploaded_by_name: p.uploaded_by_name,
      mine: p.uploaded_by_kind === "resident",
      created_at: p.created_at,
    })),
    history: events.map((e, i) => ({
      at: e.at,
      label: historyLabel(e.to_status, extra?.start ?? null, i === lastScheduled),
    })),
    can_reply: !isClosedStatus(request.status),
  };
}
