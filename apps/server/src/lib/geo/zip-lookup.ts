import { boundingBox, milesBetween, type Point } from "./distance.ts";
import { allZips, type ZipEntry, zipInfo } from "./zip-directory.ts";

/*
 * The national ZIP directory (decision 016) under a grid of one-degree cells, built once: a radius
 * query reads the few cells its bounding box touches (about 40 entries per cell on average, a few
 * hundred in a city) instead of 41,000 entries, and never leaves the server (decision 007).
 */
const CELL_DEGREES = 1;
const cellKey = (latCell: number, lonCell: number) => `${latCell}:${lonCell}`;
const cells = new Map<string, ZipEntry[]>();
for (const zip of allZips()) {
  const key = cellKey(Math.floor(zip.lat / CELL_DEGREES), Math.floor(zip.lon / CELL_DEGREES));
  const cell = cells.get(key);
  if (cell) cell.push(zip);
  else cells.set(key, [zip]);
}

/** The centre of a US ZIP code, or undefined for one the directory does not know. */
export const findZip = (zipcode: string) => zipInfo(zipcode);

/** ZIP codes whose centre lies within `miles` of the point, nearest first (ties by code). */
export function zipsWithin(point: Point, miles: number) {
  const box = boundingBox(point, miles);
  const found: (ZipEntry & { miles: number })[] = [];
  // Longitudes are walked as they are: no US ZIP code lies near the antimeridian.
  for (let la = Math.floor(box.minLat / CELL_DEGREES); la <= Math.floor(box.maxLat / CELL_DEGREES); la++) {
    for (let lo = Math.floor(box.minLon / CELL_DEGREES); lo <= Math.floor(box.maxLon / CELL_DEGREES); lo++) {
      for (const zip of cells.get(cellKey(la, lo)) ?? []) {
        const d = milesBetween(point, zip);
        if (d <= miles) found.push({ ...zip, miles: d });
      }
    }
  }
  return found.sort((a, b) => a.miles - b.miles || a.zipcode.localeCompare(b.zipcode));
}

/** The ZIP code whose centre is nearest the point, if one lies within `maxMiles`. */
export const nearestZip = (point: Point, maxMiles: number) => zipsWithin(point, maxMiles)[0];
