import { propertyMessages } from "@keyholder/contracts/properties";
import { badRequest } from "../../lib/http-error.ts";
import { violatesUnique } from "../../lib/violates.ts";

/**
 * Runs a write that sets a slug; another property taking the same address in the moment between
 * the check and the write is answered as the check would have answered it.
 */
export async function withUniqueSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (violatesUnique(err, "properties_slug_key")) {
      throw badRequest(propertyMessages.slugTaken, { property_slug: [propertyMessages.slugTaken] });
    }
    throw err;
  }
}
