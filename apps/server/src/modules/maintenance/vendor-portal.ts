import { errorCodes } from "@keyholder/contracts/errors";
import {
  isClosedStatus,
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  type MaintenanceStatus,
  maintenanceMessages,
} from "@keyholder/contracts/maintenance";
import { assignmentMessages } from "@keyholder/contracts/maintenance-assignment";
import {
  type VendorComplete,
  type VendorDecline,
  type VendorLinkState,
  type VendorPortalView,
  vendorPortalMessages,
} from "@keyholder/contracts/vendor-portal";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { maintenanceRequestEvents } from "../../db/schema/index.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { hashToken } from "../../lib/tokens.ts";
import { listComments } from "./list-comments.ts";
import { listPhotos } from "./list-photos.ts";
import { readWorkOrder } from "./read-work-orders.ts";
import type { RequestAuthor } from "./request-author.ts";
import { readRequest } from "./request-row.ts";
import { rowsOf } from "./request-sql.ts";
import { advanceWorkOrder, closeWorkOrder } from "./work-orders.ts";

/** A vendor's link as the portal finds it, locked for the action that follows. */
export interface VendorLink {
  id: string;
  orgId: string;
  requestId: string;
  vendorId: string;
  /** The work order the link is for (null: a link made before work orders). */
  workOrderId: string | null;
  vendorName: string;
  expiresAt: string;
  state: VendorLinkState;
  status: MaintenanceStatus;
}

const gone = (message: string) => new HttpError(410, "LINK_CLOSED", message);
const conflict = (message: string) => new HttpError(409, errorCodes.conflict, message);

/** The organization a token belongs to (run as the system: the caller has no session), or 404. */
export async function organizationOfToken(tx: Tx, token: string): Promise<string> {
  const [row] = await rowsOf<{ organization_id: string }>(
    tx,
    sql`select organization_id from maintenance_vendor_links where token_hash = ${hashToken(token)}`,
  );
  if (!row) throw notFound(vendorPortalMessages.notFound);
  return row.organization_id;
}

/**
 * The link of `token` in its organization's transaction, locked with its request: 410 saying why
 * when it was revoked (another assignee), declined, or has expired; a completed one still reads.
 */
export async function openLink(tx: Tx, token: string): Promise<VendorLink> {
  const [row] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select l.id, l.organization_id, l.request_id, l.vendor_id, l.work_order_id, v.name as vendor_name, r.status,
        to_char(l.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
        l.expires_at <= now() as expired, l.accepted_at is not null as accepted,
        l.declined_at is not null as declined, l.completed_at is not null as completed,
        l.revoked_at is not null or r.vendor_id is distinct from l.vendor_id as revoked,
        l.revoked_at is not null and r.vendor_id = l.vendor_id as replaced
      from maintenance_vendor_links l
      join maintenance_requests r on r.organization_id = l.organization_id and r.id = l.request_id
      join vendors v on v.organization_id = l.organization_id and v.id = l.vendor_id
      where l.token_hash = ${hashToken(token)}
      for update of l, r`,
  );
  if (!row) throw notFound(vendorPortalMessages.notFound);
  if (row.declined === true) throw gone(vendorPortalMessages.declined);
  const completed = row.completed === true;
  // Still the vendor's work, but a newer link was sent (resent, or given to them again).
  if (!completed && row.replaced === true) throw gone(vendorPortalMessages.replaced);
  if (!completed && row.revoked === true) throw gone(vendorPortalMessages.revoked);
  if (!completed && row.expired === true) throw gone(vendorPortalMessages.expired);
  return {
    id: String(row.id),
    orgId: String(row.organization_id),
    requestId: String(row.request_id),
    vendorId: String(row.vendor_id),
    workOrderId: row.work_order_id === null || row.work_order_id === undefined ? null : String(row.work_order_id),
    vendorName: String(row.vendor_name),
    expiresAt: String(row.expires_at),
    state: completed ? "completed" : row.accepted === true ? "accepted" : "open",
    status: row.status as MaintenanceStatus,
  };
}

/** The vendor as the author of what they post. */
export const vendorAuthor = (link: VendorLink): RequestAuthor => ({
  kind: "vendor",
  orgId: link.orgId,
  vendorId: link.vendorId,
  name: link.vendorName,
});

/** 409 unless the link may still act: not done, and the request not closed by the manager. */
export function requireWritable(link: VendorLink) {
  if (link.state === "completed") throw conflict(vendorPortalMessages.completed);
  if (isClosedStatus(link.status)) throw conflict(vendorPortalMessages.closed);
}

const photoUrl = (token: string, id: string, thumb = false) =>
  `/api/v1/vendor-portal/${encodeURIComponent(token)}/photos/${id}${thumb ? "?size=thumb" : ""}`;

/** What the vendor reads: the work and what was shared with them (vendor comments and photos only). */
export async function vendorView(tx: Tx, token: string, link: VendorLink): Promise<VendorPortalView> {
  const r = await readRequest(tx, link.requestId);
  if (!r) throw notFound(vendorPortalMessages.notFound);
  const [place] = await rowsOf<{ address: string | null; organization_name: string }>(
    tx,
    sql`select concat_ws(', ', a.address_line_1, nullif(a.address_line_2, ''), a.city,
          concat_ws(' ', s.state_code, a.zipcode)) as address, o.name as organization_name
      from maintenance_requests r
      join organizations o on o.id = r.organization_id
      left join properties p on p.organization_id = r.organization_id and p.id = r.property_id
      left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
      left join us_states s on s.id = a.state_id
      where r.id = ${link.requestId}`,
  );
  const order = link.workOrderId ? await readWorkOrder(tx, link.requestId, link.workOrderId) : null;
  const comments = await listComments(tx, link.requestId, "vendor");
  const photos = await listPhotos(tx, link.requestId, "vendor");
  return {
    state: link.state,
    expires_at: link.expiresAt,
    vendor_name: link.vendorName,
    organization_name: place?.organization_name ?? "",
    request: {
      request_no: r.request_no,
      title: r.title,
      description: r.description,
      status: r.status,
      priority: MAINTENANCE_PRIORITIES.includes(r.priority) ? r.priority : "normal",
      category: MAINTENANCE_CATEGORIES.includes(r.category) ? r.category : "other",
      property_name: r.property_name,
      address: place?.address ?? "",
      location_name: r.location_name,
      due_on: r.due_on,
      permission_to_enter: r.permission_to_enter,
      pets_present: r.pets_present,
      entry_notes: r.entry_notes,
      preferred_times: r.preferred_times,
      scheduled_start: r.scheduled_start,
      scheduled_end: r.scheduled_end,
    },
    work_order: order
      ? { label: order.label, instructions: order.instructions, not_to_exceed_cents: order.not_to_exceed_cents }
      : null,
    comments: comments.map(({ request_id: _r, visibility: _v, ...c }) => c),
    photos: photos.map((p) => ({
      id: p.id,
      kind: p.kind,
      content_type: p.content_type,
      url: photoUrl(token, p.id),
      thumbnail_url: p.kind === "image" ? photoUrl(token, p.id, true) : null,
      uploaded_by_name: p.uploaded_by_name,
      created_at: p.created_at,
    })),
  };
}

/** One history event of the vendor's, named as theirs (no user). */
async function vendorEvent(
  tx: Tx,
  link: VendorLink,
  from: MaintenanceStatus,
  to: MaintenanceStatus,
  note: string | null,
  assigned?: { from: string; to: string },
) {
  await tx.insert(maintenanceRequestEvents).values({
    organizationId: link.orgId,
    requestId: link.requestId,
    fromStatus: from,
    toStatus: to,
    note,
    assignedFrom: assigned?.from ?? null,
    assignedTo: assigned?.to ?? null,
    changedByVendorId: link.vendorId,
    changedByName: link.vendorName,
  });
}

/** The vendor takes the work: recorded on the link and in the request's history. */
export async function acceptWork(tx: Tx, link: VendorLink) {
  requireWritable(link);
  if (link.state === "accepted") throw conflict(vendorPortalMessages.alreadyAccepted);
  await tx.execute(sql`update maintenance_vendor_links set accepted_at = now() where id = ${link.id}`);
  await advanceWorkOrder(tx, link.requestId, "accepted");
  await vendorEvent(tx, link, link.status, link.status, "Accepted the work");
}

/**
 * The vendor declines: the request goes back to Triaged without an assignee or a booked time, the
 * link closes (its token is refused afterwards), and the history says who declined and why. Work
 * in progress goes through On Hold, so the history follows the transition table.
 */
export async function declineWork(tx: Tx, link: VendorLink, decline: VendorDecline) {
  requireWritable(link);
  let from = link.status;
  if (from === "in_progress") {
    await vendorEvent(tx, link, from, "on_hold", null);
    from = "on_hold";
  }
  await tx.execute(
    sql`update maintenance_vendor_links set declined_at = now(), decline_reason = ${decline.reason} where id = ${link.id}`,
  );
  await closeWorkOrder(tx, link.requestId, "declined", decline.reason);
  await tx.execute(
    sql`update maintenance_requests set vendor_id = null, scheduled_start = null, scheduled_end = null,
        status = 'triaged', last_modified_date = now() where id = ${link.requestId}`,
  );
  await vendorEvent(tx, link, from, "triaged", `Declined: ${decline.reason}`, {
    from: link.vendorName,
    to: assignmentMessages.unassigned,
  });
}

/**
 * The vendor marks the work done: Completed, through In Progress when the request had not started
 * (so its history follows the transition table), and the link reads only from then on.
 */
export async function completeWork(tx: Tx, link: VendorLink, done: VendorComplete) {
  requireWritable(link);
  if (link.state !== "accepted") throw conflict(vendorPortalMessages.notAccepted);
  if (link.status !== "in_progress") await vendorEvent(tx, link, link.status, "in_progress", null);
  await tx.execute(
    sql`update maintenance_requests set status = 'completed', completed_at = now(), last_modified_date = now()
      where id = ${link.requestId}`,
  );
  await tx.execute(sql`update maintenance_vendor_links set completed_at = now() where id = ${link.id}`);
  await closeWorkOrder(tx, link.requestId, "completed", null);
  await vendorEvent(tx, link, "in_progress", "completed", done.note ?? "Marked done by the vendor");
  const saved = await readRequest(tx, link.requestId);
  if (!saved) throw notFound(maintenanceMessages.notFound);
  return saved;
}
