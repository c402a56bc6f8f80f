import { sql } from "drizzle-orm";
import { isScoped, type Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";

/**
 * Someone who works on some properties only works on the ones they add (decision 019): the new
 * property joins this transaction's list before `insert` writes it (the policies check it), and
 * their list once it exists.
 */
export async function insertInScope<T>(tx: Tx, actor: Actor, propertyId: string, insert: () => Promise<T>) {
  if (!isScoped(tx)) return insert();
  await tx.execute(sql`select set_config('app.property_ids',
    array_append(nullif(current_setting('app.property_ids', true), '')::uuid[], ${propertyId}::uuid)::text, true)`);
  const inserted = await insert();
  await tx.execute(sql`insert into user_properties (organization_id, user_id, property_id, created_by)
    values (${actor.orgId}, ${actor.userId}, ${propertyId}, ${actor.userId})`);
  return inserted;
}
