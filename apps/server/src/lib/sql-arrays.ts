import { sql } from "drizzle-orm";

/**
 * Lists as one array parameter of a statement (`= any(...)`), whatever their length: one bound
 * value, never a value per item. The ids come from contracts that checked their form (uuids,
 * integers), and the array cast checks them again.
 */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;
export const bigintArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(",")}}`}::bigint[]`;
