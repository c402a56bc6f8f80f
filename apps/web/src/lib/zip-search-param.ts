import { z } from "zod";

/*
 * The router JSON-parses search values: "?zipCode=78701" arrives as the number 78701, and a string
 * "78701" is written back quoted ("?zipCode=%2278701%22"); it also re-serializes the validated
 * value. So the ZIP code stays in the form its URL parses to (a number, or a string when a leading
 * zero stops JSON: "02108") and becomes a string only where it is read (`zipCodeOf`).
 */
export const zipCodeSearchSchema = z.union([z.string(), z.number()]);

/** The value to put in `search` so the URL reads ?zipCode=78701. */
export const toZipSearchValue = (zipcode: string): string | number =>
  /^[1-9]\d{0,14}$/.test(zipcode) ? Number(zipcode) : zipcode;

/** The ZIP code as the app uses it. */
export const zipCodeOf = (value: string | number | undefined) => (value === undefined ? undefined : String(value));
