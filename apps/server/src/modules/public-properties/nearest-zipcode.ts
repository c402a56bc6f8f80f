import { NEAREST_ZIP_MAX_MILES, type NearestZip, publicPropertyMessages } from "@keyholder/contracts/public-properties";
import { roundedMiles } from "../../lib/geo/distance.ts";
import { nearestZip } from "../../lib/geo/zip-lookup.ts";
import { notFound } from "../../lib/http-error.ts";

/**
 * Our own reverse geocoding: the known ZIP code whose centre is nearest the visitor's coordinates.
 * The coordinates never leave the server (no third-party maps call, docs/decisions/007).
 */
export function nearestZipcode(lat: number, lon: number): NearestZip {
  const zip = nearestZip({ lat, lon }, NEAREST_ZIP_MAX_MILES);
  if (!zip) throw notFound(publicPropertyMessages.noZipForCoordinates);
  return {
    zipcode: zip.zipcode,
    city: zip.city,
    state_code: zip.stateCode,
    distance_miles: roundedMiles(zip.miles),
  };
}
