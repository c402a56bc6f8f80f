import type { PublicProperty } from "@keyholder/contracts/public-properties";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isPublic, publicColumns, publicFrom, rowsOf, toPublicProperty } from "./public-fields.ts";

/** The public fields of the property at /properties/{slug}; undefined when unknown or not shown online. */
export async function getPropertyBySlug(tx: Tx, slug: string): Promise<PublicProperty | undefined> {
  const result = await tx.execute(sql`
    select ${publicColumns} from ${publicFrom}
    where p.property_slug = ${slug} and ${isPublic}
    limit 1`);
  const row = rowsOf(result)[0];
  return row ? toPublicProperty(row) : undefined;
}
