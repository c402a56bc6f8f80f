import {
  PUBLIC_SEARCH_RADII,
  type PublicBedroomChoice,
  type PublicSearchRadius,
  type PublicSort,
} from "@keyholder/contracts/public-properties";
import { usd } from "./answer-format.ts";
import { words } from "./fuzzy.ts";
import { bedroomsOf } from "./question-scope.ts";

/** The public search's filters a visitor's question gives: "2 bedroom under $1500 within 10 miles, cheapest first". */
export interface ListingFilters {
  bedrooms?: PublicBedroomChoice;
  max_rent?: number;
  radius?: PublicSearchRadius;
  sort?: PublicSort;
}

const AMOUNT = String.raw`\$?\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k\b)?`;
/** "under $1,500", "less than 1500", "up to 1.5k", "max 1500", "budget of $1500". */
const BELOW = new RegExp(
  String.raw`\b(?:under|below|beneath|less than|lower than|cheaper than|at most|up to|upto|no more than|not more than|max(?:imum)?(?: of)?|budget(?: of| is)?|within)\s*(?:a\s+)?${AMOUNT}`,
  "gi",
);
/** "$1500 or less", "$1,500 max". */
const OR_LESS = new RegExp(
  String.raw`${AMOUNT}\s*(?:a month\s*|per month\s*|\/\s*mo(?:nth)?\s*)?(?:or less|or under|or below|max\b|maximum)`,
  "gi",
);
/** What a number must not be followed by to be a rent: "under 3 miles", "up to 2 bedrooms". */
const NOT_RENT =
  /^\s*(?:miles?|mi\b|bed|beds|bedrooms?|br\b|bd\b|bath|baths|bathrooms?|sq|square|feet|ft|minutes?|mins?|km)/i;

function maxRentOf(text: string): number | undefined {
  for (const pattern of [BELOW, OR_LESS]) {
    for (const m of text.matchAll(pattern)) {
      if (!m[1] || NOT_RENT.test(text.slice(m.index + m[0].length))) continue;
      const amount = Number(m[1].replaceAll(",", "")) * (m[2] ? 1000 : 1);
      if (Number.isFinite(amount) && amount >= 1 && amount <= 1_000_000) return Math.round(amount);
    }
  }
  return undefined;
}

/** "within 10 miles": the smallest radius the search offers that covers it. */
function radiusOf(text: string): PublicSearchRadius | undefined {
  const m = /\b(?:within|in|under|less than)\s+(\d{1,3})\s*(?:miles?|mi)\b/i.exec(text);
  if (!m?.[1]) return undefined;
  const miles = Number(m[1]);
  return PUBLIC_SEARCH_RADII.find((r) => r >= miles) ?? PUBLIC_SEARCH_RADII[PUBLIC_SEARCH_RADII.length - 1];
}

export function listingFiltersIn(text: string): ListingFilters {
  const w = words(text);
  const rooms = bedroomsOf(w)?.bedrooms;
  const bedrooms: PublicBedroomChoice | undefined =
    rooms === undefined ? undefined : rooms === 0 ? "studio" : rooms >= 3 ? "3plus" : rooms === 1 ? "1" : "2";
  const max_rent = maxRentOf(text);
  const radius = radiusOf(text);
  const cheapest = /\b(cheapest|lowest rent|least expensive|most affordable)\b/i.test(text);
  return {
    ...(bedrooms ? { bedrooms } : {}),
    ...(max_rent !== undefined ? { max_rent } : {}),
    ...(radius !== undefined ? { radius } : {}),
    ...(cheapest ? { sort: "rent" as const } : {}),
  };
}

const BEDROOM_TEXT: Record<PublicBedroomChoice, string> = {
  studio: "studios",
  "1": "1 bedroom",
  "2": "2 bedrooms",
  "3plus": "3 or more bedrooms",
};

/** "with 2 bedrooms up to $1,500 a month"; "" without filters. */
export function filtersText(f: ListingFilters) {
  const parts = [
    ...(f.bedrooms ? [`with ${BEDROOM_TEXT[f.bedrooms]}`] : []),
    ...(f.max_rent !== undefined ? [`up to ${usd(f.max_rent)} a month`] : []),
  ];
  return parts.join(" ");
}

/** Whether a floor plan of a listing meets the filters. */
export function planMatches(f: ListingFilters, plan: { bedrooms: number; rent: number }) {
  const rooms =
    f.bedrooms === undefined
      ? true
      : f.bedrooms === "studio"
        ? plan.bedrooms === 0
        : f.bedrooms === "3plus"
          ? plan.bedrooms >= 3
          : plan.bedrooms === Number(f.bedrooms);
  return rooms && (f.max_rent === undefined || plan.rent <= f.max_rent);
}

/** The /properties page's search for a ZIP code with these filters (the names its URL uses). */
export const listingsTarget = (zipCode: string, f: ListingFilters) => ({
  to: "/properties" as const,
  search: {
    zipCode,
    ...(f.bedrooms ? { bedrooms: f.bedrooms } : {}),
    ...(f.max_rent !== undefined ? { maxRent: f.max_rent } : {}),
    ...(f.radius !== undefined ? { radius: f.radius } : {}),
    ...(f.sort ? { sort: f.sort } : {}),
  },
});
