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
    select distinct on (pi.image_id) p.id as property_id, pi.image_id, pi.display_order, i.width, i.height
    from ${publicFrom}
    left join (property_images pi
      join images i on i.organization_id = pi.organization_id and i.id = pi.image_id)
      on pi.organization_id = p.organization_id and pi.property_id = p.id
    where p.id = ${propertyId} and ${isPublic}
    order by pi.image_id, pi.display_order`);
  const rows = rowsOf(result);
  if (rows.length === 0) return undefined;
  return rows
    .filter((r) => r.image_id != null)
    .map((r) => ({
      image_id: Number(r.image_id),
      display_order: Number(r.display_order),
      image: {
        url: publicPropertyImageUrl(propertyId, Number(r.image_id)),
        width: Number(r.width),
        height: Number(r.height),
      },
    }))
    .sort((a, b) => a.display_order - b.display_order || a.image_id - b.image_id);
}
