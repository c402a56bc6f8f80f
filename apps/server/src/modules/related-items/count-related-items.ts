import type { ScopedRelatedItemList } from "@keyholder/contracts/related-items";
import type { Tx } from "../../db/client.ts";
import { requireScope } from "./list-related-items.ts";
import { RELATED_LIST_SQL } from "./lists.ts";

/** How many items a property or building has in a list (404 when it is not the organization's). */
export async function countRelatedItems(tx: Tx, list: ScopedRelatedItemList, scopeId: string | number) {
  const countSql = RELATED_LIST_SQL[list].count;
  if (!countSql) throw new Error(`${list} has no count`);
  const [row] = ((await tx.execute(countSql(scopeId))) as unknown as { rows: { count: number }[] }).rows;
  const count = Number(row?.count ?? 0);
  if (count === 0) await requireScope(tx, list, scopeId);
  return { count };
}
