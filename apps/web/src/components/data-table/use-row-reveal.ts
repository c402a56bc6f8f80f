import type { RowData } from "@tanstack/react-table";
import { useEffect, useState } from "react";
import type { DataGridState } from "./use-data-grid.ts";

/** How long a revealed row stays highlighted; the CSS fade (animate-row-highlight) lasts as long. */
export const HIGHLIGHT_MS = 2400;

/**
 * Carries out `grid.reveal(id)`: when the rows have settled (no fetch under way), scrolls to the row
 * and returns its id as highlighted for HIGHLIGHT_MS. A row that is not loaded (filtered out, or
 * beyond the loaded pages) is not revealed.
 */
export function useRowReveal<Row extends RowData>(grid: DataGridState<Row>, scrollTo: (index: number) => void) {
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const { revealId, reveal, rows, definition, query } = grid;
  const settled = !query.isFetching;
  useEffect(() => {
    if (revealId === null || !settled) return;
    reveal(null);
    const index = rows.findIndex((row) => definition.rowId(row) === revealId);
    if (index < 0) return;
    scrollTo(index);
    setHighlightId(revealId);
  }, [revealId, settled, rows, definition, reveal, scrollTo]);
  useEffect(() => {
    if (highlightId === null) return;
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);
  return highlightId;
}
