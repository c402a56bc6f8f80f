import { propertyMessages } from "@keyholder/contracts/properties";
import { MAX_PROPERTY_PHOTOS, type PropertyPhoto, propertyPhotoMessages } from "@keyholder/contracts/property-photos";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { propertyImages } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import type { NormalizedImage } from "../../lib/images/normalize.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import { imageRef, storeImage } from "../images/store-image.ts";

/** Adds a normalized photo at the end of the property's gallery. */
export async function addPhoto(
  tx: Tx,
  storage: Storage,
  actor: Actor,
  propertyId: string,
  image: NormalizedImage,
): Promise<PropertyPhoto> {
  // The property row is locked, so two uploads at once number their photos one after the other.
  const { rows } = (await tx.execute(sql`
    select (select count(*)::int from property_images pi where pi.organization_id = p.organization_id and pi.property_id = p.id) as photos,
      (select coalesce(max(pi.display_order), -1)::int from property_images pi
        where pi.organization_id = p.organization_id and pi.property_id = p.id) as last
      from properties p where p.id = ${propertyId} for update of p`)) as unknown as {
    rows: { photos: number; last: number }[];
  };
  const found = rows[0];
  if (!found) throw notFound(propertyMessages.notFound);
  if (Number(found.photos) >= MAX_PROPERTY_PHOTOS) {
    throw badRequest(propertyPhotoMessages.tooMany, { photo: [propertyPhotoMessages.tooMany] });
  }
  const stored = await storeImage(tx, storage, { orgId: actor.orgId, userId: actor.userId, kind: "property", image });
  const displayOrder = Number(found.last) + 1;
  await tx.insert(propertyImages).values({
    organizationId: actor.orgId,
    propertyId,
    imageId: stored.id,
    displayOrder,
    createdBy: actor.userId,
    lastModifiedBy: actor.userId,
  });
  return { image_id: stored.publicId, display_order: displayOrder, image: imageRef(stored) };
}
