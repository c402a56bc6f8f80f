import { z } from "zod";
import { imageIdSchema, imageRefSchema } from "./images.ts";

/** A property's gallery: its photos in the order the public page and search results show them; the first is the cover. */
export const MAX_PROPERTY_PHOTOS = 50;

export const propertyPhotoSchema = z.object({
  image_id: imageIdSchema,
  display_order: z.number().int(),
  image: imageRefSchema,
});
export type PropertyPhoto = z.infer<typeof propertyPhotoSchema>;
export const propertyPhotoListSchema = z.object({ photos: z.array(propertyPhotoSchema) });

export const propertyPhotoMessages = {
  tooMany: `A property can have at most ${MAX_PROPERTY_PHOTOS} photos`,
  order: "Give every photo of the property exactly once, in the order to show them",
  notFound: "Photo not found",
  uploadFailed: "The photo could not be added",
} as const;

/** PUT /properties/{id}/photos/order: every photo of the property, once, cover first. */
export const propertyPhotoOrderSchema = z.object({
  image_ids: z
    .array(z.uuid(propertyPhotoMessages.order), { error: propertyPhotoMessages.order })
    .max(MAX_PROPERTY_PHOTOS, propertyPhotoMessages.order)
    .refine((ids) => new Set(ids).size === ids.length, propertyPhotoMessages.order),
});

export const propertyPhotoParamsSchema = z.object({
  id: z.uuid("Not a property id"),
  imageId: imageIdSchema,
});
