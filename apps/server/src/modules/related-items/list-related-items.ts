import {
  RELATED_ITEM_LISTS,
  RELATED_ITEM_SCOPES,
  type RelatedItem,
  type RelatedItemList,
  type RelatedItemScope,
  type RelatedItemsQuery,
} from "@keyholder/contracts/related-items";
import type { SQL } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { likePattern } from "../../lib/list-sql.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { RELATED_LIST_SQL, SCOPE_SQL } from "./lists.ts";

const rowsOf = async <T>(tx: Tx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * 404 unless the list's property or building is in the session's organization. Asked only when a
 * page or count comes back empty: an item found under row-level security proves its scope is there.
 */
export async function requireScope(tx: Tx, list: RelatedItemList, scopeId: string | number | null) {
  const scope = RELATED_ITEM_LISTS[list].scope as RelatedItemScope | null;
  if (!scope || scopeId === null) return;
  if ((await rowsOf(tx, SCOPE_SQL[scope](scopeId))).length === 0) throw notFound(RELATED_ITEM_SCOPES[scope].notFound);
}

/** One page of a list: up to page-size items after the cursor, matching the search term. */
export async function listRelatedItems(tx: Tx, list: RelatedItemList, q: RelatedItemsQuery) {
  const { itemId } = RELATED_ITEM_LISTS[list];
  const after = q.cursor ? decodeCursor(list, itemId, q.cursor) : null;
  const rows = await rowsOf<{ id: unknown; value: string }>(
    tx,
    RELATED_LIST_SQL[list].page({
      scopeId: q.scopeId,
      pattern: q.searchTerm ? likePattern("%", q.searchTerm, "%") : null,
      after,
      // One more than the page tells whether another page follows.
      limit: q.pageSize + 1,
    }),
  );
  if (rows.length === 0) await requireScope(tx, list, q.scopeId);
  const data: RelatedItem[] = rows
    .slice(0, q.pageSize)
    .map((r) => ({ id: itemId === "uuid" ? String(r.id) : Number(r.id), value: String(r.value) }));
  const hasNextPage = rows.length > q.pageSize;
  const last = data.at(-1);
  return { hasNextPage, nextCursor: hasNextPage && last ? encodeCursor(list, last) : null, data };
}
