import { SEARCH_RESULT_LIMIT } from "@keyholder/contracts/property-search";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/** LIKE pattern for "contains text", with the user's own % and _ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Properties whose name or address contains the text, for the header search. Runs inside the
 * request's organization context, so row-level security keeps it to that organization; each branch
 * of the union is served by a trigram index.
 */
export async function searchProperties(tx: Tx, text: string) {
  const pattern = contains(text);
  const result = await tx.execute(sql`
    select p.id, p.name, p.property_slug, a.address_line_1, a.city, s.state_code, a.zipcode
    from properties p
    left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
    left join us_states s on s.id = a.state_id
    where p.id in (
      select id from properties where name ilike ${pattern}
      union
      select p2.id from addresses a2
      join properties p2 on p2.organization_id = a2.organization_id and p2.address_id = a2.id
      where (a2.address_line_1 || ' ' || a2.city || ' ' || a2.zipcode) ilike ${pattern}
    )
    order by p.name, p.id
    limit ${SEARCH_RESULT_LIMIT}`);
  return (result as unknown as { rows: Record<string, string | null>[] }).rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    property_slug: r.property_slug ?? null,
    address: r.address_line_1
      ? {
          address_line_1: String(r.address_line_1),
          city: String(r.city),
          state_code: String(r.state_code ?? "").trim(),
          zipcode: String(r.zipcode),
        }
      : null,
  }));
}
