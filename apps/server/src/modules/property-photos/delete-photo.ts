import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * Removes a photo from the property (and the image itself); answers its storage key, whose bytes
 * the caller deletes once the change is committed, or null when the property has no such photo.
 */
export async function deletePhoto(tx: Tx, propertyId: string, imageId: string): Promise<string | null> {
  const { rows } = (await tx.execute(sql`
    with gone as (
      delete from property_images pi using images i
       where pi.property_id = ${propertyId} and i.organization_id = pi.organization_id and i.id = pi.image_id
         and i.public_id = ${imageId}
      returning pi.organization_id, pi.image_id
    )
    delete from images i using gone
     where i.organization_id = gone.organization_id and i.id = gone.image_id
    returning i.storage_key`)) as unknown as { rows: { storage_key: string }[] };
  return rows[0]?.storage_key ?? null;
}
