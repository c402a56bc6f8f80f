import {
  PUBLIC_BEDROOM_CHOICES,
  PUBLIC_LISTING_KINDS,
  PUBLIC_SEARCH_MAX_PAGE,
  PUBLIC_SEARCH_RADII,
  PUBLIC_SEARCH_RADIUS_MILES,
  PUBLIC_SORTS,
  type PublicBedroomChoice,
  type PublicListingKind,
  type PublicSearchRadius,
  type PublicSort,
} from "@keyholder/contracts/public-properties";
import { z } from "zod";

/**
 * The search of /properties as the URL holds it (shareable): every value optional, a value the app
 * does not know is dropped rather than refused, and the router's JSON reading ("2" arrives as the
 * number 2) is undone here.
 */
const loose = z.union([z.string(), z.number(), z.boolean()]).optional().catch(undefined);
export const listingSearchParamsSchema = z.object({
  bedrooms: loose,
  maxRent: loose,
  radius: loose,
  sort: loose,
  page: loose,
  kind: loose,
});
export type ListingSearchParams = z.infer<typeof listingSearchParamsSchema>;

export interface ListingFilters {
  bedrooms?: PublicBedroomChoice;
  maxRent?: number;
  radius: PublicSearchRadius;
  sort: PublicSort;
  page: number;
  kind: PublicListingKind;
}

const pick = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((v) => v === String(value));

export function listingFiltersOf(params: ListingSearchParams): ListingFilters {
  const maxRent = Number(params.maxRent);
  const page = Number(params.page);
  const radius = Number(params.radius);
  return {
    bedrooms: pick(PUBLIC_BEDROOM_CHOICES, params.bedrooms),
    maxRent: Number.isInteger(maxRent) && maxRent > 0 && maxRent <= 1_000_000 ? maxRent : undefined,
    radius: PUBLIC_SEARCH_RADII.find((r) => r === radius) ?? PUBLIC_SEARCH_RADIUS_MILES,
    sort: pick(PUBLIC_SORTS, params.sort) ?? "distance",
    page: Number.isInteger(page) && page >= 1 && page <= PUBLIC_SEARCH_MAX_PAGE ? page : 1,
    kind: pick(PUBLIC_LISTING_KINDS, params.kind) ?? "residential",
  };
}

/** The URL's values for the filters: defaults left out, so a plain search stays ?zipCode=NNNNN. */
export function listingSearchParamsOf(filters: ListingFilters): ListingSearchParams {
  return {
    // "1" and "2" go in as numbers: the router writes a numeric-looking string quoted (?bedrooms=%222%22).
    bedrooms: filters.bedrooms === "1" || filters.bedrooms === "2" ? Number(filters.bedrooms) : filters.bedrooms,
    maxRent: filters.maxRent,
    radius: filters.radius === PUBLIC_SEARCH_RADIUS_MILES ? undefined : filters.radius,
    sort: filters.sort === "distance" ? undefined : filters.sort,
    page: filters.page === 1 ? undefined : filters.page,
    kind: filters.kind === "residential" ? undefined : filters.kind,
  };
}

/** The API's query parameters for a search. */
export function listingQueryOf(zipcode: string, filters: ListingFilters): Record<string, string> {
  const query: Record<string, string> = { zipcode };
  if (filters.bedrooms) query.bedrooms = filters.bedrooms;
  if (filters.maxRent !== undefined) query.max_rent = String(filters.maxRent);
  if (filters.radius !== PUBLIC_SEARCH_RADIUS_MILES) query.radius = String(filters.radius);
  if (filters.sort !== "distance") query.sort = filters.sort;
  if (filters.page !== 1) query.page = String(filters.page);
  if (filters.kind !== "residential") query.kind = filters.kind;
  return query;
}
