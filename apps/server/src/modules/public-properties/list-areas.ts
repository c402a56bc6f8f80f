import { PUBLIC_AREAS_MAX, type PublicArea } from "@keyholder/contracts/public-properties";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isPublic, publicFrom, rowsOf } from "./public-fields.ts";

/** The ZIP codes with the most listed homes (every organization's), for visitors who do not know where to look. */
export async function listAreas(tx: Tx): Promise<PublicArea[]> {
  const result = await tx.execute(sql`
    select a.zipcode, min(a.city) as city, min(s.state_name) as state_name, count(*)::int as listings
    from ${publicFrom}
    where ${isPublic} and a.zipcode is not null
    group by a.zipcode
    order by listings desc, a.zipcode
    limit ${PUBLIC_AREAS_MAX}`);
  return rowsOf(result).map((r) => ({
    zipcode: String(r.zipcode),
    city: String(r.city),
    state: { state_name: String(r.state_name ?? "") },
    listings: Number(r.listings),
  }));
}
