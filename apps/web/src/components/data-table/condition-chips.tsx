import { type FilterCondition, isValuelessOperator, OPERATOR_LABELS } from "@keyholder/contracts/list-query";
import type { RowData } from "@tanstack/react-table";
import { focusRing } from "./grid-styles.ts";
import type { DataGridState } from "./use-data-grid.ts";

export function describeCondition(header: string, c: FilterCondition) {
  return `${header} ${OPERATOR_LABELS[c.op]}${isValuelessOperator(c.op) ? "" : ` ${c.value ?? ""}`}`;
}

/** The filter builder's conditions as removable chips above the grid; a click on one opens the builder. */
export function ConditionChips<Row extends RowData>({ grid }: { grid: DataGridState<Row> }) {
  const { conditions } = grid.settings;
  if (!conditions.length) return null;
  const header = (id: string) => grid.definition.columns.find((c) => c.id === id)?.header ?? id;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-1.5">
      {conditions.map((c, i) => {
        const text = describeCondition(header(c.column), c);
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the same condition may appear twice; position is its identity.
            key={i}
            className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-900 ring-1 ring-brand-200 dark:bg-slate-800 dark:text-brand-100 dark:ring-slate-700"
          >
            <button
              type="button"
              className="outline-none focus-visible:underline"
              onClick={() => grid.setDialog("filters")}
            >
              {text}
            </button>
            <button
              type="button"
              aria-label={`Remove filter ${text}`}
              onClick={() => grid.update("conditions", (prev) => prev.filter((_, j) => j !== i))}
              className={`rounded-full px-1 leading-none outline-none hover:bg-brand-100 dark:hover:bg-slate-700 ${focusRing}`}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
