import { propertyPhotoMessages } from "@keyholder/contracts/property-photos";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import { listPhotos } from "./list-photos.ts";

/** Puts the property's photos in the given order (cover first); the list must name each of them once. */
export async function orderPhotos(tx: Tx, propertyId: string, imageIds: string[]) {
  await tx.execute(sql`select 1 from properties where id = ${propertyId} for update`);
  const current = await listPhotos(tx, propertyId);
  if (!current) return null;
  const known = new Set(current.map((p) => p.image_id));
  if (imageIds.length !== known.size || imageIds.some((id) => !known.has(id))) {
    throw badRequest(propertyPhotoMessages.order, { image_ids: [propertyPhotoMessages.order] });
  }
  if (imageIds.length > 0) {
    await tx.execute(sql`
      update property_images pi set display_order = o.position - 1, last_modified_date = now()
        from unnest(${`{${imageIds.join(",")}}`}::uuid[]) with ordinality as o(public_id, position), images i
       where pi.property_id = ${propertyId} and i.organization_id = pi.organization_id and i.id = pi.image_id
         and i.public_id = o.public_id`);
  }
  return listPhotos(tx, propertyId);
}
