import { useId } from "react";
import { Button } from "../ui/button.tsx";
import { FlipTableArt } from "./flip-table-art.tsx";
import { mutedText } from "./grid-styles.ts";
import type { EmptyTexts } from "./types.ts";

export const emptyMessages = { title: "No items found.", clearFilters: "Clear Filters" } as const;

/**
 * A grid without rows (spec records 2.1: 'No items found.' and the flip-table art) that leads
 * somewhere: with filters on it says nothing matches and offers to clear them; otherwise it says
 * what the table holds and offers its Add action.
 */
export function GridEmptyState({
  texts,
  filtered,
  onClearFilters,
  onAdd,
}: {
  texts: EmptyTexts;
  filtered: boolean;
  onClearFilters(): void;
  onAdd?(): void;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`flex max-w-md flex-col items-center gap-2 px-4 text-center text-sm ${mutedText}`}
    >
      <FlipTableArt />
      <p id={titleId} className="text-base font-medium text-slate-800 dark:text-slate-100">
        {filtered ? emptyMessages.title : (texts.title ?? emptyMessages.title)}
      </p>
      <p>{filtered ? texts.noMatch : texts.none}</p>
      {filtered ? (
        <Button variant="secondary" onPress={onClearFilters}>
          {emptyMessages.clearFilters}
        </Button>
      ) : onAdd ? (
        <Button onPress={onAdd}>{texts.add}</Button>
      ) : null}
    </section>
  );
}
