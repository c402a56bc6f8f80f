import { type PublicPropertyImage, publicPropertyImageUrl } from "@keyholder/contracts/public-properties";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isPublic, publicFrom, rowsOf } from "./public-fields.ts";

/**
 * A public property's images by display_order, one entry per image (the spec de-duplicates by
 * image_id; `distinct on` keeps that true whatever the join yields). Undefined when the property is
 * unknown or not shown online, so the caller can tell "no such property" from "no images".
 */
export async function listPropertyImages(tx: Tx, propertyId: string): Promise<PublicPropertyImage[] | undefined> {
  const result = await tx.execute(sql`
    select * from (
      select distinct on (pi.image_id) pi.image_id, i.public_id, pi.display_order, i.width, i.height
      from ${publicFrom}
      left join (property_images pi
        join images i on i.organization_id = pi.organization_id and i.id = pi.image_id)
        on pi.organization_id = p.organization_id and pi.property_id = p.id
      where p.id = ${propertyId} and ${isPublic}
      order by pi.image_id, pi.display_order
    ) images
    order by display_order, image_id`);
  const rows = rowsOf(result);
  if (rows.length === 0) return undefined;
  return rows
    .filter((r) => r.public_id != null)
    .map((r) => ({
      image_id: String(r.public_id),
      display_order: Number(r.display_order),
      image: {
        url: publicPropertyImageUrl(propertyId, String(r.public_id)),
        width: Number(r.width),
        height: Number(r.height),
      },
    }));
}
