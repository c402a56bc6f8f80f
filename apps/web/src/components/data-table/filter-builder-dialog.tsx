import type { ColumnType } from "@keyholder/contracts/columns";
import {
  conditionProblem,
  FILTER_OPERATORS,
  type FilterCondition,
  type FilterOperator,
  isValuelessOperator,
  MAX_FILTER_CONDITIONS,
  OPERATOR_LABELS,
} from "@keyholder/contracts/list-query";
import type { RowData } from "@tanstack/react-table";
import { useEffect, useState } from "react";
import { Button } from "../ui/button.tsx";
import { DatePicker } from "../ui/date-picker.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { inputBoundary, mutedText } from "./grid-styles.ts";
import type { DataGridState } from "./use-data-grid.ts";

export const filterBuilderMessages = {
  title: "Filter",
  intro: "Show only the rows that match every condition.",
  add: "Add condition",
  apply: "Apply",
  clear: "Clear all",
  cancel: "Cancel",
  valueRequired: "Enter a value",
  none: "No conditions yet.",
} as const;

const fieldClass = `h-9 rounded-lg bg-white px-2 text-sm outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-700/30 dark:bg-slate-900 ${inputBoundary}`;

/**
 * The Filter action (the spec only alerted 'not implemented'): conditions of column, an operator
 * fitting the column's type, and a value, combined with AND and applied on the server.
 */
export function FilterBuilderDialog<Row extends RowData>({
  grid,
  isOpen,
  onClose,
}: {
  grid: DataGridState<Row>;
  isOpen: boolean;
  onClose(): void;
}) {
  const filterable = grid.definition.columns.filter((c) => c.filterType);
  const typeOf = (id: string) => filterable.find((c) => c.id === id)?.filterType ?? "text";
  const [draft, setDraft] = useState<FilterCondition[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const current = grid.settings.conditions;
  useEffect(() => {
    if (isOpen) {
      setDraft(current);
      setShowErrors(false);
    }
  }, [isOpen, current]);

  const change = (i: number, patch: Partial<FilterCondition>) =>
    setDraft((d) => d.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const columnTypes = Object.fromEntries(filterable.map((c) => [c.id, c.filterType])) as Record<string, ColumnType>;
  const problem = (c: FilterCondition) =>
    !isValuelessOperator(c.op) && !c.value?.trim()
      ? filterBuilderMessages.valueRequired
      : conditionProblem(columnTypes, c);
  const apply = () => {
    if (draft.some(problem)) {
      setShowErrors(true);
      return;
    }
    grid.update(
      "conditions",
      draft.map((c) => (isValuelessOperator(c.op) ? { column: c.column, op: c.op } : { ...c, value: c.value?.trim() })),
    );
    onClose();
  };
  const first = filterable[0];

  return (
    <Dialog
      id={`filters-${grid.instanceId}`}
      title={filterBuilderMessages.title}
      isOpen={isOpen}
      onClose={onClose}
      width="max-w-3xl"
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <p className="text-sm text-slate-600 dark:text-slate-300">{filterBuilderMessages.intro}</p>
        {draft.length === 0 ? <p className={`text-sm ${mutedText}`}>{filterBuilderMessages.none}</p> : null}
        <ol className="flex flex-col gap-2">
          {draft.map((c, i) => {
            const type = typeOf(c.column);
            const ops = FILTER_OPERATORS[type] as readonly FilterOperator[];
            const error = showErrors ? problem(c) : undefined;
            const invalid = Boolean(error);
            const n = i + 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; position is their identity.
              <li key={i} className="flex flex-wrap items-start gap-2">
                <span className={`w-10 pt-2 text-right text-xs font-semibold ${mutedText}`}>{i ? "AND" : "WHERE"}</span>
                <select
                  aria-label={`Column of condition ${n}`}
                  className={fieldClass}
                  value={c.column}
                  onChange={(e) => {
                    const nextType = typeOf(e.target.value);
                    const keepOp = (FILTER_OPERATORS[nextType] as readonly string[]).includes(c.op);
                    change(i, {
                      column: e.target.value,
                      op: keepOp ? c.op : (FILTER_OPERATORS[nextType][0] as FilterOperator),
                      value: nextType === type ? c.value : "",
                    });
                  }}
                >
                  {filterable.map((col) => (
                    <option key={col.id} value={col.id}>
                      {col.header}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={`Operator of condition ${n}`}
                  className={fieldClass}
                  value={c.op}
                  onChange={(e) => change(i, { op: e.target.value as FilterOperator })}
                >
                  {ops.map((op) => (
                    <option key={op} value={op}>
                      {OPERATOR_LABELS[op]}
                    </option>
                  ))}
                </select>
                {isValuelessOperator(c.op) ? null : type === "date" ? (
                  <span className="w-56">
                    <DatePicker
                      label={`Value of condition ${n}`}
                      isLabelHidden
                      value={c.value ?? ""}
                      onChange={(value) => change(i, { value })}
                      errors={error ? [error] : undefined}
                    />
                  </span>
                ) : (
                  <span className="flex flex-col gap-1">
                    <input
                      aria-label={`Value of condition ${n}`}
                      aria-invalid={invalid || undefined}
                      type={type === "number" ? "number" : "text"}
                      step="any"
                      className={`${fieldClass} w-48 ${invalid ? "border-red-500" : ""}`}
                      value={c.value ?? ""}
                      onChange={(e) => change(i, { value: e.target.value })}
                    />
                    {error ? <span className="text-xs text-red-700 dark:text-red-300">{error}</span> : null}
                  </span>
                )}
                <Button
                  variant="ghost"
                  aria-label={`Remove condition ${n}`}
                  className="px-2 py-1.5"
                  onPress={() => setDraft((d) => d.filter((_, j) => j !== i))}
                >
                  ×
                </Button>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex gap-2">
            <Button
              variant="secondary"
              isDisabled={!first || draft.length >= MAX_FILTER_CONDITIONS}
              onPress={() =>
                first &&
                setDraft((d) => [
                  ...d,
                  {
                    column: first.id,
                    op: FILTER_OPERATORS[first.filterType ?? "text"][0] as FilterOperator,
                    value: "",
                  },
                ])
              }
            >
              {filterBuilderMessages.add}
            </Button>
            <Button variant="ghost" isDisabled={!draft.length} onPress={() => setDraft([])}>
              {filterBuilderMessages.clear}
            </Button>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onPress={onClose}>
              {filterBuilderMessages.cancel}
            </Button>
            <Button type="submit">{filterBuilderMessages.apply}</Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
