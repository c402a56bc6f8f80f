import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { RELATED_ITEMS_KEY } from "../record-picker/get-related-items.ts";

/** A grid's list query: its key root is the table's key, which ends "-table-" ("building-table-"). */
const isRecordList = (key: readonly unknown[]) => typeof key[0] === "string" && key[0].endsWith("-table-");

/**
 * After a change to any record: every record list, not only the one changed (a zone's rename shows
 * in the buildings grid, a building put in a zone in the zones' figures), and the counts and lists
 * of related items (the property editor's tabs). Lists not shown refetch when they are shown again.
 */
export function useRefreshRecords() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ predicate: (q) => isRecordList(q.queryKey) }),
      queryClient.invalidateQueries({ queryKey: [RELATED_ITEMS_KEY] }),
    ]);
  }, [queryClient]);
}
