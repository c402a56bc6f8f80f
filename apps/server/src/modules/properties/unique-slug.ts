import { propertyMessages } from "@keyholder/contracts/properties";
import { badRequest } from "../../lib/http-error.ts";

/** Whether a failed statement broke a unique constraint (drizzle wraps the driver's error as `cause`). */
const violates = (err: unknown, constraint: string): boolean => {
  const e = err as { code?: string; constraint?: string; cause?: unknown } | null;
  if (!e || typeof e !== "object") return false;
  return (e.code === "23505" && e.constraint === constraint) || violates(e.cause, constraint);
};

/**
 * Runs a write that sets a slug; another property taking the same address in the moment between
 * the check and the write is answered as the check would have answered it.
 */
export async function withUniqueSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (violates(err, "properties_slug_key")) {
      throw badRequest(propertyMessages.slugTaken, { property_slug: [propertyMessages.slugTaken] });
    }
    throw err;
  }
}
