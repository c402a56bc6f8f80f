import { MAINTENANCE_PRIORITY_LABELS, type MaintenanceRow } from "@keyholder/contracts/maintenance";
import { formatVisit } from "@keyholder/contracts/maintenance-assignment";
import { formatCents } from "@keyholder/contracts/money";
import { VENDOR_LINK_TTL_DAYS } from "@keyholder/contracts/vendor-portal";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { maintenanceVendorLinks } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import type { MailMessage } from "../../lib/mail/mailer.ts";
import { newToken } from "../../lib/tokens.ts";
import { rowsOf } from "./request-sql.ts";

/** A vendor's new link: the token (never stored, only its hash), until when, and where to send it. */
export interface VendorLinkIssued {
  token: string;
  expiresAt: string;
  vendorName: string;
  /** The vendor's address, null when none is on file (the staff share the link themselves). */
  email: string | null;
  organizationName: string;
}

/** Where the vendor opens their link: the web page, not the API. */
export const vendorLinkUrl = (baseUrl: string, token: string) => `${baseUrl}/vendor/${encodeURIComponent(token)}`;

/** Closes a request's links still open: another assignee (or none) has the work now. */
export async function revokeVendorLinks(tx: Tx, requestId: string) {
  await tx.execute(
    sql`update maintenance_vendor_links set revoked_at = now()
      where request_id = ${requestId} and revoked_at is null and declined_at is null and completed_at is null`,
  );
}

/**
 * A new link for the vendor given a request's work order, valid VENDOR_LINK_TTL_DAYS; any other
 * open link is revoked. A resent link keeps the vendor's acceptance (`acceptedAt`).
 */
export async function issueVendorLink(
  tx: Tx,
  actor: Actor,
  requestId: string,
  vendorId: string,
  workOrderId: string | null,
  acceptedAt: string | null = null,
): Promise<VendorLinkIssued> {
  await revokeVendorLinks(tx, requestId);
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + VENDOR_LINK_TTL_DAYS * 86_400_000).toISOString();
  await tx.insert(maintenanceVendorLinks).values({
    organizationId: actor.orgId,
    requestId,
    vendorId,
    workOrderId,
    acceptedAt,
    tokenHash: hash,
    expiresAt,
    createdBy: actor.userId,
  });
  const [row] = await rowsOf<{ name: string; email: string | null; organization_name: string }>(
    tx,
    sql`select v.name, nullif(trim(v.email), '') as email, o.name as organization_name
      from vendors v join organizations o on o.id = v.organization_id where v.id = ${vendorId}`,
  );
  return {
    token,
    expiresAt,
    vendorName: row?.name ?? "Vendor",
    email: row?.email ?? null,
    organizationName: row?.organization_name ?? "Your client",
  };
}

/** The work order a link is for, as its email states it. */
export interface LinkOrder {
  label: string;
  instructions: string | null;
  not_to_exceed_cents: number | null;
}

/** The vendor's email: the work, where, when, how to get in, and their link (no account needed). */
export function vendorLinkMail(
  r: MaintenanceRow,
  link: VendorLinkIssued,
  baseUrl: string,
  order: LinkOrder | null = null,
): MailMessage | null {
  if (!link.email) return null;
  const instructions = order?.instructions && order.instructions !== r.title ? order.instructions : null;
  const visit = formatVisit(r.scheduled_start, r.scheduled_end);
  const text = [
    `Hello ${link.vendorName},`,
    "",
    `${link.organizationName} would like you to take maintenance request #${r.request_no} at ${[r.property_name, r.location_name].filter(Boolean).join(", ")}.`,
    "",
    r.title,
    ...(order ? [`Work order: ${order.label}`] : []),
    ...(instructions ? ["", instructions, ""] : []),
    `Priority: ${MAINTENANCE_PRIORITY_LABELS[r.priority]}, due ${r.due_on}`,
    ...(visit ? [`Booked: ${visit}`] : []),
    ...(order?.not_to_exceed_cents != null ? [`Not to exceed: ${formatCents(order.not_to_exceed_cents)}`] : []),
    "",
    "Open this link to see the details and photos, accept or decline, post updates, and mark the work done:",
    vendorLinkUrl(baseUrl, link.token),
    "",
    `No account is needed. The link is yours alone: do not forward it. It works until ${new Date(link.expiresAt).toUTCString()} (${VENDOR_LINK_TTL_DAYS} days).`,
  ].join("\n");
  return { to: link.email, subject: `Work request: ${r.title} (${r.property_name})`, text };
}

/** A vendor declined: to each manager of the property, with the reason and the request's link. */
export function vendorDeclinedMails(
  r: MaintenanceRow,
  vendorName: string,
  reason: string,
  to: readonly string[],
  requestLink: string,
): MailMessage[] {
  const text = [
    `${vendorName} declined maintenance request #${r.request_no} at ${[r.property_name, r.location_name].filter(Boolean).join(", ")}.`,
    "",
    r.title,
    `Their reason: ${reason}`,
    "",
    "The request is back in triage, unassigned. Open it in Keyholder to give it to someone else:",
    requestLink,
  ].join("\n");
  return to.map((address) => ({ to: address, subject: `Declined by ${vendorName}: ${r.title}`, text }));
}

/** What a vendor did through their link that the managers hear of besides a decline. */
export type VendorProgress = "accepted" | "completed";

/** A vendor accepted the work or marked it done: to each manager of the property, with the request's link. */
export function vendorProgressMails(
  r: MaintenanceRow,
  vendorName: string,
  progress: VendorProgress,
  note: string | null,
  to: readonly string[],
  requestLink: string,
): MailMessage[] {
  const place = [r.property_name, r.location_name].filter(Boolean).join(", ");
  const text = [
    progress === "accepted"
      ? `${vendorName} accepted maintenance request #${r.request_no} at ${place}.`
      : `${vendorName} marked maintenance request #${r.request_no} at ${place} as done. The request is now completed.`,
    "",
    r.title,
    ...(note ? [`Their note: ${note}`] : []),
    "",
    "Open it in Keyholder:",
    requestLink,
  ].join("\n");
  const subject =
    progress === "accepted" ? `Accepted by ${vendorName}: ${r.title}` : `Done by ${vendorName}: ${r.title}`;
  return to.map((address) => ({ to: address, subject, text }));
}
