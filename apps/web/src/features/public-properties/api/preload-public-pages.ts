import { zipcodeSchema } from "@keyholder/contracts/public-properties";
import type { QueryClient } from "@tanstack/react-query";
import type { ListingFilters } from "../utils/listing-filters.ts";
import { areasQuery } from "./get-areas.ts";
import { propertiesNearQuery } from "./get-properties-near.ts";
import { propertyImagesQuery } from "./get-property-images.ts";
import { publicPropertyQuery } from "./get-public-property.ts";

/*
 * Route loaders of the public pages: they fetch what the page shows as the route starts. A server
 * render waits for them and sends the page whole; the browser does not wait (the page shows its own
 * loading state rather than the router's full-page spinner). They never fail: a page whose data did
 * not come shows its own error.
 */
const serverWaitsFor = (preload: Promise<unknown>) => (typeof document === "undefined" ? preload : undefined);

export const loadPropertyPage = (queryClient: QueryClient, slug: string) =>
  serverWaitsFor(preloadPropertyPage(queryClient, slug));

/** The apply form needs the listing only (prefetchQuery never throws). */
export const loadApplyPage = (queryClient: QueryClient, slug: string) =>
  serverWaitsFor(queryClient.prefetchQuery(publicPropertyQuery(slug)));

export const loadFindHomes = (queryClient: QueryClient, zipCode: string | undefined, filters: ListingFilters) =>
  serverWaitsFor(preloadFindHomes(queryClient, zipCode, filters));

async function preloadPropertyPage(queryClient: QueryClient, slug: string) {
  try {
    const property = await queryClient.ensureQueryData(publicPropertyQuery(slug));
    if (property) await queryClient.prefetchQuery(propertyImagesQuery(property.id));
  } catch {
    // the page says the property is missing or failed to load
  }
}

async function preloadFindHomes(queryClient: QueryClient, zipCode: string | undefined, filters: ListingFilters) {
  const zip = zipCode === undefined ? undefined : zipcodeSchema.safeParse(zipCode);
  if (!zip?.success) return queryClient.prefetchQuery(areasQuery());
  try {
    const { properties } = await queryClient.ensureQueryData(propertiesNearQuery(zip.data, filters));
    // Nothing near: the page suggests areas instead.
    if (properties.length === 0) await queryClient.prefetchQuery(areasQuery());
  } catch {
    // the results say the search failed, with Try again
  }
}
