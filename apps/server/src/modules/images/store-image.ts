import { randomUUID } from "node:crypto";
import { API_PREFIX } from "@keyholder/contracts/http";
import type { Tx } from "../../db/client.ts";
import { images } from "../../db/schema/index.ts";
import type { NormalizedImage } from "../../lib/images/normalize.ts";
import type { Storage } from "../../lib/storage/storage.ts";

export type ImageKind = "profile" | "logo" | "property";
export const MAX_SIDE: Record<ImageKind, number> = { profile: 512, logo: 800, property: 2048 };

/**
 * Stores a normalized image's bytes and records its row (in the caller's organization). The image
 * is normalized before the transaction (app.imageJobs), which holds no connection while it waits.
 */
export async function storeImage(
  tx: Tx,
  storage: Storage,
  o: { orgId: string; userId: number; kind: ImageKind; image: NormalizedImage },
) {
  const { image } = o;
  const key = `org/${o.orgId}/images/${randomUUID()}.webp`;
  await storage.put(key, image.data, image.contentType);
  const [row] = await tx
    .insert(images)
    .values({
      organizationId: o.orgId,
      kind: o.kind,
      storageKey: key,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      byteSize: image.data.length,
      createdBy: o.userId,
      lastModifiedBy: o.userId,
    })
    .returning();
  if (!row) throw new Error("image insert returned nothing");
  return row;
}

/** Where the workspace reads an image's bytes: by its random public id, never the counted one. */
export const imageUrl = (publicId: string) => `${API_PREFIX}/images/${publicId}`;

/** An image as the API names it (`image_id` is the public id). */
export const imageRef = (image: { publicId: string; width: number; height: number }) => ({
  image_id: image.publicId,
  url: imageUrl(image.publicId),
  width: image.width,
  height: image.height,
});
