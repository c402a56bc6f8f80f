import { sql } from "drizzle-orm";

/** Mean radius of the Earth in statute miles (great-circle distances below). */
export const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.09;

export interface Point {
  lat: number;
  lon: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in miles. */
export function milesBetween(a: Point, b: Point): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as the API sends it: miles to 0.01 (the pages show one decimal). */
export const roundedMiles = (miles: number) => Math.round(miles * 100) / 100;

/**
 * A latitude/longitude box that contains every point within `miles` of the centre: a cheap,
 * index-friendly first filter before the exact distance. Near the poles the longitude span is the
 * whole circle.
 */
export function boundingBox(centre: Point, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  const cos = Math.cos(rad(centre.lat));
  const dLon = cos < 0.01 ? 180 : Math.min(180, miles / (MILES_PER_DEGREE_LATITUDE * cos));
  return {
    minLat: centre.lat - dLat,
    maxLat: centre.lat + dLat,
    minLon: centre.lon - dLon,
    maxLon: centre.lon + dLon,
  };
}

/** The same haversine distance as milesBetween, in SQL, from a fixed point to two numeric SQL expressions. */
export function milesSql(from: Point, lat: ReturnType<typeof sql>, lon: ReturnType<typeof sql>) {
  return sql`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${lat} - ${from.lat}::float8) / 2), 2)
    + cos(radians(${from.lat}::float8)) * cos(radians(${lat}))
      * power(sin(radians(${lon} - ${from.lon}::float8) / 2), 2)))))`;
}
