import { IMAGE_QUERY_GC_MINUTES, IMAGE_QUERY_RETRIES, IMAGE_QUERY_STALE_MINUTES } from "@keyholder/contracts/images";
import { ApiError } from "../../../lib/api-client.ts";

/** Spec section 9: fresh 1380 minutes, kept 1440, retried twice (a 404 means "none yet", not a failure). */
export const imageQueryDefaults = {
  staleTime: IMAGE_QUERY_STALE_MINUTES * 60_000,
  gcTime: IMAGE_QUERY_GC_MINUTES * 60_000,
  retry: (count: number, error: unknown) =>
    !(error instanceof ApiError && error.status === 404) && count < IMAGE_QUERY_RETRIES,
};

/** Turns "there is none" into null so the UI can show initials or the name instead. */
export async function orNullOn404<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
