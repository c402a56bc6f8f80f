import {
  RELATED_ITEMS_SEARCH_DEBOUNCE_MS,
  type RelatedItem,
  type RelatedItemSource,
} from "@keyholder/contracts/related-items";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "../../hooks/use-debounced-value.ts";
import { getRelatedItemsPage, relatedItemsKey } from "./get-related-items.ts";

/**
 * A related-item list as the dropdown reads it: the search term settles 100 ms after typing stops
 * (spec records 9), then its pages load one cursor at a time. Until the term settles and its first
 * page is in, there are no items, so the list never shows results of an older term.
 */
export function useRelatedItems(source: RelatedItemSource, searchTerm: string, enabled: boolean) {
  const settled = useDebouncedValue(searchTerm, RELATED_ITEMS_SEARCH_DEBOUNCE_MS);
  const settling = settled !== searchTerm;
  const query = useInfiniteQuery({
    queryKey: relatedItemsKey(source, settled),
    queryFn: ({ pageParam, signal }) => getRelatedItemsPage(source, { cursor: pageParam, searchTerm: settled }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Nothing is asked for a term the user is still typing past.
    enabled: enabled && !settling,
  });
  const items: RelatedItem[] = settling ? [] : (query.data?.pages.flatMap((p) => p.data) ?? []);
  return {
    items,
    /** The term's first page is on its way (or the term has not settled yet). */
    searching: enabled && (settling || query.isPending),
    loadingMore: query.isFetchingNextPage,
    failed: query.isError && !settling,
    hasNextPage: !settling && query.hasNextPage,
    loadMore: () => {
      if (!settling && query.hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
  };
}
