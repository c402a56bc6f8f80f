import { NUMBER_FILTER_HINT, parseNumberFilter } from "@keyholder/contracts/number-filter";
import { mutedText } from "./grid-styles.ts";
import type { GridColumn } from "./types.ts";

/** A number column's quick filter text that states no filter (it matches nothing). */
export const unreadableNumberFilter = (column: { filterType?: string | undefined }, text: string | undefined) =>
  column.filterType === "number" && Boolean(text?.trim()) && parseNumberFilter(text ?? "") === undefined;

/**
 * What a number quick filter takes, on a line above the grid while the quick filters are shown (so
 * it never moves the grid as a filter takes focus), and, first, each applied text it cannot read:
 * a filter that matches nothing says why. The number filters' description.
 */
export function QuickFilterHint<Row>({
  id,
  columns,
  applied,
}: {
  id: string;
  columns: readonly GridColumn<Row>[];
  /** The quick filters sent (typing settled), column id to text. */
  applied: Readonly<Record<string, string>>;
}) {
  const unreadable = columns.flatMap((column) =>
    unreadableNumberFilter(column, applied[column.id])
      ? [`${column.header}: "${applied[column.id]}" is not a number.`]
      : [],
  );
  return (
    <p
      id={id}
      role="status"
      className={`border-b border-slate-200 px-3 py-1 text-xs dark:border-slate-800 ${mutedText}`}
    >
      {unreadable.length ? (
        <span className="font-medium text-red-700 dark:text-red-300">{unreadable.join(" ")} </span>
      ) : null}
      Number filters take {NUMBER_FILTER_HINT.charAt(0).toLowerCase()}
      {NUMBER_FILTER_HINT.slice(1)}.
    </p>
  );
}
