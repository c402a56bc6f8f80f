import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { organizations } from "../../db/schema/index.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An organization under review by its id or its number (the CLI accepts either), locked for the
 * decision. The platform's own organization is never found here.
 */
export async function findReviewableOrganization(tx: Tx, ref: string) {
  const trimmed = ref.trim();
  let match: ReturnType<typeof eq>;
  if (uuidPattern.test(trimmed)) match = eq(organizations.id, trimmed);
  else if (/^\d{1,9}$/.test(trimmed)) match = eq(organizations.number, Number(trimmed));
  else return null;
  const [row] = await tx
    .select()
    .from(organizations)
    .where(and(match, eq(organizations.isPlatform, false)))
    .for("update")
    .limit(1);
  return row ?? null;
}
