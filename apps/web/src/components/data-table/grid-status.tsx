import type { RowData } from "@tanstack/react-table";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { GridEmptyState } from "./grid-empty-state.tsx";
import { mutedText } from "./grid-styles.ts";
import type { DataGridState } from "./use-data-grid.ts";

export const statusMessages = {
  loading: "Loading...",
  loadingMore: "Loading more rows...",
  loadError: "Error loading data. Please try again later.",
  tryAgain: "Try again",
} as const;

/** What stands in the grid's body while it has no rows: the spinner, a load failure, or the empty state. */
export function GridStatus<Row extends RowData>({ grid, onAdd }: { grid: DataGridState<Row>; onAdd?(): void }) {
  const { query, rows, definition } = grid;
  if (rows.length > 0) return null;
  const place = "absolute inset-x-0 top-24 flex flex-col items-center";
  // Placeholder rows are the previous view's; with none of them, the new view is still loading.
  if (query.isPending || query.isPlaceholderData)
    return (
      <div className={place}>
        <Spinner label={statusMessages.loading} />
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className={`${place} gap-3 text-sm`}>
        <p className="font-medium text-red-700 dark:text-red-300">{definition.loadError}</p>
        <p className={mutedText}>{statusMessages.loadError}</p>
        <Button variant="secondary" onPress={() => void query.refetch()}>
          {statusMessages.tryAgain}
        </Button>
      </div>
    );
  return (
    <div className={place}>
      <GridEmptyState
        texts={definition.empty}
        filtered={grid.filtered}
        onClearFilters={grid.clearFilters}
        onAdd={onAdd}
      />
    </div>
  );
}
