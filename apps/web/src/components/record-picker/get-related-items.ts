import {
  RELATED_ITEM_LISTS,
  type RelatedItemSource,
  type RelatedItemsPage,
  relatedItemsAnyPageSchema,
  relatedItemsCountPath,
  relatedItemsCountSchema,
  relatedItemsPath,
  relatedItemsScopeParam,
  type ScopedRelatedItemList,
} from "@keyholder/contracts/related-items";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";

/** Every cached related-item list and count starts with this key: invalidate it after a create or delete. */
export const RELATED_ITEMS_KEY = "related-items";

const scopeOf = (source: RelatedItemSource) => ("scopeId" in source ? source.scopeId : null);
const scopeQuery = (source: RelatedItemSource) =>
  "scopeId" in source ? { [relatedItemsScopeParam(source.list)]: source.scopeId } : {};

/** The cache key of a list (or, with more parts, of one search of it). */
export const relatedItemsKey = (source: RelatedItemSource, ...more: unknown[]) =>
  [RELATED_ITEMS_KEY, source.list, scopeOf(source), ...more] as const;

/** One page of a list: GET /api/v1/{entities}/get-id-name-by-{scope}-id (or properties/get-id-name). */
export const getRelatedItemsPage = (
  source: RelatedItemSource,
  page: { cursor?: string | undefined; searchTerm: string },
  signal?: AbortSignal,
): Promise<RelatedItemsPage> =>
  api(relatedItemsPath(source.list), {
    query: { ...scopeQuery(source), cursor: page.cursor, "search-term": page.searchTerm || undefined },
    schema: relatedItemsAnyPageSchema,
    signal,
  });

/** How many items a property or building has in a list (the property editor's tab counts). */
export const relatedItemsCountQuery = (source: Extract<RelatedItemSource, { list: ScopedRelatedItemList }>) =>
  queryOptions({
    queryKey: relatedItemsKey(source, "count"),
    queryFn: async ({ signal }) =>
      (
        await api(relatedItemsCountPath(source.list), {
          query: scopeQuery(source),
          schema: relatedItemsCountSchema,
          signal,
        })
      ).count,
  });

/** What one item of the list is called ("property", "floor plan"). */
export const relatedItemNoun = (source: RelatedItemSource) => RELATED_ITEM_LISTS[source.list].noun;
