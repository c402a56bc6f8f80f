import { PUBLIC_PROPERTIES_GC_MINUTES, PUBLIC_PROPERTIES_STALE_MINUTES } from "@keyholder/contracts/public-properties";

/** Spec section 9: properties by zip stay fresh 5 minutes and are kept 30; a property's page and images follow. */
export const publicQueryTimes = {
  staleTime: PUBLIC_PROPERTIES_STALE_MINUTES * 60_000,
  gcTime: PUBLIC_PROPERTIES_GC_MINUTES * 60_000,
};
