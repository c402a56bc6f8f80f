import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isPublic, publicFrom, rowsOf } from "../public-properties/public-fields.ts";

/** The protocol's limit of addresses per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Every listed property's page address and when it last changed, by slug (one page of the sitemap). */
export async function listSitemapProperties(tx: Tx, page: number) {
  const rows = rowsOf(
    await tx.execute(sql`select p.property_slug, to_char(p.last_modified_date at time zone 'UTC', 'YYYY-MM-DD') as day
      from ${publicFrom}
      where ${isPublic} and p.property_slug is not null
      order by p.property_slug
      limit ${SITEMAP_MAX_URLS} offset ${page * SITEMAP_MAX_URLS}`),
  );
  return rows.map((r) => ({ slug: String(r.property_slug), lastModified: String(r.day) }));
}

export async function countSitemapProperties(tx: Tx) {
  const [row] = rowsOf(
    await tx.execute(
      sql`select count(*)::int as n from ${publicFrom} where ${isPublic} and p.property_slug is not null`,
    ),
  );
  return Number(row?.n ?? 0);
}
