import {
  PUBLIC_SEARCH_MAX_RESULTS,
  PUBLIC_SEARCH_RADIUS_MILES,
  type PublicPropertyListing,
  publicPropertyImageUrl,
} from "@keyholder/contracts/public-properties";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { boundingBox, milesSql, roundedMiles } from "../../lib/geo/distance.ts";
import { findZip, zipsWithin } from "../../lib/geo/zip-lookup.ts";
import { isPublic, publicColumns, publicFrom, rowsOf, toPublicProperty } from "./public-fields.ts";

/**
 * Public properties of every organization within the radius of a ZIP code's centre, nearest first
 * (one statement). An address without coordinates is placed at the centre of its own ZIP code when
 * we know it, so properties entered without geocoding are still found. An unknown ZIP code finds
 * nothing.
 */
export async function searchNearZip(tx: Tx, zipcode: string): Promise<PublicPropertyListing[]> {
  const origin = findZip(zipcode);
  if (!origin) return [];
  const box = boundingBox(origin, PUBLIC_SEARCH_RADIUS_MILES);
  const nearbyZips = zipsWithin(origin, PUBLIC_SEARCH_RADIUS_MILES);
  const centres = sql.join(
    nearbyZips.map((z) => sql`(${z.zipcode}::text, ${z.lat}::float8, ${z.lon}::float8)`),
    sql`, `,
  );
  const zips = sql.join(
    nearbyZips.map((z) => sql`${z.zipcode}`),
    sql`, `,
  );
  const lat = sql`coalesce(a.latitude, zc.lat)`;
  const lon = sql`coalesce(a.longitude, zc.lon)`;
  // Addresses in range are picked on their own columns first, so the filter runs in the scan of
  // addresses; only those are joined to properties (joining first measured 2.4 times slower).
  const result = await tx.execute(sql`
    with near as (
      select a.organization_id, a.id, ${milesSql(origin, lat, lon)} as miles
      from addresses a
      left join (values ${centres}) zc(zipcode, lat, lon) on a.latitude is null and zc.zipcode = a.zipcode
      where (a.latitude between ${box.minLat} and ${box.maxLat} and a.longitude between ${box.minLon} and ${box.maxLon})
         or (a.latitude is null and a.zipcode in (${zips}))
    )
    select ${publicColumns}, near.miles,
      (select pi.image_id from property_images pi
        where pi.organization_id = p.organization_id and pi.property_id = p.id
        order by pi.display_order, pi.image_id limit 1) as cover_image_id
    from ${publicFrom}
    join near on near.organization_id = a.organization_id and near.id = a.id
    where ${isPublic} and near.miles <= ${PUBLIC_SEARCH_RADIUS_MILES}
    order by near.miles, p.name, p.id
    limit ${PUBLIC_SEARCH_MAX_RESULTS}`);
  return rowsOf(result).map((r) => {
    const p = toPublicProperty(r);
    if (!p.address) throw new Error("a listed property always has an address");
    return {
      ...p,
      address: p.address,
      distance_miles: roundedMiles(Number(r.miles)),
      cover_image: r.cover_image_id == null ? null : { url: publicPropertyImageUrl(p.id, Number(r.cover_image_id)) },
    };
  });
}
