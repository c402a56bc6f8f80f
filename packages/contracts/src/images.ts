import { z } from "zod";

export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/svg+xml", "image/webp"] as const;
export const MAX_IMAGE_MB = 5;
/** Profile picture and logo caching (spec section 9). */
export const IMAGE_QUERY_STALE_MINUTES = 1380;
export const IMAGE_QUERY_GC_MINUTES = 1440;
export const IMAGE_QUERY_RETRIES = 2;

/**
 * An image's name in the API and in its URLs: a random UUID, never a number one could count through
 * (the old numeric addresses are refused).
 */
export const imageIdSchema = z.uuid("Not an image id");

export const imageRefSchema = z.object({
  image_id: imageIdSchema,
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageRef = z.infer<typeof imageRefSchema>;

export const profilePictureSchema = imageRefSchema.extend({ user_id: z.number().int(), is_default: z.boolean() });
export const organizationLogoSchema = imageRefSchema.extend({ is_default: z.boolean() });
/** Users' ids are PostgreSQL integers: a larger number names no user and must not reach the database (500). */
export const userIdParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
export const imageIdParamsSchema = z.object({ id: imageIdSchema });

export const imageMessages = {
  addTitle: "Add Profile Picture",
  editTitle: "Edit Profile Picture",
  uploading: "Uploading...",
  notYours: "You can only change your own profile picture",
  adminsOnly: "Only organization administrators can change the logo",
  noPicture: "No profile picture yet",
  noLogo: "No logo yet",
  tooLarge: "The image is larger than 5 MB. Please choose a smaller one.",
  unsupported: "Please choose a JPEG, PNG, GIF, SVG or WebP image.",
  tooComplex:
    "This image takes too long to process. Please choose a simpler one (an SVG with fewer effects, or a PNG or JPEG).",
  busy: "Many images are being processed just now. Please try again in a moment.",
  incomplete: "The upload did not arrive whole. Please try again.",
  tooMany: "You have uploaded many images in a short time. Please wait a few minutes and try again.",
} as const;

/** The largest upload accepted, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
