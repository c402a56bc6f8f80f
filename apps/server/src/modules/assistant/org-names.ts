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
const cache = new Map<string, { at: number; version: string; names: OrgNames }>();

const named = (name: string): Named => ({ name, words: normalize(name).split(" ").filter(Boolean) });
type Rows<T> = { rows: T[] };

/**
 * The names the parser resolves a question against: the properties the caller can see (the same
 * isolated transaction as every read, so a scoped user's list is their properties), the cities of
 * their addresses and the US states. Kept per organization and caller scope while its properties
 * stay as they were (their count and latest change, read through an index), and 30 seconds at most.
 */
export async function orgNames(tx: Tx, cacheKey: string): Promise<OrgNames> {
  const [stamp] = (
    (await tx.execute(
      sql`select count(*)::int || ':' || coalesce(max(last_modified_date)::text, '') as version from properties`,
    )) as unknown as Rows<{ version: string }>
  ).rows;
  const version = stamp?.version ?? "";
  const hit = cache.get(cacheKey);
  if (hit && hit.version === version && Date.now() - hit.at < TTL_MS) return hit.names;
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
  cache.set(cacheKey, { at: Date.now(), version, names });
  if (cache.size > 500) cache.delete(cache.keys().next().value ?? "");
  return names;
}
