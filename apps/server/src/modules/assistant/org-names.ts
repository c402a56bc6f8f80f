import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { normalize } from "./fuzzy.ts";

interface Named {
  name: string;
  words: string[];
}
export interface OrgNames {
  properties: (Named & { id: string })[];
  cities: Named[];
  states: (Named & { code: string })[];
}

/** How long an organization's names are kept before they are read again. */
const TTL_MS = 30_000;
const cache = new Map<string, { at: number; names: OrgNames }>();

const named = (name: string): Named => ({ name, words: normalize(name).split(" ").filter(Boolean) });
type Rows<T> = { rows: T[] };

/**
 * The names the parser resolves a question against: the properties the caller can see (the same
 * isolated transaction as every read, so a scoped user's list is their properties), the cities of
 * their addresses and the US states. Kept per organization and caller scope for a short while, so a
 * renamed or new property is known within 30 seconds.
 */
export async function orgNames(tx: Tx, cacheKey: string): Promise<OrgNames> {
  const hit = cache.get(cacheKey);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.names;
  const properties = (await tx.execute(sql`select id, name from properties order by name, id`)) as unknown as Rows<{
    id: string;
    name: string;
  }>;
  const cities = (await tx.execute(
    sql`select distinct a.city from addresses a join properties p on p.organization_id = a.organization_id and p.address_id = a.id`,
  )) as unknown as Rows<{ city: string }>;
  const states = (await tx.execute(sql`select state_code, state_name from us_states`)) as unknown as Rows<{
    state_code: string;
    state_name: string;
  }>;
  const names: OrgNames = {
    properties: properties.rows.map((p) => ({ id: String(p.id), ...named(String(p.name)) })),
    cities: cities.rows.filter((c) => c.city).map((c) => named(String(c.city))),
    states: states.rows.map((s) => ({ code: String(s.state_code), ...named(String(s.state_name)) })),
  };
  cache.set(cacheKey, { at: Date.now(), names });
  if (cache.size > 500) cache.delete(cache.keys().next().value ?? "");
  return names;
}

/** Forget an organization's names (after its properties change). */
export const forgetOrgNames = (orgId: string) => {
  for (const key of cache.keys()) if (key.startsWith(orgId)) cache.delete(key);
};
