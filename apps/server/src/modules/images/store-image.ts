import { randomUUID } from "node:crypto";
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

export const imageUrl = (id: number) => `/api/v1/images/${id}`;
