import { z } from "zod";
import { maintenanceIdSchema } from "./maintenance.ts";

/**
 * A maintenance request's comments (issue 28, item 4; decision 034, "Comments and photos"). Each
 * comment has one visibility, which is its one audience besides the staff: staff read every
 * comment; a resident reads the `resident` ones only, a vendor the `vendor` ones only. An internal
 * comment never reaches a resident or a vendor.
 */
export const COMMENT_VISIBILITIES = ["internal", "resident", "vendor"] as const;
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number];
export const COMMENT_VISIBILITY_LABELS: Record<CommentVisibility, string> = {
  internal: "Internal",
  resident: "Shared with Resident",
  vendor: "Shared with Vendor",
};
/** Who reads a request's comments: what `listComments` filters by on the server. */
export const COMMENT_AUDIENCES = ["staff", "resident", "vendor"] as const;
export type CommentAudience = (typeof COMMENT_AUDIENCES)[number];
export const COMMENT_AUTHOR_KINDS = ["staff", "resident", "vendor"] as const;
export type CommentAuthorKind = (typeof COMMENT_AUTHOR_KINDS)[number];

export const MAINTENANCE_COMMENT_MAX = 4000;

export const maintenanceCommentMessages = {
  bodyRequired: "Write the comment",
  bodyTooLong: `A comment can be at most ${MAINTENANCE_COMMENT_MAX} characters`,
  visibilityInvalid: "Choose who can see the comment",
  added: "Comment added",
  addFailed: "Failed to add the comment",
  loadFailed: "Failed to load the comments.",
  none: "No comments yet.",
} as const;

/** POST /maintenance-requests/{id}/comments. */
export const maintenanceCommentFormSchema = z.object({
  body: z
    .string({ error: maintenanceCommentMessages.bodyRequired })
    .trim()
    .min(1, maintenanceCommentMessages.bodyRequired)
    .max(MAINTENANCE_COMMENT_MAX, maintenanceCommentMessages.bodyTooLong),
  visibility: z.enum(COMMENT_VISIBILITIES, { error: maintenanceCommentMessages.visibilityInvalid }),
});
export type MaintenanceCommentForm = z.output<typeof maintenanceCommentFormSchema>;

export const maintenanceCommentSchema = z.object({
  id: z.string(),
  request_id: maintenanceIdSchema,
  body: z.string(),
  visibility: z.enum(COMMENT_VISIBILITIES),
  author_kind: z.enum(COMMENT_AUTHOR_KINDS),
  /** The name as it was when the comment was written. */
  author_name: z.string(),
  created_at: z.string(),
});
export type MaintenanceComment = z.infer<typeof maintenanceCommentSchema>;
/** Oldest first, as a conversation reads. */
export const maintenanceCommentListSchema = z.object({ comments: z.array(maintenanceCommentSchema) });
export const maintenanceCommentResponseSchema = z.object({ comment: maintenanceCommentSchema });
