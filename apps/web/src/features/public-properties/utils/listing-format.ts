import type { PublicListingFacts } from "@keyholder/contracts/public-properties";

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const whole = new Intl.NumberFormat("en-US");

type Range = PublicListingFacts["rent"];

const span = (r: NonNullable<Range>, format: (n: number) => string) =>
  r.min === r.max ? format(r.min) : `${format(r.min)}–${format(r.max)}`;

/** "$1,200–$2,400/mo", or null when no available unit has a rent (none is on a floor plan). */
export const rentText = (r: Range) => (r ? `${span(r, (n) => dollars.format(n))}/mo` : null);

export const bedroomsOne = (n: number) => (n === 0 ? "Studio" : `${whole.format(n)} ${n === 1 ? "bed" : "beds"}`);

/** "Studio–2 beds", "1 bed", "2–3 beds". */
export function bedroomsText(r: Range) {
  if (!r) return null;
  if (r.min === r.max) return bedroomsOne(r.min);
  return `${r.min === 0 ? "Studio" : whole.format(r.min)}–${whole.format(r.max)} beds`;
}

export const squareFeetText = (r: Range) => (r ? `${span(r, (n) => whole.format(n))} sq ft` : null);

export const bathroomsText = (n: number) => `${whole.format(n)} ${n === 1 ? "bath" : "baths"}`;

/** A unit's own size, or "N/A". */
export const sizeText = (sqft: number | null) => (sqft === null ? "N/A" : `${whole.format(sqft)} sq ft`);

export const moneyText = (n: number) => dollars.format(n);

export const availableText = (n: number) =>
  n === 0 ? null : `${whole.format(n)} ${n === 1 ? "unit" : "units"} available`;

export const parkingText = (n: number | null) =>
  n === null ? null : n === 0 ? "No parking" : `${whole.format(n)} parking ${n === 1 ? "spot" : "spots"}`;

/** A civil day (YYYY-MM-DD) as people read it: "Jan 5, 2027". */
export const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    year: "numeric",
  });
