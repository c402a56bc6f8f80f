import type { PropertyPhoto } from "@keyholder/contracts/property-photos";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { imageRef } from "../images/store-image.ts";

/** The property's photos in gallery order (cover first); null when the caller's organization has no such property. */
export async function listPhotos(tx: Tx, propertyId: string): Promise<PropertyPhoto[] | null> {
  const { rows } = (await tx.execute(sql`
    select i.public_id, pi.display_order, i.width, i.height
      from properties p
      left join (property_images pi join images i on i.organization_id = pi.organization_id and i.id = pi.image_id)
        on pi.organization_id = p.organization_id and pi.property_id = p.id
     where p.id = ${propertyId}
     order by pi.display_order, pi.image_id`)) as unknown as { rows: Record<string, unknown>[] };
  if (rows.length === 0) return null;
  return rows
    .filter((r) => r.public_id !== null)
    .map((r) => {
      const image = imageRef({ publicId: String(r.public_id), width: Number(r.width), height: Number(r.height) });
      return { image_id: image.image_id, display_order: Number(r.display_order), image };
    });
}
