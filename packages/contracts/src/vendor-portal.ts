import { z } from "zod";
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_NOTE_MAX,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
} from "./maintenance.ts";
import { MAINTENANCE_COMMENT_MAX, maintenanceCommentSchema } from "./maintenance-comments.ts";
import { textMessages } from "./text.ts";

/**
 * A vendor's link to a request they were given (issue 28 item 3, decision 034, "Vendors on
 * requests and their link"): no account, an unguessable token that expires. Through it the vendor
 * accepts or declines, reads what the manager shared, posts updates and photos, and marks the work
 * done. The web page is /vendor/{token}; the API /api/v1/vendor-portal/{token}.
 */
export const VENDOR_LINK_TTL_DAYS = 14;

export const vendorPortalMessages = {
  notFound: "This link is not valid. Ask the property manager for a new one.",
  expired: "This link has expired. Ask the property manager for a new one.",
  revoked: "This work is no longer assigned to you through this link.",
  replaced: "A newer link was sent for this work: open the one in the latest email.",
  declined: "You declined this work; the link is closed.",
  completed: "The work is marked done; this link now only shows it.",
  notAccepted: "Accept the work first",
  alreadyAccepted: "You already accepted this work",
  closed: "The request was closed by the property manager",
  reasonRequired: "Say why you decline, so the manager can find someone else",
  tooMany: "Too many attempts from here. Please wait a few minutes and try again.",
  accepted: "Thank you: the manager knows you accepted the work.",
  completedNow: "Marked done. Thank you!",
  declinedNow: "Declined. The manager has been told.",
  updatePosted: "Update sent",
} as const;

export const vendorTokenParamsSchema = z.object({ token: z.string().min(16).max(128) });
export const vendorPhotoParamsSchema = vendorTokenParamsSchema.extend({ fileId: z.uuid("Not a photo id") });

/** Where a link stands: open (to accept), accepted (working), completed (read-only). */
export const VENDOR_LINK_STATES = ["open", "accepted", "completed"] as const;
export type VendorLinkState = (typeof VENDOR_LINK_STATES)[number];

export const vendorPortalPhotoSchema = z.object({
  id: z.string(),
  kind: z.enum(["image", "video"]),
  content_type: z.string(),
  /** Through the link (never a public address). */
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  uploaded_by_name: z.string(),
  created_at: z.string(),
});

/** What the vendor reads: the work, where, how to get in, and what the manager shared with them. */
export const vendorPortalViewSchema = z.object({
  state: z.enum(VENDOR_LINK_STATES),
  expires_at: z.string(),
  vendor_name: z.string(),
  organization_name: z.string(),
  request: z.object({
    request_no: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(MAINTENANCE_STATUSES),
    priority: z.enum(MAINTENANCE_PRIORITIES),
    category: z.enum(MAINTENANCE_CATEGORIES),
    property_name: z.string(),
    address: z.string(),
    location_name: z.string().nullable(),
    due_on: z.string(),
    permission_to_enter: z.boolean(),
    pets_present: z.boolean(),
    entry_notes: z.string().nullable(),
    preferred_times: z.string().nullable(),
    scheduled_start: z.string().nullable(),
    scheduled_end: z.string().nullable(),
  }),
  /** The work order the link is for: what the vendor is to do and the most it may cost (null: an older link). */
  work_order: z
    .object({
      label: z.string(),
      instructions: z.string().nullable(),
      not_to_exceed_cents: z.number().int().nullable(),
    })
    .nullable()
    .default(null),
  comments: z.array(maintenanceCommentSchema.omit({ request_id: true, visibility: true })),
  photos: z.array(vendorPortalPhotoSchema),
});
export type VendorPortalView = z.infer<typeof vendorPortalViewSchema>;

const tooLong = textMessages.tooLong(MAINTENANCE_NOTE_MAX);

export const vendorDeclineSchema = z.object({
  reason: z
    .string({ error: vendorPortalMessages.reasonRequired })
    .trim()
    .min(1, vendorPortalMessages.reasonRequired)
    .max(MAINTENANCE_NOTE_MAX, tooLong),
});
export const vendorCompleteSchema = z.object({
  note: z
    .string({ error: tooLong })
    .trim()
    .max(MAINTENANCE_NOTE_MAX, tooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
});
/** POST /vendor-portal/{token}/comments: an update, shared with the staff and the vendor. */
export const vendorUpdateSchema = z.object({
  body: z
    .string({ error: "Write the update" })
    .trim()
    .min(1, "Write the update")
    .max(MAINTENANCE_COMMENT_MAX, `An update can be at most ${MAINTENANCE_COMMENT_MAX} characters`),
});
export type VendorDecline = z.output<typeof vendorDeclineSchema>;
export type VendorComplete = z.output<typeof vendorCompleteSchema>;
