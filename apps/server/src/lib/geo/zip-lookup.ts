import { milesBetween, type Point } from "./distance.ts";
import { zipCentres } from "./zip-centres.ts";

export interface KnownZip extends Point {
  zipcode: string;
  city: string;
  stateCode: string;
}

const known: readonly KnownZip[] = zipCentres.map(([zipcode, city, stateCode, lat, lon]) => ({
  zipcode,
  city,
  stateCode,
  lat,
  lon,
}));
const byZip = new Map(known.map((z) => [z.zipcode, z]));

/** The centre of a ZIP code we know, or undefined. */
export const findZip = (zipcode: string) => byZip.get(zipcode);

/** Known ZIP codes whose centre lies within `miles` of the point, nearest first. */
export function zipsWithin(point: Point, miles: number) {
  return known
    .map((z) => ({ ...z, miles: milesBetween(point, z) }))
    .filter((z) => z.miles <= miles)
    .sort((a, b) => a.miles - b.miles);
}

/** The known ZIP code whose centre is nearest the point, if one lies within `maxMiles`. */
export const nearestZip = (point: Point, maxMiles: number) => zipsWithin(point, maxMiles)[0];
