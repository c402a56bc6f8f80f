import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isPublic, publicFrom, rowsOf } from "./public-fields.ts";

/** Where the bytes of one image of a public property are stored; undefined unless both exist and it is public. */
export async function findPublicPropertyImage(tx: Tx, propertyId: string, imageId: string) {
  const result = await tx.execute(sql`
    select i.storage_key, i.content_type
    from ${publicFrom}
    join property_images pi on pi.organization_id = p.organization_id and pi.property_id = p.id
    join images i on i.organization_id = pi.organization_id and i.id = pi.image_id
    where p.id = ${propertyId} and i.public_id = ${imageId} and ${isPublic}
    limit 1`);
  const row = rowsOf(result)[0];
  return row ? { storageKey: String(row.storage_key), contentType: String(row.content_type) } : undefined;
}
