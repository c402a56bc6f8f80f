import { createRequire } from "node:module";

/** A US ZIP code as the national directory knows it. */
export interface ZipEntry {
  zipcode: string;
  city: string;
  stateCode: string;
  lat: number;
  lon: number;
}

interface RawCode {
  zip: string;
  latitude: number | null;
  longitude: number | null;
  city: string;
  state: string;
  country: string;
}

// The `zipcodes` package (BSD, about 42,000 US codes with city, state and centre; decision 016),
// read once. Its index also merges Canadian postal codes, which an address in a US state never has.
const { codes } = createRequire(import.meta.url)("zipcodes/lib/codes.js") as { codes: Record<string, RawCode> };
const directory = new Map<string, ZipEntry>();
for (const c of Object.values(codes)) {
  if (c.country !== "US" || c.latitude === null || c.longitude === null) continue;
  directory.set(c.zip, { zipcode: c.zip, city: c.city, stateCode: c.state, lat: c.latitude, lon: c.longitude });
}

/** The directory's entry for a 5-digit ZIP code (the first five digits of a ZIP+4), or undefined. */
export const zipInfo = (zipcode: string) => directory.get(zipcode.slice(0, 5));

/** Every US ZIP code of the directory with a centre. */
export const allZips = (): Iterable<ZipEntry> => directory.values();
