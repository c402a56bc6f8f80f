import type { RowData } from "@tanstack/react-table";
import { useId, useState } from "react";
import { Button } from "../ui/button.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { mutedText } from "./grid-styles.ts";
import type { DataGridState } from "./use-data-grid.ts";

export const columnManagerMessages = {
  title: "Manage Columns",
  hideAll: "Hide All",
  showAll: "Show All",
  cancel: "Cancel",
  done: "Done",
  noneSelected: "Please select at least one column before closing",
  doneHint: "At least one column must be selected",
} as const;

const OTHER = "Other";

/**
 * Spec records 2.8 and 4: columns by category, visibility choices and Hide All. The choices are a
 * draft: Done applies them (and is disabled while no column is chosen), Cancel, Escape and the
 * close button discard them, so the grid never shows, or stores, a view without a data column.
 * Mounted only while open, so each opening starts from the grid's current view.
 */
export function ColumnManagerDialog<Row extends RowData>({
  grid,
  onClose,
}: {
  grid: DataGridState<Row>;
  onClose(): void;
}) {
  const { definition } = grid;
  const hintId = useId();
  const [draft, setDraft] = useState(grid.settings.visibility);
  const visible = (id: string) => draft[id] !== false;
  const noneVisible = definition.columns.every((c) => !visible(c.id));
  const categories = [...new Set(definition.columns.map((c) => c.category ?? OTHER))];
  const setAll = (on: boolean) => setDraft(Object.fromEntries(definition.columns.map((c) => [c.id, on])));
  const done = () => {
    if (noneVisible) return;
    grid.update("visibility", draft);
    onClose();
  };

  return (
    <Dialog
      id={`columns-${grid.instanceId}`}
      title={columnManagerMessages.title}
      isOpen
      onClose={onClose}
      width="max-w-none sm:w-3/4"
    >
      <div className="flex flex-col gap-4">
        <div className="flex gap-2">
          <Button variant="secondary" onPress={() => setAll(false)}>
            {columnManagerMessages.hideAll}
          </Button>
          <Button variant="secondary" onPress={() => setAll(true)}>
            {columnManagerMessages.showAll}
          </Button>
        </div>
        {noneVisible ? (
          <p role="alert" className="text-sm font-medium text-amber-800 dark:text-amber-300">
            {columnManagerMessages.noneSelected}
          </p>
        ) : null}
        <div className="grid max-h-[500px] gap-4 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <fieldset key={category} className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-100">{category}</legend>
              {definition.columns
                .filter((c) => (c.category ?? OTHER) === category)
                .map((c) => (
                  <Checkbox
                    key={c.id}
                    isSelected={visible(c.id)}
                    onChange={(on) => setDraft((prev) => ({ ...prev, [c.id]: on }))}
                  >
                    {c.header}
                  </Checkbox>
                ))}
            </fieldset>
          ))}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {noneVisible ? (
            <span id={hintId} className={`text-xs ${mutedText}`}>
              {columnManagerMessages.doneHint}
            </span>
          ) : null}
          <Button variant="secondary" onPress={onClose}>
            {columnManagerMessages.cancel}
          </Button>
          <Button isDisabled={noneVisible} aria-describedby={noneVisible ? hintId : undefined} onPress={done}>
            {columnManagerMessages.done}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
