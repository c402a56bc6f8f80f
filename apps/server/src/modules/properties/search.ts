import { SEARCH_RESULT_LIMIT } from "@keyholder/contracts/property-search";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { likePattern } from "../../lib/list-sql.ts";

/**
 * Properties whose name or address contains the text, for the header search. The matching ids come
 * from properties_matching (migration 0008), which keeps to the transaction's organization and can
 * use the trigram indexes that row-level security rules out for ILIKE; the rows are then read under
 * the policies like any other.
 */
export async function searchProperties(tx: Tx, text: string) {
  const result = await tx.execute(sql`
    select p.id, p.name, p.property_slug, a.address_line_1, a.city, s.state_code, a.zipcode
    from properties p
    left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
    left join us_states s on s.id = a.state_id
    where p.id in (select properties_matching(${likePattern("%", text, "%")}, ${SEARCH_RESULT_LIMIT}))
    order by p.name, p.id`);
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
