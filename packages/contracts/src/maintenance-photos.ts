import { z } from "zod";
import { maintenanceIdSchema } from "./maintenance.ts";

/**
 * A maintenance request's photos and short videos (issue 28, item 1; decision 034, "Comments and
 * photos"). Images are checked by their bytes and re-encoded (WebP, long side at most
 * MAX_REQUEST_PHOTO_SIDE, with a thumbnail); videos are checked by their bytes and kept as sent.
 * None is public: the bytes are read through the signed-in session and the request's scope.
 */
export const MAX_REQUEST_FILES = 20;
export const MAX_REQUEST_PHOTO_MB = 15;
export const MAX_REQUEST_VIDEO_MB = 50;
export const MAX_REQUEST_PHOTO_BYTES = MAX_REQUEST_PHOTO_MB * 1024 * 1024;
export const MAX_REQUEST_VIDEO_BYTES = MAX_REQUEST_VIDEO_MB * 1024 * 1024;
export const MAX_REQUEST_PHOTO_SIDE = 2560;
export const REQUEST_THUMBNAIL_SIDE = 480;
/** What the file picker offers; the server decides by the bytes, never by these names. */
export const ACCEPTED_REQUEST_FILE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "video/mp4",
  "video/webm",
  "video/quicktime",
] as const;
export const REQUEST_VIDEO_TYPES = ["video/mp4", "video/webm", "video/quicktime"] as const;

export const maintenancePhotoMessages = {
  fileRequired: "Choose a photo or video to upload",
  unsupported: "Please choose a photo (JPEG, PNG, GIF or WebP) or a short video (MP4, WebM or QuickTime).",
  photoTooLarge: `A photo can be at most ${MAX_REQUEST_PHOTO_MB} MB. Please choose a smaller one.`,
  videoTooLarge: `A video can be at most ${MAX_REQUEST_VIDEO_MB} MB. Please send a shorter one.`,
  tooMany: `A request can have at most ${MAX_REQUEST_FILES} photos and videos`,
  notFound: "Photo not found",
  uploadFailed: "The file could not be added",
  loadFailed: "Failed to load the photos.",
  none: "No photos yet.",
  shareFailed: "Failed to change who sees the photo",
} as const;

export const maintenancePhotoSchema = z.object({
  id: z.string(),
  request_id: maintenanceIdSchema,
  kind: z.enum(["image", "video"]),
  content_type: z.string(),
  byte_size: z.number().int(),
  /** An image's size after re-encoding; null for a video. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The bytes, through the session (never a public address). */
  url: z.string(),
  /** A small WebP of an image; null for a video. */
  thumbnail_url: z.string().nullable(),
  visible_to_resident: z.boolean(),
  visible_to_vendor: z.boolean(),
  uploaded_by_kind: z.enum(["staff", "resident", "vendor"]),
  uploaded_by_name: z.string(),
  created_at: z.string(),
});
export type MaintenancePhoto = z.infer<typeof maintenancePhotoSchema>;
export const maintenancePhotoListSchema = z.object({ photos: z.array(maintenancePhotoSchema) });

export const maintenancePhotoParamsSchema = z.object({
  id: maintenanceIdSchema,
  fileId: z.uuid("Not a photo id"),
});
export const maintenancePhotoBytesQuerySchema = z.object({ size: z.enum(["full", "thumb"]).default("full") });

/** PATCH /maintenance-requests/{id}/photos/{fileId}: who besides the staff sees it. */
export const maintenancePhotoSharingSchema = z
  .object({ visible_to_vendor: z.boolean().optional(), visible_to_resident: z.boolean().optional() })
  .refine((v) => v.visible_to_vendor !== undefined || v.visible_to_resident !== undefined, {
    message: "Say whom to share the photo with",
  });
export type MaintenancePhotoSharing = z.output<typeof maintenancePhotoSharingSchema>;
